// The client's Billing Dashboard as a client sees it: it opens from the credits button only when the org allows
// billing; Auto-Recharge starts at its defaults (threshold 500, $5, $100 a month) within its ranges and goes back to the saved values when
// the server refuses; Recent Invoices shows the first 4; plans lead to Checkout; credits are priced from the server.
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from 'firebase/auth';
import type { Stripe } from '@stripe/stripe-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { storedOrgSchema } from '@parley/core';
import { doc, setDoc } from 'firebase/firestore';
import { lastDays } from '@parley/core';
import { LiveFirestore } from '../../../lib/live-firebase';
import { connectTestFirestore } from '../../../test/emulator';
import { fetchBesideEmulator, stubFetch } from '../../../test/render';
import { theme } from '../../../ui/theme';
import { ClientTopBar } from '../ClientTopBar';
import { PortalContextProvider, type PortalState } from '../portal-context';
import { ConnectStripeContext } from './connect-stripe';

// Stripe.js on the agency's account: only its 3-D Secure step is used here (handleNextAction).
const handleNextAction = vi.fn(async (_options: { clientSecret: string }) => ({ paymentIntent: { status: 'succeeded' } as unknown, error: undefined as { message?: string } | undefined }));
const connectStripe = async () => ({ handleNextAction }) as unknown as Stripe;

afterEach(() => {
  notifications.clean();
  handleNextAction.mockClear();
  vi.unstubAllGlobals();
});

// The org's usage (its admins') listens to the org's daily credits on the emulator; the server's answers are stubbed.
const fs = connectTestFirestore();

const ACCOUNT = 'acct_agency1';
const CUSTOMER = 'cus_org1';

function org(fields: Record<string, unknown> = {}) {
  return storedOrgSchema.parse({ ID: 'o1', name: 'Probe Org', ownerID: 'agency1', widgetIDs: ['a1'], allowBilling: true, loadTokens: 1234.5, stripeCustomerId: CUSTOMER, ...fields });
}

function portal(orgFields: Record<string, unknown> = {}): PortalState {
  const client = {
    ID: 'c1', orgId: 'o1', name: 'Casey', email: 'casey@example.com', type: 'client' as const, widgetIDs: ['a1'], canAccess: ['/convos'], status: 'online' as const,
    notificationsSettings: { notifyThrough: 'email' as const, notifyIf: 'all' as const }, preferredLanguage: 'en', isAdmin: false, isOrgAdmin: false, allowCreateAgents: false,
    hideAdvancedSettings: false,
  };
  return {
    user: { uid: 'client:c1', email: null, getIdToken: async () => 'client-id-token' } as unknown as User,
    region: 'na',
    claims: { uid: 'client:c1', role: 'client', clientId: 'c1', orgId: 'o1', agencyId: 'agency1', admin: false },
    client,
    org: org(orgFields),
    orgs: [{ ID: 'o1', name: 'Probe Org' }],
    selectOrg: () => undefined,
    agents: [{ ID: 'a1', title: 'Bakery', agentPlatform: 'vg' }],
    agency: null,
    access: { canAccess: client.canAccess, widgetIDs: client.widgetIDs },
    isAdmin: false,
    isOrgAdmin: false,
    loading: false,
    error: null,
  };
}

const invoice = (n: number) => ({ id: `in_${n}`, number: `INV-000${n}`, created: Date.UTC(2026, 10, n) / 1000, hosted_invoice_url: `https://stripe.test/invoices/in_${n}` });
const plans = [
  { productId: 'prod_b', priceId: 'price_basic', name: 'Basic', price: 20, credits: 5000, features: ['Email support'], isPopular: false },
  { productId: 'prod_p', priceId: 'price_premium', name: 'Premium', price: 60, credits: 15000, features: ['Priority support'], isPopular: true },
];

interface Answers {
  account?: Record<string, unknown>;
  invoices?: unknown[];
  paymentMethod?: unknown;
  autoRecharge?: { status: number; body: unknown };
  session?: { status: number; body: unknown };
  prePaid?: { status: number; body: unknown };
  cancel?: { status: number; body: unknown };
}

function serve(answers: Answers = {}) {
  const stub = stubFetch((url) => {
    if (url.includes('/stripe/connect/get-account-id/')) return { status: 200, body: { accountId: ACCOUNT, allowPlans: true, usdPerCredit: 0.004, isConnected: true, ...answers.account } };
    if (url.includes('/stripe/connect/plans/')) return { status: 200, body: { plans } };
    if (url.includes('/stripe/connect/get-payment-methods/')) return { status: 200, body: { paymentMethod: answers.paymentMethod ?? null } };
    if (url.includes('/stripe/connect/get-invoices/')) return { status: 200, body: { invoices: { data: answers.invoices ?? [] } } };
    if (url.includes('/stripe/connect/update-autorecharge')) return answers.autoRecharge ?? { status: 200, body: { success: true } };
    if (url.includes('/stripe/connect/create-subscription')) return answers.session ?? { status: 200, body: { sessionUrl: 'http://127.0.0.1:9404/checkout/cs_test_1' } };
    if (url.includes('/stripe/connect/pre-paid')) return answers.prePaid ?? { status: 200, body: { status: 'succeeded', requiresAction: false, clientSecret: null, paymentIntentId: 'pi_1', credits: 2500 } };
    if (url.includes('/stripe/connect/cancel-subscription')) return answers.cancel ?? { status: 200, body: { subscription: { id: 'sub_1', status: 'active', cancel_at_period_end: true } } };
    return { status: 404, body: { error: 'not stubbed' } };
  });
  vi.stubGlobal('fetch', fetchBesideEmulator(fs.hostPort, stub.fn));
  return stub;
}

function renderTopBar(state: PortalState, route = '/app/na/agents/a1/convos') {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[route]}>
          <LiveFirestore region="na">
            <PortalContextProvider value={state}>
              <ConnectStripeContext.Provider value={connectStripe}>
                <ClientTopBar />
              </ConnectStripeContext.Provider>
            </PortalContextProvider>
          </LiveFirestore>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function openBilling(state = portal()) {
  renderTopBar(state);
  fireEvent.click(screen.getByRole('button', { name: /^Credits: / }));
  return screen.findByRole('dialog', { name: 'Billing Dashboard' });
}

const slider = (dialog: HTMLElement, name: string) => within(dialog).getByRole('slider', { name });

describe('client billing dashboard', () => {
  it('shows the org’s usage to its admins, its agents by name', async () => {
    const today = lastDays(Date.now(), 1).to;
    await setDoc(doc(fs.server, `orgs/o1/rollups/${today}`), { day: today, credits: 7, agents: { a1: 7 } });
    serve();
    const downloaded: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (downloaded.push(blob), 'blob:csv'), revokeObjectURL: () => undefined });
    const admin = await openBilling({ ...portal(), isOrgAdmin: true });
    fireEvent.click(await within(admin).findByRole('button', { name: 'Export CSV of Credits per agent' }));
    await waitFor(() => expect(downloaded).toHaveLength(1));
    expect((await downloaded[0]!.text()).replace('\uFEFF', '').trim().split('\r\n')).toEqual(['Agent,Credits', 'Bakery,7']);
  });

  it('shows no usage to an org user who is not its admin', async () => {
    serve();
    const dialog = await openBilling(portal());
    await within(dialog).findByRole('region', { name: 'Available Credits' });
    expect(within(dialog).queryByRole('heading', { name: 'Usage' })).toBeNull();
  });

  it('opens from the credits button only when the org allows billing', async () => {
    serve();
    renderTopBar(portal({ allowBilling: false }));
    fireEvent.click(screen.getByRole('button', { name: /^Credits: / }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog', { name: 'Billing Dashboard' })).toBeNull();
  });

  it('opens again on the way back from Checkout (?billing=success)', async () => {
    serve();
    renderTopBar(portal(), '/app/na/agents/a1/convos?billing=success');
    expect(await screen.findByRole('dialog', { name: 'Billing Dashboard' })).toBeTruthy();
  });

  it('shows the org’s available credits with one decimal and every section of a connected agency', async () => {
    serve({ paymentMethod: { id: 'pm_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } } });
    const dialog = await openBilling();
    expect((await within(dialog).findByTestId('org-available-credits')).textContent).toBe('1,234.5');
    for (const name of ['Available Credits', 'Subscription Plans', 'Purchase Credits', 'Auto-Recharge', 'Payment Method']) {
      expect(await within(dialog).findByRole('region', { name })).toBeTruthy();
    }
    expect((await within(dialog).findByTestId('org-card')).textContent).toContain('4242');
    // No invoices yet: no Recent Invoices section.
    expect(within(dialog).queryByRole('region', { name: 'Recent Invoices' })).toBeNull();
  });

  it('Auto-Recharge starts at threshold 500 (100–5,000), $5 ($5–100) and a $100 monthly limit ($0–500, 0 = No Limit) and saves with the success message', async () => {
    const stub = serve({ autoRecharge: { status: 200, body: { success: true, message: 'Auto-recharge settings updated successfully. Will charge $10 when credits drop below 600.' } } });
    const dialog = await openBilling();
    const threshold = await waitFor(() => slider(dialog, 'Recharge threshold'));
    const amount = slider(dialog, 'Recharge amount');
    expect([threshold.getAttribute('aria-valuemin'), threshold.getAttribute('aria-valuemax'), threshold.getAttribute('aria-valuenow')]).toEqual(['100', '5000', '500']);
    expect([amount.getAttribute('aria-valuemin'), amount.getAttribute('aria-valuemax'), amount.getAttribute('aria-valuenow')]).toEqual(['5', '100', '5']);
    const limit = slider(dialog, 'Monthly charge limit');
    expect([limit.getAttribute('aria-valuemin'), limit.getAttribute('aria-valuemax'), limit.getAttribute('aria-valuenow')]).toEqual(['0', '500', '100']);
    expect(within(dialog).getByText('Monthly charge limit: $100')).toBeTruthy();
    fireEvent.keyDown(limit, { key: 'Home' });
    expect(within(dialog).getByText('Monthly charge limit: No Limit')).toBeTruthy();

    fireEvent.keyDown(threshold, { key: 'ArrowRight' });
    fireEvent.keyDown(amount, { key: 'ArrowRight' });
    expect(threshold.getAttribute('aria-valuenow')).toBe('600');
    expect(amount.getAttribute('aria-valuenow')).toBe('10');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Enable auto-recharge' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save auto-recharge' }));
    await screen.findByText('Auto-recharge settings updated successfully. Will charge $10 when credits drop below 600.');
    const sent = stub.calls.find((c) => c.url.includes('/stripe/connect/update-autorecharge'))!;
    expect(JSON.parse(String(sent.init.body))).toMatchObject({ orgId: 'o1', region: 'na', automaticBilling: true, threshold: 600, amount: 10, monthlyLimit: 0, workspaceStripeAccountId: ACCOUNT });
  });

  it('Auto-Recharge goes back to the saved settings when the server refuses, with the server’s message', async () => {
    serve({ autoRecharge: { status: 402, body: { error: 'Please add a payment method to continue' } } });
    const dialog = await openBilling(portal({ automaticBilling: false, internal: { autochargeCreditThreshold: 1500, autochargeCreditAmount: 20 } }));
    const threshold = await waitFor(() => slider(dialog, 'Recharge threshold'));
    expect(threshold.getAttribute('aria-valuenow')).toBe('1500');
    expect(slider(dialog, 'Recharge amount').getAttribute('aria-valuenow')).toBe('20');
    const toggle = within(dialog).getByRole('switch', { name: 'Enable auto-recharge' });
    fireEvent.click(toggle);
    fireEvent.keyDown(threshold, { key: 'ArrowLeft' });
    expect(threshold.getAttribute('aria-valuenow')).toBe('1400');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save auto-recharge' }));
    await screen.findByText('Please add a payment method to continue', { selector: '.mantine-Notification-description' });
    expect(slider(dialog, 'Recharge threshold').getAttribute('aria-valuenow')).toBe('1500');
    expect((within(dialog).getByRole('switch', { name: 'Enable auto-recharge' }) as HTMLInputElement).checked).toBe(false);
  });

  it('a refusal without a message says "Failed to update auto-recharge settings."', async () => {
    serve({ autoRecharge: { status: 500, body: {} } });
    const dialog = await openBilling();
    const threshold = await waitFor(() => slider(dialog, 'Recharge threshold'));
    fireEvent.keyDown(threshold, { key: 'ArrowRight' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save auto-recharge' }));
    await screen.findByText('Failed to update auto-recharge settings.');
    expect(threshold.getAttribute('aria-valuenow')).toBe('500');
  });

  it('Recent Invoices lists the first 4 with number, date and the hosted link', async () => {
    serve({ invoices: [1, 2, 3, 4, 5, 6].map(invoice) });
    const dialog = await openBilling();
    const table = await within(dialog).findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['INV-0001', 'INV-0002', 'INV-0003', 'INV-0004']);
    expect(within(rows[0]!).getByText('Nov 1, 2026')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'View invoice INV-0001' }).getAttribute('href')).toBe('https://stripe.test/invoices/in_1');
  });

  it('credits are priced at the agency’s credit price and need a card first', async () => {
    serve();
    const dialog = await openBilling();
    const section = await within(dialog).findByRole('region', { name: 'Purchase Credits' });
    expect(within(section).getByTestId('org-credits-price').textContent).toBe('1,000 credits for $4.00');
    fireEvent.click(within(section).getByRole('button', { name: '2.5K credits' }));
    expect(within(section).getByTestId('org-credits-price').textContent).toBe('2,500 credits for $10.00');
    expect(within(section).getByText('Please add a payment method to continue')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Purchase credits' })).toHaveProperty('disabled', true);
  });

  it('a plan’s Subscribe opens Checkout on the agency’s account', async () => {
    const stub = serve();
    const dialog = await openBilling();
    const premium = await within(dialog).findByRole('region', { name: 'Premium' });
    expect(within(premium).getByText('Popular')).toBeTruthy();
    expect(within(premium).getByText('15,000 credits / month')).toBeTruthy();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://probe.localhost:5000', pathname: '/app/na/agents/a1/convos' });
    fireEvent.click(within(premium).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9404/checkout/cs_test_1'));
    const sent = JSON.parse(String(stub.calls.find((c) => c.url.includes('/stripe/connect/create-subscription'))!.init.body));
    expect(sent).toMatchObject({ priceId: 'price_premium', workspaceStripeAccountId: ACCOUNT, customerId: CUSTOMER, successUrl: 'http://probe.localhost:5000/app/na/agents/a1/convos?billing=success' });
  });

  it('Subscription Plans hide when the agency offers no plans', async () => {
    serve({ account: { allowPlans: false } });
    const dialog = await openBilling();
    await within(dialog).findByRole('region', { name: 'Purchase Credits' });
    expect(within(dialog).queryByRole('region', { name: 'Subscription Plans' })).toBeNull();
  });

  it('the org’s current plan shows Current Plan and can be cancelled', async () => {
    serve();
    const dialog = await openBilling(portal({ subscription: { id: 'sub_1', status: 'active', priceId: 'price_basic' } }));
    const basic = await within(dialog).findByRole('region', { name: 'Basic' });
    expect(within(basic).getByRole('button', { name: 'Current Plan' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
  });

  it('an agency without a connected account shows that billing is not available yet', async () => {
    serve({ account: { accountId: null, isConnected: false } });
    const dialog = await openBilling();
    expect(await within(dialog).findByText('Billing is not available for this organization yet.')).toBeTruthy();
  });

  it('buys the chosen credits for their USD price on the org’s card', async () => {
    const stub = serve({ paymentMethod: { id: 'pm_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } } });
    const dialog = await openBilling();
    const section = await within(dialog).findByRole('region', { name: 'Purchase Credits' });
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Purchase credits' })).toHaveProperty('disabled', false));
    fireEvent.click(within(section).getByRole('button', { name: '5K credits' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Purchase credits' }));
    await screen.findByText('Credits purchased successfully');
    const sent = JSON.parse(String(stub.calls.find((c) => c.url.includes('/stripe/connect/pre-paid'))!.init.body));
    expect(sent).toMatchObject({ orgId: 'o1', region: 'na', creditAmount: 5000, clientId: 'c1' });
    expect(handleNextAction).not.toHaveBeenCalled();
  });

  it('a card that asks for 3-D Secure goes through the challenge; a refusal shows the server’s message', async () => {
    serve({ paymentMethod: { id: 'pm_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } }, prePaid: { status: 200, body: { status: 'requires_action', requiresAction: true, clientSecret: 'pi_2_secret_x', paymentIntentId: 'pi_2', credits: 1000 } } });
    const dialog = await openBilling();
    const section = await within(dialog).findByRole('region', { name: 'Purchase Credits' });
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Purchase credits' })).toHaveProperty('disabled', false));
    fireEvent.click(within(section).getByRole('button', { name: 'Purchase credits' }));
    await screen.findByText('Credits purchased successfully');
    expect(handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_2_secret_x' });

    notifications.clean();
    handleNextAction.mockResolvedValueOnce({ paymentIntent: undefined, error: { message: 'We are unable to authenticate your payment method.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Purchase credits' }));
    await screen.findByText('We are unable to authenticate your payment method.');
  });

  it('a refused purchase without a message says "Failed to purchase credits"', async () => {
    serve({ paymentMethod: { id: 'pm_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } }, prePaid: { status: 502, body: {} } });
    const dialog = await openBilling();
    const section = await within(dialog).findByRole('region', { name: 'Purchase Credits' });
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Purchase credits' })).toHaveProperty('disabled', false));
    fireEvent.click(within(section).getByRole('button', { name: 'Purchase credits' }));
    await screen.findByText('Failed to purchase credits');
  });

  it('Cancel Subscription asks first, then cancels the org’s plan at period end', async () => {
    const stub = serve();
    const dialog = await openBilling(portal({ subscription: { id: 'sub_1', status: 'active', priceId: 'price_basic' } }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel Subscription' }));
    expect(stub.calls.some((c) => c.url.includes('/cancel-subscription'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancel' }));
    await screen.findByText('Subscription successfully canceled');
    const sent = JSON.parse(String(stub.calls.find((c) => c.url.includes('/stripe/connect/cancel-subscription'))!.init.body));
    expect(sent).toMatchObject({ orgId: 'o1', subscriptionId: 'sub_1', workspaceStripeAccountId: ACCOUNT });
  });
});
