// Agency billing through Stripe Connect (issue journey 7). A new agency (its own account: the demo's agency and
// data stay as the other journeys expect them) makes an agent, subscribes with the whitelabel add-on (Auto Billing
// needs it), claims a subdomain, connects Stripe through the stand-in's onboarding, saves its billing settings and
// two plans, creates an org with a client and enables billing for it. On the agency host the client opens the Billing Dashboard from the credits button, saves a card,
// buys 2,500 credits, buys 1,000 more with a 3-D Secure card through its challenge, and subscribes to Basic through
// Checkout: the org's credits rise by exactly each amount. It then saves auto-recharge settings and cancels the plan
// at period end.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { flipSwitch, openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { signUpAndVerify } from '../support/verify-email';
import { verifySubdomain } from '../support/domains';

const run = Date.now().toString(36);
const SUBDOMAIN = `bill${run}`;
const HOST = `http://${SUBDOMAIN}.localhost:5000`;
const OWNER = { email: `agency-billing-${run}@example.com`, password: 'Agency-billing-1' };
const CLIENT = { name: 'Bill Client', email: `bill-client-${run}@example.com` };
const ORG = 'Billing Org';
const AGENT = 'Billing Agent';

let owner: Session;
let client: Session;
let password = '';

beforeAll(async () => {
  owner = await openBrowser();
  client = await openBrowser();
});
afterEach(async (ctx) => {
  await saveFailureScreenshot(owner, { task: { ...ctx.task, name: `owner ${ctx.task.name}` } });
  await saveFailureScreenshot(client, { task: { ...ctx.task, name: `client ${ctx.task.name}` } });
});
afterAll(async () => {
  await owner?.close();
  await client?.close();
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
const orgCard = (page: Page) => page.getByRole('region', { name: ORG });
const billing = (page: Page) => page.getByRole('dialog', { name: 'Billing Dashboard' });

async function availableCredits(page: Page): Promise<number> {
  const text = await billing(page).getByTestId('org-available-credits').innerText();
  return Number(text.replace(/[^0-9.]/g, ''));
}

describe('agency billing through Stripe Connect', () => {
  it('a new agency makes an agent, takes the whitelabel add-on and claims its subdomain', async () => {
    const appUrl = inject('appUrl');
    const { page } = owner;
    await signUpAndVerify(page, appUrl, inject('mailboxUrl')!, OWNER.email, OWNER.password);
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.waitForURL(/\/app\/na\/agents$/);

    await page.getByRole('button', { name: 'New Agent' }).first().click();
    await page.getByLabel('Agent name').fill(AGENT);
    await page.getByRole('tab', { name: 'Customer Support' }).click();
    await page.getByRole('radio', { name: 'Real Estate Agent' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Agent created successfully, redirecting...').waitFor();

    // Auto Billing needs the whitelabel add-on: the agency subscribes to Pay-As-You-Go with it.
    await page.goto(`${appUrl}/app/na/account/billing`);
    await page.getByRole('region', { name: 'Pay-As-You-Go' }).getByRole('button', { name: 'Upgrade' }).click();
    const subscribe = page.getByRole('dialog', { name: 'Confirm Subscription' });
    await subscribe.getByRole('textbox', { name: 'Card number' }).waitFor({ timeout: 20_000 });
    await subscribe.getByRole('checkbox', { name: /^Whitelabel/ }).check();
    await subscribe.getByRole('textbox', { name: 'Full name' }).fill('Agency Owner');
    await subscribe.getByRole('textbox', { name: 'Address line 1' }).fill('1 Market Street');
    await subscribe.getByRole('textbox', { name: 'City' }).fill('San Francisco');
    await subscribe.getByRole('textbox', { name: 'Postal code' }).fill('94105');
    await subscribe.getByRole('textbox', { name: 'Country' }).fill('US');
    await subscribe.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await subscribe.getByRole('textbox', { name: 'Expiration date' }).fill('12 / 34');
    await subscribe.getByRole('textbox', { name: 'CVC' }).fill('123');
    await subscribe.getByRole('textbox', { name: 'ZIP' }).fill('94105');
    await subscribe.getByRole('button', { name: 'Subscribe' }).click();
    await subscribe.getByText('You are now on Pay-As-You-Go.').waitFor({ timeout: 20_000 });
    await subscribe.getByRole('button', { name: 'Done' }).click();

    await page.goto(`${appUrl}/app/na/agency`);
    // The agency callables' first call may start their functions in the emulator (a cold start).
    await page.getByRole('button', { name: 'Initialize agency settings' }).click({ timeout: 90_000 });
    await toast(page, 'Agency settings initialized');
    await page.getByRole('tab', { name: 'Domains', exact: true }).click();
    const subForm = page.getByRole('form', { name: 'Subdomain form' });
    await subForm.getByLabel('Subdomain').fill(SUBDOMAIN);
    await subForm.getByRole('button', { name: 'Save subdomain' }).click();
    await toast(page, 'Domain verification pending..');
    await verifySubdomain(page);
  }, 240_000);

  it('connects Stripe through the stand-in’s onboarding, saves its billing settings and two plans', async () => {
    const { page } = owner;
    // The add-on reaches the workspace record through Stripe's webhook: the tab opens once the page has read it.
    const connectButton = page.getByRole('button', { name: 'Connect Stripe account' });
    await expect
      .poll(async () => {
        await page.goto(`${inject('appUrl')}/app/na/agency`);
        await page.getByRole('tab', { name: 'Auto Billing', exact: true }).click({ timeout: 8000 }).catch(() => undefined);
        return connectButton.waitFor({ timeout: 10_000 }).then(() => true, () => false);
      }, { timeout: 90_000, interval: 1000 })
      .toBe(true);
    await page.getByText('Please complete steps 1 and 2 & click save billing settings before setting up subscription plans.').waitFor();
    // Onboarding happens on Stripe's (the stand-in's) page, which sends the browser back to the tab.
    await page.getByRole('button', { name: 'Connect Stripe account' }).click();
    await page.waitForURL(/\/app\/na\/agency/, { timeout: 30_000 });
    await page.getByText('Account Connected', { exact: true }).waitFor({ timeout: 30_000 });

    expect(await page.getByRole('textbox', { name: 'USDPerToken' }).inputValue()).toBe('0.003');
    await page.getByRole('button', { name: 'Save billing settings' }).click();
    await toast(page, 'Billing settings saved');

    // The default plans: Basic 5,000 and Premium 15,000 (popular), priced at credits × $0.004.
    await page.getByRole('textbox', { name: 'Plan 1 name' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Plan 1 name' }).inputValue()).toBe('Basic');
    expect(await page.getByRole('textbox', { name: 'Plan 2 name' }).inputValue()).toBe('Premium');
    expect(await page.getByRole('textbox', { name: 'Plan 1 price (USD per month)' }).inputValue()).toBe('$20.00');
    expect(await page.getByRole('textbox', { name: 'Plan 2 price (USD per month)' }).inputValue()).toBe('$60.00');
    await page.getByRole('button', { name: 'Save plans' }).click();
    await toast(page, 'Plans saved successfully');
  }, 120_000);

  it('creates an org with the agent and a client, and enables billing for it', async () => {
    const appUrl = inject('appUrl');
    const { page } = owner;
    await page.goto(`${appUrl}/app/na/clients`);
    await page.getByRole('heading', { name: 'Clients' }).waitFor();
    await page.getByRole('button', { name: 'New Organization' }).click();
    const orgDrawer = page.getByRole('dialog', { name: 'New Organization' });
    await orgDrawer.getByRole('textbox', { name: /^Organization name/ }).fill(ORG);
    await orgDrawer.getByRole('combobox', { name: 'Assigned agents' }).click();
    await page.getByRole('option', { name: AGENT }).click();
    await orgDrawer.getByRole('textbox', { name: /^Organization name/ }).click();
    await page.getByRole('option', { name: AGENT }).waitFor({ state: 'hidden' });
    await orgDrawer.getByRole('button', { name: 'Create organization' }).click();
    await orgCard(page).waitFor({ timeout: 30_000 });

    await orgCard(page).getByRole('button', { name: 'Org Info' }).click();
    const info = page.getByRole('dialog', { name: 'Org Info' });
    await flipSwitch(info, 'Enable Billing');
    await toast(page, 'Organization updated successfully!');
    expect(await info.getByRole('switch', { name: 'Enable Billing' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await info.waitFor({ state: 'hidden' });

    await orgCard(page).getByRole('button', { name: 'Add User' }).click();
    const userDrawer = page.getByRole('dialog', { name: 'Add User' });
    await userDrawer.getByRole('textbox', { name: /^Name/ }).fill(CLIENT.name);
    await userDrawer.getByRole('textbox', { name: /^Email/ }).fill(CLIENT.email);
    await userDrawer.getByRole('button', { name: 'Add User' }).click();
    await userDrawer.getByRole('button', { name: 'Copy password' }).click({ timeout: 60_000 }); // the first createClient of a fresh stack cold-starts it
    password = (await userDrawer.getByLabel('New password').textContent()) ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{15}$/);
    await userDrawer.getByRole('button', { name: 'Done' }).click();
  }, 120_000);

  it('the client saves a card in the Billing Dashboard and buys 2,500 credits: the org has exactly 2,500 more', async () => {
    const { page } = client;
    await page.goto(`${HOST}/`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(CLIENT.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/app\/na\/agents\/[^/]+\/[^/]+/, { timeout: 30_000 });

    // The credits button opens the modal once the org (live) has loaded and allows billing.
    await page.getByRole('button', { name: 'Organization' }).getByText(ORG).waitFor();
    await page.getByRole('button', { name: 'Credits' }).click();
    const modal = billing(page);
    await modal.getByRole('region', { name: 'Available Credits' }).waitFor();
    const before = await availableCredits(page);

    const card = modal.getByRole('region', { name: 'Payment Method' });
    await card.getByRole('button', { name: 'Add payment method' }).click();
    await card.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await card.getByRole('textbox', { name: 'Expiration date' }).fill('12 / 34');
    await card.getByRole('textbox', { name: 'CVC' }).fill('123');
    await card.getByRole('textbox', { name: 'ZIP' }).fill('94105');
    await card.getByRole('button', { name: 'Save card' }).click();
    await toast(page, 'Payment method updated successfully');
    await card.getByText(/VISA •••• 4242/).waitFor();

    const credits = modal.getByRole('region', { name: 'Purchase Credits' });
    await credits.getByRole('button', { name: '2.5K credits' }).click();
    expect(await credits.getByTestId('org-credits-price').innerText()).toBe('2,500 credits for $10.00');
    await credits.getByRole('button', { name: 'Purchase credits' }).click();
    await toast(page, 'Credits purchased successfully');
    await expect.poll(() => availableCredits(page), { timeout: 20_000 }).toBe(before + 2500);
    // Once only: nothing more arrives later.
    await page.waitForTimeout(1500);
    expect(await availableCredits(page)).toBe(before + 2500);
  }, 120_000);

  it('a 3-D Secure card buys credits through Stripe’s challenge', async () => {
    const { page } = client;
    const modal = billing(page);
    const before = await availableCredits(page);
    const card = modal.getByRole('region', { name: 'Payment Method' });
    await card.getByRole('button', { name: 'Update payment method' }).click();
    await card.getByRole('textbox', { name: 'Card number' }).fill('4000 0027 6000 3184');
    await card.getByRole('textbox', { name: 'Expiration date' }).fill('12 / 34');
    await card.getByRole('textbox', { name: 'CVC' }).fill('123');
    await card.getByRole('textbox', { name: 'ZIP' }).fill('94105');
    await card.getByRole('button', { name: 'Save card' }).click();
    await card.getByText(/VISA •••• 3184/).waitFor();

    const credits = modal.getByRole('region', { name: 'Purchase Credits' });
    await credits.getByRole('button', { name: '1K credits' }).click();
    await credits.getByRole('button', { name: 'Purchase credits' }).click();
    const challenge = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await toast(page, 'Credits purchased successfully');
    await expect.poll(() => availableCredits(page), { timeout: 20_000 }).toBe(before + 1000);
  }, 60_000);

  it('the client subscribes to Basic through Checkout and the plan’s 5,000 credits arrive once', async () => {
    const { page } = client;
    const before = await availableCredits(page);
    const plan = billing(page).getByRole('region', { name: 'Basic' });
    await plan.getByRole('button', { name: 'Subscribe' }).click();
    // The stand-in's Checkout page on the agency's account shows the plan; Subscribe pays with its test card and
    // returns to the dashboard, where the modal opens again.
    await page.getByRole('heading', { name: 'Checkout' }).waitFor({ timeout: 30_000 });
    await page.getByText('Basic — 20.00 USD per month').waitFor();
    const back = page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame() && f.url().startsWith(HOST) && f.url().includes('billing=success'), timeout: 30_000 });
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await back;
    await billing(page).getByRole('region', { name: 'Available Credits' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => availableCredits(page), { timeout: 30_000 }).toBe(before + 5000);
    await billing(page).getByRole('region', { name: 'Basic' }).getByRole('button', { name: 'Current Plan' }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1500);
    expect(await availableCredits(page)).toBe(before + 5000);
    // Checkout's payment is an invoice of the org's.
    await billing(page).getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1).waitFor({ timeout: 20_000 });
  }, 120_000);

  it('the client saves auto-recharge settings and cancels the plan at period end', async () => {
    const { page } = client;
    const recharge = billing(page).getByRole('region', { name: 'Auto-Recharge' });
    expect(await recharge.getByRole('slider', { name: 'Recharge threshold' }).getAttribute('aria-valuenow')).toBe('500');
    expect(await recharge.getByRole('slider', { name: 'Recharge amount' }).getAttribute('aria-valuenow')).toBe('5');
    await flipSwitch(recharge, 'Enable auto-recharge');
    await recharge.getByRole('slider', { name: 'Recharge threshold' }).press('ArrowRight');
    await recharge.getByRole('button', { name: 'Save auto-recharge' }).click();
    await toast(page, 'Auto-recharge settings updated successfully. Will charge $5 when credits drop below 600.');

    const plans = billing(page).getByRole('region', { name: 'Subscription Plans' });
    await plans.getByRole('button', { name: 'Cancel Subscription' }).click();
    await plans.getByRole('button', { name: 'Confirm cancel' }).click();
    await toast(page, 'Subscription successfully canceled');
    // The org follows Stripe's customer.subscription.updated.
    await plans.getByText('Your subscription ends at the end of this billing period.').waitFor({ timeout: 20_000 });
  }, 60_000);
});

