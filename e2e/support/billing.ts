// What the billing journeys do alike against the Stripe stand-in: a fresh EU workspace on its Billing page, the card
// and address form of a payment dialog, the credits the page shows, and a purchase of credits that must arrive once.
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { signUpAndVerify } from './verify-email';

/** Signs up and verifies a new account, creates its workspace in the EU, and opens Billing on the Free plan. */
export async function freeWorkspaceBilling(page: Page, account: { email: string; password: string; workspace: string }): Promise<void> {
  await signUpAndVerify(page, inject('appUrl'), inject('mailboxUrl')!, account.email, account.password);
  await page.getByRole('radio', { name: 'Europe (EU)' }).check();
  await page.getByRole('textbox', { name: 'Workspace name' }).fill(account.workspace);
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await page.waitForURL(/\/app\/eu\/agents$/);
  await page.goto(`${inject('appUrl')}/app/eu/account/billing`);
  await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Free');
}

const ADDRESSES: Record<string, { city: string; postal: string }> = {
  US: { city: 'San Francisco', postal: '94105' },
  DE: { city: 'Berlin', postal: '10115' },
};

/**
 * Fills the Stripe.js stand-in's card and address fields inside `dialog`. The address's Country decides the
 * currency of a workspace that never paid.
 */
export async function fillCard(dialog: Locator, number: string, country = 'US'): Promise<void> {
  const address = ADDRESSES[country] ?? ADDRESSES.US!;
  await dialog.getByRole('textbox', { name: 'Card number' }).waitFor({ timeout: 20_000 });
  await dialog.getByRole('textbox', { name: 'Full name' }).fill('Casey Owner');
  await dialog.getByRole('textbox', { name: 'Address line 1' }).fill('1 Market Street');
  await dialog.getByRole('textbox', { name: 'City' }).fill(address.city);
  await dialog.getByRole('textbox', { name: 'Postal code' }).fill(address.postal);
  await dialog.getByRole('textbox', { name: 'Country' }).fill(country);
  await dialog.getByRole('textbox', { name: 'Card number' }).fill(number);
  await dialog.getByRole('textbox', { name: 'Expiration date' }).fill('12 / 34');
  await dialog.getByRole('textbox', { name: 'CVC' }).fill('123');
  await dialog.getByRole('textbox', { name: 'ZIP' }).fill(address.postal);
}

/** The workspace's credits as the Billing page shows them. */
export async function availableCredits(page: Page): Promise<number> {
  const text = await page.getByTestId('credits-available').innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}

/** Buys 2,500 credits with the saved card; they arrive, and Stripe's later webhook does not add them again. */
export async function buy2500CreditsOnce(page: Page): Promise<void> {
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
}
