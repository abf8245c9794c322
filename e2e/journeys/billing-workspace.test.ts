// Workspace billing in the browser against the Stripe stand-in (its Stripe.js serves the card and address fields):
// a free workspace sees a bad discount code refused and a declined card fail, then upgrades to Pay-As-You-Go with
// 4242 4242 4242 4242 and sees it as its Current Plan, and buys 2,500 credits that arrive exactly once. A second
// workspace subscribes with the 3-D Secure card and goes through Stripe's challenge.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { signUpAndVerify } from '../support/verify-email';

const run = Date.now().toString(36);
const owner = { email: `billing-${run}@example.com`, password: 'billing-pass-2026' };

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

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm Subscription' });

async function openUpgrade(page: Page) {
  await page.getByRole('region', { name: 'Pay-As-You-Go' }).getByRole('button', { name: 'Upgrade' }).click();
  await dialog(page).getByRole('textbox', { name: 'Card number' }).waitFor({ timeout: 20_000 });
}

async function fillCard(page: Page, number: string) {
  const d = dialog(page);
  await d.getByRole('textbox', { name: 'Full name' }).fill('Billie Owner');
  await d.getByRole('textbox', { name: 'Address line 1' }).fill('1 Market Street');
  await d.getByRole('textbox', { name: 'City' }).fill('San Francisco');
  await d.getByRole('textbox', { name: 'Postal code' }).fill('94105');
  await d.getByRole('textbox', { name: 'Country' }).fill('US');
  await d.getByRole('textbox', { name: 'Card number' }).fill(number);
  await d.getByRole('textbox', { name: 'Expiration date' }).fill('12 / 34');
  await d.getByRole('textbox', { name: 'CVC' }).fill('123');
  await d.getByRole('textbox', { name: 'ZIP' }).fill('94105');
}

async function availableCredits(page: Page): Promise<number> {
  const text = await page.getByTestId('credits-available').innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}

async function freeWorkspaceBilling(page: Page, email: string, password: string) {
  await signUpAndVerify(page, inject('appUrl'), inject('mailboxUrl')!, email, password);
  await page.getByRole('radio', { name: 'Europe (EU)' }).check();
  await page.getByRole('textbox', { name: 'Workspace name' }).fill(`Billing ${run}`);
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await page.waitForURL(/\/app\/eu\/agents$/);
  await page.goto(`${inject('appUrl')}/app/eu/account/billing`);
}

describe('workspace billing', () => {
  it('a free workspace opens Billing and sees the Free plan as its Current Plan', async () => {
    const { page } = session;
    await freeWorkspaceBilling(page, owner.email, owner.password);
    await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Free');
    expect(await page.getByRole('region', { name: 'Free', exact: true }).getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
  });

  it('refuses an empty and a bad discount code', async () => {
    const { page } = session;
    await openUpgrade(page);
    const d = dialog(page);
    await d.getByRole('button', { name: 'Apply' }).click();
    await d.getByText('Please enter a discount code').waitFor();
    await d.getByRole('textbox', { name: 'Discount code' }).fill(`NOPE${run}`.toUpperCase());
    await d.getByRole('button', { name: 'Apply' }).click();
    await d.getByText('Invalid discount code').waitFor();
    await d.getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('a declined card shows the subscription error and leaves the workspace on Free', async () => {
    const { page } = session;
    await openUpgrade(page);
    await fillCard(page, '4000 0000 0000 0002');
    await dialog(page).getByRole('button', { name: 'Subscribe' }).click();
    await dialog(page).getByText('Subscription Error: There was an error creating your subscription. Please try again.').waitFor({ timeout: 20_000 });
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.getByTestId('current-plan-name').innerText()).toBe('Free');
  });

  it('upgrades to Pay-As-You-Go with 4242 4242 4242 4242 and sees it as the Current Plan', async () => {
    const { page } = session;
    await openUpgrade(page);
    await fillCard(page, '4242 4242 4242 4242');
    await dialog(page).getByRole('button', { name: 'Subscribe' }).click();
    await dialog(page).getByText('You are now on Pay-As-You-Go.').waitFor({ timeout: 20_000 });
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Pay-As-You-Go');
    expect(await page.getByRole('region', { name: 'Pay-As-You-Go' }).getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
  });

  it('buys 2,500 credits with the saved card and they arrive once', async () => {
    const { page } = session;
    const before = await availableCredits(page);
    const credits = page.getByRole('region', { name: 'Purchase Credits' });
    await credits.getByRole('button', { name: '2.5K credits' }).click();
    await credits.getByText('2,500 credits for $').waitFor();
    await credits.getByRole('button', { name: 'Purchase credits' }).click();
    await credits.getByText('Credits purchased successfully').waitFor({ timeout: 20_000 });
    await expect.poll(() => availableCredits(page), { timeout: 20_000 }).toBe(before + 2500);
    // Stripe's payment_intent.succeeded webhook follows the call's own confirmation: still one effect.
    await new Promise((r) => setTimeout(r, 3000));
    await page.reload();
    await page.getByTestId('credits-available').waitFor({ timeout: 20_000 });
    expect(await availableCredits(page)).toBe(before + 2500);
  });
});

describe('3-D Secure', () => {
  it('subscribes with 4000 0027 6000 3184 through the authentication challenge', async () => {
    current = await openBrowser();
    const { page } = current;
    await freeWorkspaceBilling(page, `billing-3ds-${run}@example.com`, owner.password);
    await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Free');
    await openUpgrade(page);
    await fillCard(page, '4000 0027 6000 3184');
    await dialog(page).getByRole('button', { name: 'Subscribe' }).click();
    const challenge = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await challenge.getByRole('button', { name: 'Complete authentication' }).click({ timeout: 20_000 });
    await dialog(page).getByText('You are now on Pay-As-You-Go.').waitFor({ timeout: 20_000 });
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Pay-As-You-Go');
  });
});
