// Add-ons and credits in the browser against the Stripe stand-in (issue journey 2), on a fresh workspace of its own:
// a free workspace cannot change add-ons ("You need an active subscription to add addons"); it subscribes to
// Pay-As-You-Go with a client seat picked in the subscribe dialog (summary with its tax line before paying), then adds
// a workspace seat through Modify Your Plan (nothing changed → "No changes to save"; the confirmation's payment
// summary; effective next cycle), and buys 2,500 credits that arrive exactly once. A customer in Germany sees the
// catalogue in euros and the EU tax line before paying, and pays it.
import { DATABASE_IDS, paths } from '@parley/core';
import { STACK_PORTS } from '@parley/local/stack/ports';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { buy2500CreditsOnce, fillCard, freeWorkspaceBilling } from '../support/billing';

const run = Date.now().toString(36);
const owner = { email: `billing-addons-${run}@example.com`, password: 'billing-addons-2026' };

let session: Session;
let current: Session | undefined;

beforeAll(async () => {
  session = await openBrowser();
  current = session;
});
afterEach((ctx) => saveFailureScreenshot(current, ctx));
afterAll(async () => {
  await session?.close();
  if (current !== session) await current?.close();
});

const subscribeDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm Subscription' });
const modifyDialog = (page: Page) => page.getByRole('dialog', { name: 'Modify Your Plan' });
const addons = (page: Page) => page.getByRole('region', { name: 'Add-ons' });
const owned = (page: Page, key: string) => page.getByTestId(`addon-owned-${key}`).innerText();

/** Records the customer's country on the workspace, as the billing service reads it (internal.countryCode). */
async function setCountry(email: string, countryCode: string) {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${STACK_PORTS.firestore}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${STACK_PORTS.auth}`;
  const app = initializeApp({ projectId: 'demo-parley' }, `billing-addons-${run}`);
  try {
    const { uid } = await getAuth(app).getUserByEmail(email);
    await getFirestore(app, DATABASE_IDS.eu).doc(paths.user(uid)).set({ internal: { countryCode: countryCode } }, { merge: true });
  } finally {
    await deleteApp(app);
  }
}

async function openModify(page: Page) {
  await addons(page).getByRole('button', { name: 'Modify Plan' }).click();
  await modifyDialog(page).getByRole('button', { name: 'Increase Workspace Seat' }).waitFor({ timeout: 20_000 });
}

describe('add-ons and credits', () => {
  it('a fresh free workspace cannot change add-ons without a subscription', async () => {
    const { page } = session;
    await freeWorkspaceBilling(page, { ...owner, workspace: `Add-ons ${run}` });
    // New workspaces are on the new pricing: the starter/pro/agency table, here in dollars (a US customer).
    const pricing = page.getByRole('region', { name: 'Plan pricing' });
    await pricing.getByRole('row', { name: /Starter/ }).getByText('$25/month').waitFor();
    expect(await pricing.getByRole('row', { name: /Agency/ }).getByText('$1090/year').isVisible()).toBe(true);

    await openModify(page);
    const d = modifyDialog(page);
    await d.getByText('You need an active subscription to add addons').waitFor();
    expect(await d.getByRole('button', { name: 'Increase Workspace Seat' }).isDisabled()).toBe(true);
    await d.getByRole('button', { name: 'Cancel' }).click();
    await d.waitFor({ state: 'detached' });
  });

  it('subscribes to Pay-As-You-Go with a client seat, seeing the summary before paying', async () => {
    const { page } = session;
    await page.getByRole('region', { name: 'Pay-As-You-Go' }).getByRole('button', { name: 'Upgrade' }).click();
    const d = subscribeDialog(page);
    await d.getByRole('textbox', { name: 'Card number' }).waitFor({ timeout: 20_000 });
    await d.getByRole('button', { name: 'Increase Client Seat' }).click();
    const summary = d.getByRole('region', { name: 'Payment summary' });
    await summary.getByText('Client Seat × 1').waitFor();
    expect(await summary.getByText('No tax').isVisible()).toBe(true);
    expect(await summary.getByText('$25/month').isVisible()).toBe(true);
    await d.getByRole('button', { name: 'Apple Pay' }).click();
    await d.getByText('Apple Pay is not yet implemented').waitFor();

    await fillCard(subscribeDialog(page), '4242 4242 4242 4242');
    await d.getByRole('button', { name: 'Subscribe' }).click();
    await d.getByText('You are now on Pay-As-You-Go.').waitFor({ timeout: 20_000 });
    expect(await d.getByTestId('subscription-paid').innerText()).toBe('Paid $25');
    await d.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Pay-As-You-Go');
    await expect.poll(() => owned(page, 'client_seat'), { timeout: 20_000 }).toBe('1');
    expect(await owned(page, 'workspace-seat')).toBe('0');
  });

  it('adds a workspace seat through Modify Your Plan', async () => {
    const { page } = session;
    await openModify(page);
    const d = modifyDialog(page);
    expect(await d.getByLabel('Client Seat quantity').innerText()).toBe('1');
    await d.getByRole('button', { name: 'Save changes' }).click();
    await d.getByText('No changes to save').waitFor();

    await d.getByRole('button', { name: 'Increase Workspace Seat' }).click();
    await d.getByRole('button', { name: 'Save changes' }).click();
    await d.getByRole('list', { name: 'Add-on changes' }).getByText('Workspace Seat: 0 → 1').waitFor();
    const summary = d.getByRole('region', { name: 'Payment summary' });
    expect(await summary.getByText('Workspace Seat × 1').isVisible()).toBe(true);
    expect(await summary.getByText('$15/month').isVisible()).toBe(true);
    await d.getByRole('button', { name: 'Confirm changes' }).click();
    await d.getByText('Addons updated successfully').waitFor({ timeout: 20_000 });
    await d.getByText('Changes take effect in the next billing cycle.').waitFor();
    await d.getByRole('button', { name: 'Done' }).click();
    await d.waitFor({ state: 'detached' });
    await expect.poll(() => owned(page, 'workspace-seat'), { timeout: 20_000 }).toBe('1');
    expect(await owned(page, 'client_seat')).toBe('1');

    // The subscription itself says so: reopening reads the seat back from Stripe.
    await page.reload();
    await openModify(page);
    expect(await modifyDialog(page).getByLabel('Workspace Seat quantity').innerText()).toBe('1');
    await modifyDialog(page).getByRole('button', { name: 'Cancel' }).click();
  });

  it('buys 2,500 credits and they arrive once', async () => {
    await buy2500CreditsOnce(session.page);
  });
});

describe('a customer in Germany', () => {
  it('sees the catalogue in euros and the EU tax line before paying, then subscribes', async () => {
    current = await openBrowser();
    const { page } = current;
    const email = `billing-addons-de-${run}@example.com`;
    await freeWorkspaceBilling(page, { email, password: owner.password, workspace: `Add-ons ${run}` });
    await setCountry(email, 'DE');
    await page.reload();
    await expect.poll(() => page.getByTestId('plan-price-pay_as_you_go').innerText(), { timeout: 20_000 }).toBe('€22/month');
    expect(await page.getByRole('region', { name: 'Pay-As-You-Go' }).getByLabel('Original price').innerText()).toBe('€18');
    expect(await addons(page).getByRole('row', { name: /Workspace Seat/ }).getByText('€8.80/month').isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Plan pricing' }).getByRole('row', { name: /Starter/ }).getByText('€22/month').isVisible()).toBe(true);

    await page.getByRole('region', { name: 'Pay-As-You-Go' }).getByRole('button', { name: 'Upgrade' }).click();
    const d = subscribeDialog(page);
    await d.getByRole('textbox', { name: 'Card number' }).waitFor({ timeout: 20_000 });
    const summary = d.getByRole('region', { name: 'Payment summary' });
    expect(await summary.getByText('EU Tax (DE 27%)').isVisible()).toBe(true);
    expect(await summary.getByText('€5.94').isVisible()).toBe(true);
    expect(await summary.getByText('€27.94/month').isVisible()).toBe(true);
    await fillCard(subscribeDialog(page), '4242 4242 4242 4242', 'DE');
    await d.getByRole('button', { name: 'Subscribe' }).click();
    await d.getByText('You are now on Pay-As-You-Go.').waitFor({ timeout: 20_000 });
    // What Stripe charged is what the summary said.
    expect(await d.getByTestId('subscription-paid').innerText()).toBe('Paid €27.94 (EU Tax (DE 27%) €5.94)');
    await d.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Pay-As-You-Go');
  });
});
