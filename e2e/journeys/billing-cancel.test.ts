// The account side of workspace billing, as an owner meets it against the Stripe stand-in: on Free, auto-recharge is
// refused and top-up is off; after upgrading to Pay-As-You-Go with 4242 4242 4242 4242 the owner saves auto-recharge
// (threshold, amount, "No Limit"), tops up the USD balance, sees the subscription's invoice with its hosted link,
// replaces the card, then cancels with a reason (the end-date banner replaces Next Billing) and reactivates.
// Its own fresh workspace: nothing is added to the demo workspace.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flipSwitch, openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { fillCard, freeWorkspaceBilling } from '../support/billing';

const run = Date.now().toString(36);
const owner = { email: `billing-cancel-${run}@example.com`, password: 'billing-pass-2026' };

let session: Session;

beforeAll(async () => {
  session = await openBrowser();
});
afterEach((ctx) => saveFailureScreenshot(session, ctx));
afterAll(async () => {
  await session?.close();
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('billing account: auto-recharge, top-up, invoices, card, cancel and reactivate', () => {
  it('on Free, auto-recharge is refused and the balance cannot be topped up', async () => {
    const { page } = session;
    await freeWorkspaceBilling(page, { ...owner, workspace: `Cancel ${run}` });

    const auto = region(page, 'Automatic Recharge');
    await auto.getByText('You are on the free plan. You cannot enable auto-recharge.').waitFor();
    expect(await auto.getByRole('switch', { name: 'Enable auto-recharge' }).isDisabled()).toBe(true);
    expect(await auto.getByRole('button', { name: 'Save auto-recharge' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Top up balance' }).isDisabled()).toBe(true);
    await region(page, 'Invoices').getByText('No invoices yet.').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
  });

  it('upgrades to Pay-As-You-Go and sees its invoice with number, date and hosted link', async () => {
    const { page } = session;
    await region(page, 'Pay-As-You-Go').getByRole('button', { name: 'Upgrade' }).click();
    await fillCard(page.getByRole('dialog', { name: 'Confirm Subscription' }), '4242 4242 4242 4242');
    const d = page.getByRole('dialog', { name: 'Confirm Subscription' });
    await d.getByRole('button', { name: 'Subscribe' }).click();
    await d.getByText('You are now on Pay-As-You-Go.').waitFor({ timeout: 20_000 });
    await d.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Pay-As-You-Go');
    await region(page, 'Current Plan').getByText(/^Next Billing: /).waitFor({ timeout: 20_000 });

    const invoices = region(page, 'Invoices');
    const link = invoices.getByRole('link', { name: /^View invoice / });
    await link.first().waitFor({ timeout: 20_000 });
    const rows = invoices.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(1);
    expect(await rows.count()).toBeLessThanOrEqual(4);
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    await rows.first().getByText(today).waitFor();
    const number = (await rows.first().locator('td').first().innerText()).trim();
    expect(number).not.toBe('');
    const href = await link.first().getAttribute('href');
    expect(href).toMatch(/^https?:\/\/.+\/invoices\/.+/);
    const hosted = await page.context().newPage();
    await hosted.goto(href!);
    await hosted.getByRole('heading', { name: `Invoice ${number}` }).waitFor();
    await hosted.close();
  });

  it('saves auto-recharge at 1,000 credits for $10 with no monthly limit, and keeps it after a reload', async () => {
    const { page } = session;
    const auto = region(page, 'Automatic Recharge');
    await flipSwitch(auto, 'Enable auto-recharge');
    // The sliders start at the defaults: 500 credits, $5, $100 a month.
    await auto.getByRole('slider', { name: 'Recharge when credits drop below' }).press('ArrowRight');
    await auto.getByRole('slider', { name: 'Recharge amount' }).press('ArrowRight');
    await auto.getByRole('slider', { name: 'Monthly charge limit' }).press('Home');
    await auto.getByLabel('Monthly charge limit value').getByText('No Limit').waitFor();
    await auto.getByRole('button', { name: 'Save auto-recharge' }).click();
    await auto.getByText('Auto-recharge settings updated successfully. Will charge $10 when credits drop below 1000.').waitFor({ timeout: 20_000 });

    await page.reload();
    const again = region(page, 'Automatic Recharge');
    await again.getByRole('switch', { name: 'Enable auto-recharge' }).waitFor({ timeout: 20_000 });
    expect(await again.getByRole('switch', { name: 'Enable auto-recharge' }).isChecked()).toBe(true);
    expect(await again.getByLabel('Recharge when credits drop below value').innerText()).toBe('1,000 credits');
    expect(await again.getByLabel('Recharge amount value').innerText()).toBe('$10');
    expect(await again.getByLabel('Monthly charge limit value').innerText()).toBe('No Limit');
  });

  it('tops up the balance: below 5 Confirm is disabled, $10 is charged and the balance shows it', async () => {
    const { page } = session;
    expect(await page.getByTestId('usd-balance').innerText()).toBe('USD balance: $0.00');
    await page.getByRole('button', { name: 'Top up balance' }).click();
    const d = page.getByRole('dialog', { name: 'Add to credit balance' });
    const amount = d.getByRole('textbox', { name: /^Amount/ });
    await amount.fill('4');
    expect(await d.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await amount.fill('10');
    await d.getByTestId('top-up-summary').getByText(/^Total: /).waitFor();
    await d.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Successfully topped up balance').first().waitFor({ timeout: 20_000 });
    await d.waitFor({ state: 'detached' });
    // A new workspace has no country yet: USD, no tax, so the balance rises by exactly 10.
    await expect.poll(() => page.getByTestId('usd-balance').innerText(), { timeout: 20_000 }).toBe('USD balance: $10.00');
  });

  it('replaces the saved card with a Mastercard', async () => {
    const { page } = session;
    const card = region(page, 'Payment Method');
    await expect.poll(() => card.getByTestId('saved-card').innerText(), { timeout: 20_000 }).toContain('•••• 4242');
    await card.getByRole('button', { name: 'Update payment method' }).click();
    await fillCard(page.getByRole('dialog', { name: 'Update payment method' }), '5555 5555 5555 4444');
    await page.getByRole('dialog', { name: 'Update payment method' }).getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Payment method updated successfully').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => card.getByTestId('saved-card').innerText(), { timeout: 20_000 }).toContain('mastercard •••• 4444');
  });

  it('cancels with a reason: the end-date banner replaces Next Billing, and Reactivate brings it back', async () => {
    const { page } = session;
    const plan = region(page, 'Current Plan');
    await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
    const d = page.getByRole('dialog', { name: 'Cancel Subscription' });
    const confirm = d.getByRole('button', { name: 'Confirm cancellation' });
    expect(await confirm.isDisabled()).toBe(true);
    await d.getByRole('radio', { name: 'Other' }).check();
    expect(await confirm.isDisabled()).toBe(true);
    await d.getByRole('textbox', { name: 'Please specify' }).fill('Moving the team to another tool');
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await d.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText('Subscription cancelled successfully').first().waitFor({ timeout: 20_000 });
    await plan.getByText(/^Your subscription will end on [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor({ timeout: 20_000 });
    expect(await plan.getByText(/^Next Billing/).count()).toBe(0);

    // Still cancelling after a reload (the state is the server's, not the page's).
    await page.reload();
    await plan.getByText(/^Your subscription will end on /).waitFor({ timeout: 20_000 });

    await plan.getByRole('button', { name: 'Reactivate Subscription' }).click();
    const r = page.getByRole('dialog', { name: 'Reactivate Subscription' });
    await r.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByText('Subscription reactivated successfully').first().waitFor({ timeout: 20_000 });
    await plan.getByText(/^Next Billing: /).waitFor({ timeout: 20_000 });
    expect(await plan.getByText(/^Your subscription will end on /).count()).toBe(0);
    await plan.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    expect(await page.getByTestId('current-plan-name').innerText()).toBe('Pay-As-You-Go');
  });
});
