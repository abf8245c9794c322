// The new pricing in the browser against the Stripe stand-in, each on a fresh workspace of its own: a workspace
// subscribes to Pro yearly from the Plan pricing table with 4242 4242 4242 4242 and sees Pro, billed yearly, with its
// limits as its Current Plan. A second one picks Germany as the Country of its billing address and sees euros and
// the EU tax line before paying, is charged exactly that, and its prices stay in euros afterwards.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { fillCard, freeWorkspaceBilling } from '../support/billing';

const run = Date.now().toString(36);
const password = 'billing-pricing-2026';

let session: Session | undefined;
beforeAll(async () => {
  session = await openBrowser();
});
afterEach((ctx) => saveFailureScreenshot(session, ctx));
afterAll(async () => {
  await session?.close();
});

const subscribeDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm Subscription' });
const pricing = (page: Page) => page.getByRole('region', { name: 'Plan pricing' });

async function openSubscribe(page: Page, name: string) {
  await pricing(page).getByRole('button', { name }).click();
  await subscribeDialog(page).getByRole('textbox', { name: 'Card number' }).waitFor({ timeout: 20_000 });
}

describe('new pricing', () => {
  it('subscribes to Pro yearly and sees Pro, billed yearly, with its limits as the Current Plan', async () => {
    const { page } = session!;
    await freeWorkspaceBilling(page, { email: `billing-pricing-${run}@example.com`, password, workspace: `Pricing ${run}` });
    await pricing(page).getByRole('row', { name: /Pro/ }).getByText('$590/year').waitFor();

    await openSubscribe(page, 'Subscribe to Pro yearly');
    const d = subscribeDialog(page);
    expect(await d.getByTestId('subscribe-plan-price').innerText()).toBe('Pro: $590/year');
    // A new-pricing plan's add-ons at the new pricing's add-on table, per year like the plan.
    const addons = d.getByRole('group', { name: 'Add-ons' });
    expect(await addons.getByText('Workspace Seat ($50/year)').isVisible()).toBe(true);
    expect(await addons.getByRole('checkbox', { name: 'Whitelabel ($2000/year)' }).isVisible()).toBe(true);
    const summary = d.getByRole('region', { name: 'Payment summary' });
    expect(await summary.getByText('No tax').isVisible()).toBe(true);
    expect(await summary.getByText('$590/year').isVisible()).toBe(true);
    await fillCard(subscribeDialog(page), '4242 4242 4242 4242', 'US');
    await d.getByRole('button', { name: 'Subscribe' }).click();
    await d.getByText('You are now on Pro.').waitFor({ timeout: 20_000 });
    expect(await d.getByTestId('subscription-paid').innerText()).toBe('Paid $590');
    await d.getByRole('button', { name: 'Done' }).click();

    await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Pro');
    expect(await page.getByTestId('current-plan-cycle').innerText()).toBe('Billed yearly');
    const limits = page.getByRole('list', { name: 'Plan limits' });
    expect(await limits.getByText('Agents: 10').isVisible()).toBe(true);
    expect(await limits.getByText('Workspace seats: 5').isVisible()).toBe(true);
    expect(await limits.getByText('Client seats: 10').isVisible()).toBe(true);
    const pro = pricing(page).getByRole('row', { name: /Pro/ });
    expect(await pro.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    expect(await pricing(page).getByRole('button', { name: 'Subscribe to Agency monthly' }).isDisabled()).toBe(true);
  });

  it('a customer who picks Germany in the billing address sees euros and the EU tax before paying, and is charged that', async () => {
    await session?.close();
    session = await openBrowser();
    const { page } = session;
    await freeWorkspaceBilling(page, { email: `billing-pricing-de-${run}@example.com`, password, workspace: `Pricing ${run}` });

    await openSubscribe(page, 'Subscribe to Pro monthly');
    const d = subscribeDialog(page);
    const summary = d.getByRole('region', { name: 'Payment summary' });
    expect(await summary.getByText('$59/month').isVisible()).toBe(true);
    await fillCard(subscribeDialog(page), '4242 4242 4242 4242', 'DE');
    // 59 × 0.88 = €51.92, + 27 % = €14.02
    await summary.getByText('EU Tax (DE 27%)').waitFor();
    expect(await summary.getByText('€14.02').isVisible()).toBe(true);
    expect(await summary.getByText('€65.94/month').isVisible()).toBe(true);
    expect(await d.getByTestId('subscribe-plan-price').innerText()).toBe('Pro: €51.92/month');
    // The seat: $5 a month on the new pricing, in euros.
    expect(await d.getByRole('group', { name: 'Add-ons' }).getByText('Workspace Seat (€4.40/month)').isVisible()).toBe(true);
    await d.getByRole('button', { name: 'Subscribe' }).click();
    await d.getByText('You are now on Pro.').waitFor({ timeout: 20_000 });
    expect(await d.getByTestId('subscription-paid').innerText()).toBe('Paid €65.94 (EU Tax (DE 27%) €14.02)');
    await d.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('current-plan-name').innerText(), { timeout: 20_000 }).toBe('Pro');
    expect(await page.getByTestId('current-plan-cycle').innerText()).toBe('Billed monthly');

    // The workspace now pays in euros: its prices say so at once, and on the next visit.
    await expect.poll(() => page.getByTestId('plan-price-pay_as_you_go').innerText(), { timeout: 20_000 }).toBe('€22/month');
    await page.reload();
    await expect.poll(() => page.getByTestId('plan-price-pay_as_you_go').innerText(), { timeout: 20_000 }).toBe('€22/month');
  });
});
