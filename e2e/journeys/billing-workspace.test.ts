// Workspace billing in the browser against the Stripe stand-in (its Stripe.js serves the card and address fields):
// a free workspace sees a bad discount code refused and a declined card fail, then upgrades to Pay-As-You-Go with
// 4242 4242 4242 4242 and sees it as its Current Plan, and buys 2,500 credits that arrive exactly once. A second
// workspace subscribes with the 3-D Secure card and goes through Stripe's challenge.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { buy2500CreditsOnce, fillCard, freeWorkspaceBilling } from '../support/billing';

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

describe('workspace billing', () => {
  it('a free workspace opens Billing and sees the Free plan as its Current Plan', async () => {
    const { page } = session;
    await freeWorkspaceBilling(page, { ...owner, workspace: `Billing ${run}` });
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
    await fillCard(dialog(page), '4000 0000 0000 0002');
    await dialog(page).getByRole('button', { name: 'Subscribe' }).click();
    await dialog(page).getByText('Subscription Error: There was an error creating your subscription. Please try again.').waitFor({ timeout: 20_000 });
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.getByTestId('current-plan-name').innerText()).toBe('Free');
  });

  it('upgrades to Pay-As-You-Go with 4242 4242 4242 4242 and sees it as the Current Plan', async () => {
    const { page } = session;
    await openUpgrade(page);
    await fillCard(dialog(page), '4242 4242 4242 4242');
    await dialog(page).getByRole('button', { name: 'Subscribe' }).click();
    await dialog(page).getByText('You are now on Pay-As-You-Go.').waitFor({ timeout: 20_000 });
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Pay-As-You-Go');
    expect(await page.getByRole('region', { name: 'Pay-As-You-Go' }).getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
  });

  it('buys 2,500 credits with the saved card and they arrive once', async () => {
    await buy2500CreditsOnce(session.page);
  });
});

describe('3-D Secure', () => {
  it('subscribes with 4000 0027 6000 3184 through the authentication challenge', async () => {
    current = await openBrowser();
    const { page } = current;
    await freeWorkspaceBilling(page, { email: `billing-3ds-${run}@example.com`, password: owner.password, workspace: `Billing ${run}` });
    await openUpgrade(page);
    await fillCard(dialog(page), '4000 0027 6000 3184');
    await dialog(page).getByRole('button', { name: 'Subscribe' }).click();
    const challenge = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await challenge.getByRole('button', { name: 'Complete authentication' }).click({ timeout: 20_000 });
    await dialog(page).getByText('You are now on Pay-As-You-Go.').waitFor({ timeout: 20_000 });
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Pay-As-You-Go');
  });
});
