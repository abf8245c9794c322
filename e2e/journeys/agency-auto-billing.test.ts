// The Auto Billing tab against the Stripe stand-in, as an agency owner meets it: plans wait for steps 1 and 2,
// Connect Stripe account goes through the stand-in's onboarding and comes back to the tab, which shows Account
// Connected once Stripe's account.updated arrived; USDPerToken refuses text and is saved; the default plans are
// priced at credits × the final credit price and saved on the connected account, where the tab reads them again.
// The new agency gets the whitelabel add-on as a custom plan (the tab needs it; buying it is billing's journey).
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { STACK_PORTS } from '../../local/stack/ports';
import { flipSwitch, openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { signUpAndVerify } from '../support/verify-email';

const run = Date.now().toString(36);
const OWNER = { email: `auto-billing-${run}@example.com`, password: 'Auto-billing-1' };
const GATE = 'Please complete steps 1 and 2 & click save billing settings before setting up subscription plans.';
const NEEDS_CONNECT = 'Enable Billing requires a connected payment account.';
const ORG = `Billed Org ${run}`;

let session: Session;
let admin: App;

beforeAll(async () => {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${STACK_PORTS.firestore}`;
  admin = initializeApp({ projectId: 'demo-parley' }, `auto-billing-journey-${run}`);
  session = await openBrowser();
});
afterEach((ctx) => saveFailureScreenshot(session, ctx));
afterAll(async () => {
  await session?.close();
  if (admin) await deleteApp(admin);
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
const value = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true }).inputValue();

/** The org's Org Info drawer on the Clients page. */
async function openOrgInfo(page: Page) {
  await page.goto(`${inject('appUrl')}/app/na/clients`);
  await page.getByRole('region', { name: ORG }).getByRole('button', { name: 'Org Info' }).click({ timeout: 60_000 });
  return page.getByRole('dialog', { name: 'Org Info' });
}

describe('agency Auto Billing', () => {
  it('a new agency with the whitelabel add-on opens Auto Billing: the plans wait for steps 1 and 2', async () => {
    const appUrl = inject('appUrl');
    const { page } = session;
    await signUpAndVerify(page, appUrl, inject('mailboxUrl')!, OWNER.email, OWNER.password);
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.waitForURL(/\/app\/na\/agents$/);
    const users = await getFirestore(admin).collection('users').where('email', '==', OWNER.email).get();
    await users.docs[0]!.ref.set({ internal: { customPlan: { features: ['whitelabel-new'] } } }, { merge: true });

    await page.goto(`${appUrl}/app/na/agency?tab=auto-billing`);
    await page.getByRole('button', { name: 'Initialize agency settings' }).click({ timeout: 90_000 });
    await toast(page, 'Agency settings initialized');
    await page.getByRole('tab', { name: 'Auto Billing', exact: true }).click();
    await page.getByText(GATE).waitFor();
    expect(await page.getByRole('button', { name: 'Save plans' }).count()).toBe(0);
  }, 240_000);

  it('an org cannot have billing before the agency’s Stripe account is connected', async () => {
    const { page } = session;
    await page.goto(`${inject('appUrl')}/app/na/clients`);
    await page.getByRole('button', { name: 'New Organization' }).click({ timeout: 30_000 });
    const drawer = page.getByRole('dialog', { name: 'New Organization' });
    await drawer.getByRole('textbox', { name: /^Organization name/ }).fill(ORG);
    await drawer.getByRole('button', { name: 'Create organization' }).click();
    // The clients callables' first call may start their functions in the emulator (a cold start).
    await page.getByText('Organization updated successfully!', { exact: true }).first().waitFor({ timeout: 60_000 });
    const info = await openOrgInfo(page);
    await info.getByText(NEEDS_CONNECT, { exact: true }).first().waitFor();
    const toggle = await flipSwitch(info, 'Enable Billing');
    // The refusal's own sentence, and only that.
    await info.getByRole('alert').getByText(NEEDS_CONNECT, { exact: true }).waitFor();
    expect(await toggle.isChecked()).toBe(false);
  }, 120_000);

  it('connects Stripe through the stand-in’s onboarding and comes back to Account Connected', async () => {
    const { page } = session;
    await page.goto(`${inject('appUrl')}/app/na/agency?tab=auto-billing`);
    // The stand-in's onboarding page finishes at once and sends the browser back (a full load of the app).
    const onboarding = page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes('/connect/onboard/acct_'), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Connect Stripe account' }).click();
    await onboarding;
    await page.waitForURL(/\/app\/na\/agency\?tab=auto-billing$/, { timeout: 30_000 });
    await page.getByText('Account Connected', { exact: true }).waitFor({ timeout: 30_000 });
    // Connected, but the billing settings were never saved: still gated.
    await page.getByText(GATE).waitFor();
  }, 120_000);

  it('refuses a USDPerToken that is not a number and saves 0.004', async () => {
    const { page } = session;
    const input = page.getByRole('textbox', { name: 'USDPerToken' });
    expect(await input.inputValue()).toBe('0.003');
    await input.fill('abc');
    await page.getByText('Please enter a valid number', { exact: true }).waitFor();
    await input.fill('0.004');
    await page.getByRole('button', { name: 'Save billing settings' }).click();
    await toast(page, 'Billing settings saved');
  }, 60_000);

  it('prices the default plans at credits × $0.005, saves them on the connected account and reads them back', async () => {
    const { page } = session;
    await page.getByRole('textbox', { name: 'Plan 1 name' }).waitFor({ timeout: 20_000 });
    expect(await value(page, 'Plan 1 name')).toBe('Basic');
    expect(await value(page, 'Plan 2 name')).toBe('Premium');
    expect(await value(page, 'Plan 1 price (USD per month)')).toBe('$25.00');
    expect(await value(page, 'Plan 2 price (USD per month)')).toBe('$75.00');
    expect(await page.getByRole('checkbox', { name: 'Plan 2 popular' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Plan 1 feature 1' }).fill('Email support');
    await page.getByRole('button', { name: 'Save plans' }).click();
    await toast(page, 'Plans saved successfully');

    await page.reload();
    await page.getByRole('textbox', { name: 'Plan 1 feature 1' }).waitFor({ timeout: 30_000 });
    expect(await value(page, 'Plan 1 feature 1')).toBe('Email support');
    expect(await value(page, 'Plan 2 price (USD per month)')).toBe('$75.00');
    await page.getByText('Account Connected', { exact: true }).waitFor();
  }, 120_000);

  it('with the account connected, the org’s billing turns on', async () => {
    const { page } = session;
    const info = await openOrgInfo(page);
    const toggle = await flipSwitch(info, 'Enable Billing');
    await toast(page, 'Organization updated successfully!');
    expect(await toggle.isChecked()).toBe(true);
    const orgs = await getFirestore(admin).collection('orgs').where('name', '==', ORG).get();
    expect(orgs.docs[0]!.get('allowBilling')).toBe(true);
  }, 120_000);
});
