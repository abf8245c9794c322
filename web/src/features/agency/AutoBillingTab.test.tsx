// The Auto Billing tab as an agency owner sees it: connecting Stripe, USDPerToken, the steps-1-and-2 gate, and the
// plans (defaults, read-only price, the three feature messages, saving). The agency's stripeConnect record is the
// only thing not served over HTTP: it is read from the Firestore emulator, where each test stores it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PaymentConnect } from '@parley/core';
import { doc, setDoc } from 'firebase/firestore';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectTestFirestore } from '../../test/emulator';
import { fetchBesideEmulator, renderWithProviders, stubFetch } from '../../test/render';
import { AutoBillingTab } from './AutoBillingTab';

const fs = connectTestFirestore();
/** The workspace's record (users/owner1, the test workspace's uid) with this stripeConnect state. */
const storeConnect = (state: Partial<PaymentConnect>) => setDoc(doc(fs.server, 'users', 'owner1'), { uid: 'owner1', stripeConnect: state });

const CONNECTED = { accountId: 'acct_agency1', email: 'owner@example.com', isConnected: true, payouts_enabled: true };

type Answer = { status: number; body: unknown };
function serve(answers: (url: string, init: RequestInit) => Answer | undefined = () => undefined) {
  const stub = stubFetch((url, init) => answers(url, init) ?? (url.includes('/stripe/connect/plans/') ? { status: 200, body: { plans: [] } } : { status: 404, body: { message: 'unexpected' } }));
  vi.stubGlobal('fetch', fetchBesideEmulator(fs.hostPort, stub.fn));
  return stub;
}
const bodyOf = (call: { init: RequestInit }) => JSON.parse(String(call.init.body)) as Record<string, unknown>;

beforeEach(() => storeConnect({}));
afterEach(() => vi.unstubAllGlobals());

describe('access', () => {
  it('without the whitelabel addon (or during the trial) it says the tab needs the addon and reads nothing', async () => {
    const stub = serve();
    renderWithProviders(<AutoBillingTab locked />);
    expect(screen.getByText('Auto Billing needs the whitelabel addon')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Stripe account' })).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(stub.calls).toHaveLength(0);
  });
});

describe('Step 1: connecting Stripe', () => {
  it('with no account, Connect Stripe account creates one and leaves for Stripe onboarding, which returns to this tab', async () => {
    const stub = serve((url) => {
      if (url.endsWith('/stripe/connect/create-account')) return { status: 200, body: { accountId: 'acct_new1' } };
      if (url.endsWith('/stripe/connect/account-link')) return { status: 200, body: { redirectUrl: 'http://127.0.0.1:9404/connect/onboard/acct_new1' } };
      return undefined;
    });
    const navigate = vi.fn();
    renderWithProviders(<AutoBillingTab navigate={navigate} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Stripe account' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://127.0.0.1:9404/connect/onboard/acct_new1'));
    const link = stub.calls.find((c) => c.url.endsWith('/account-link'))!;
    expect(bodyOf(link).returnUrl).toMatch(/\/app\/na\/agency\?tab=auto-billing$/);
    expect(screen.queryByText('Account Connected')).toBeNull();
  });

  it('while Stripe has not confirmed the account it offers to continue onboarding, without creating a second account', async () => {
    await storeConnect({ accountId: 'acct_agency1' });
    const stub = serve((url) => (url.endsWith('/account-link') ? { status: 200, body: { redirectUrl: 'http://127.0.0.1:9404/connect/onboard/acct_agency1' } } : undefined));
    const navigate = vi.fn();
    renderWithProviders(<AutoBillingTab navigate={navigate} />);
    expect(await screen.findByText(/Waiting for Stripe to confirm your account/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue Stripe onboarding' }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(stub.calls.some((c) => c.url.endsWith('/create-account'))).toBe(false);
  });

  it('shows Account Connected once Stripe reported the account connected with payouts enabled', async () => {
    await storeConnect(CONNECTED);
    serve();
    renderWithProviders(<AutoBillingTab />);
    expect(await screen.findByText('Account Connected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Stripe account' })).toBeNull();
  });

  it('is not connected while payouts are not enabled', async () => {
    await storeConnect({ ...CONNECTED, payouts_enabled: false });
    serve();
    renderWithProviders(<AutoBillingTab />);
    expect(await screen.findByRole('button', { name: 'Continue Stripe onboarding' })).toBeTruthy();
    expect(screen.queryByText('Account Connected')).toBeNull();
  });
});

describe('Step 2: USDPerToken', () => {
  it('defaults to 0.003 and refuses what is not a number with "Please enter a valid number"', async () => {
    const stub = serve();
    renderWithProviders(<AutoBillingTab />);
    const input = await screen.findByLabelText('USDPerToken');
    expect((input as HTMLInputElement).value).toBe('0.003');
    expect(screen.getByTestId('final-credit-price').textContent).toBe('Your clients pay $0.004 per credit.');
    expect(screen.getByTestId('credit-split').textContent).toBe(
      'For every 1,000 credits your clients pay $4.00: the platform takes $1.15 (the $1.00 base cost plus 5% of your $3.00 markup) and you earn $2.85.',
    );
    fireEvent.change(input, { target: { value: '-0.001' } });
    expect(await screen.findByText('Please enter a valid number')).toBeTruthy();
    fireEvent.change(input, { target: { value: '0.005' } });
    expect(screen.queryByText('Please enter a valid number')).toBeNull();
    expect(screen.getByTestId('final-credit-price').textContent).toBe('Your clients pay $0.006 per credit.');
    expect(screen.getByTestId('credit-split').textContent).toContain('the platform takes $1.25 (the $1.00 base cost plus 5% of your $5.00 markup) and you earn $4.75.');
    fireEvent.change(input, { target: { value: '0' } });
    expect(screen.getByTestId('credit-split').textContent).toContain('your clients pay $1.00: the platform takes $1.00 (the $1.00 base cost plus 5% of your $0.00 markup) and you earn $0.00.');
    fireEvent.change(input, { target: { value: '0.005' } });
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(await screen.findByText('Please enter a valid number')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save billing settings' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(stub.calls.some((c) => c.url.endsWith('/billing-settings'))).toBe(false);
  });

  it('saves the typed value and says "Billing settings saved"', async () => {
    await storeConnect(CONNECTED);
    const stub = serve((url) => (url.endsWith('/stripe/connect/billing-settings') ? { status: 200, body: { success: true } } : undefined));
    renderWithProviders(<AutoBillingTab />);
    fireEvent.change(await screen.findByLabelText('USDPerToken'), { target: { value: '0.004' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing settings' }));
    expect(await screen.findByText('Billing settings saved')).toBeTruthy();
    const saved = stub.calls.find((c) => c.url.endsWith('/billing-settings'))!;
    expect(bodyOf(saved)).toMatchObject({ workspaceId: 'owner1', region: 'na', USDPerToken: 0.004, allowPlans: true });
  });
});

describe('Step 3: subscription plans', () => {
  const GATE = 'Please complete steps 1 and 2 & click save billing settings before setting up subscription plans.';

  it.each([
    ['no Stripe account', {}],
    ['an account Stripe has not confirmed', { accountId: 'acct_agency1' }],
    ['a connected account whose billing settings were never saved', CONNECTED],
  ])('with %s, the plans wait for steps 1 and 2', async (_label, state) => {
    await storeConnect(state);
    serve();
    renderWithProviders(<AutoBillingTab />);
    expect(await screen.findByText(GATE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save plans' })).toBeNull();
  });

  it('an edited, unsaved USDPerToken puts the plans behind the gate again', async () => {
    await storeConnect({ ...CONNECTED, allowPlans: true });
    serve();
    renderWithProviders(<AutoBillingTab />);
    expect(await screen.findByRole('button', { name: 'Save plans' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('USDPerToken'), { target: { value: '0.01' } });
    expect(await screen.findByText(GATE)).toBeTruthy();
  });

  it('offers Basic 5,000 and Premium 15,000 (popular), each priced read-only at credits × the final credit price', async () => {
    await storeConnect({ ...CONNECTED, allowPlans: true, USDPerToken: 0.003 });
    serve();
    renderWithProviders(<AutoBillingTab />);
    const name1 = (await screen.findByLabelText('Plan 1 name')) as HTMLInputElement;
    expect(name1.value).toBe('Basic');
    expect((screen.getByLabelText('Plan 1 credits') as HTMLInputElement).value).toBe('5,000');
    expect((screen.getByLabelText('Plan 2 name') as HTMLInputElement).value).toBe('Premium');
    expect((screen.getByLabelText('Plan 2 credits') as HTMLInputElement).value).toBe('15,000');
    expect((screen.getByLabelText('Plan 1 popular') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Plan 2 popular') as HTMLInputElement).checked).toBe(true);
    const price1 = screen.getByLabelText('Plan 1 price (USD per month)') as HTMLInputElement;
    expect(price1.readOnly).toBe(true);
    // 5,000 × (0.001 base + 0.003) = $20; 15,000 × 0.004 = $60.
    expect(price1.value).toBe('$20.00');
    expect((screen.getByLabelText('Plan 2 price (USD per month)') as HTMLInputElement).value).toBe('$60.00');
    fireEvent.change(screen.getByLabelText('Plan 1 credits'), { target: { value: '7500' } });
    expect(price1.value).toBe('$30.00');
  });

  it('prices with the saved USDPerToken', async () => {
    await storeConnect({ ...CONNECTED, allowPlans: true, USDPerToken: 0.009 });
    serve();
    renderWithProviders(<AutoBillingTab />);
    // 5,000 × (0.001 + 0.009) = $50.
    expect(((await screen.findByLabelText('Plan 1 price (USD per month)')) as HTMLInputElement).value).toBe('$50.00');
  });

  it('allows at most 5 features: a sixth gives "Maximum of 5 features allowed"', async () => {
    await storeConnect({ ...CONNECTED, allowPlans: true });
    serve();
    renderWithProviders(<AutoBillingTab />);
    const add = await screen.findByRole('button', { name: 'Add feature to plan 1' });
    for (let i = 0; i < 4; i++) fireEvent.click(add);
    expect(screen.getByLabelText('Plan 1 feature 5')).toBeTruthy();
    const plan1 = screen.getByRole('region', { name: 'Plan 1' });
    expect(within(plan1).queryByRole('alert')).toBeNull();
    fireEvent.click(add);
    expect(within(plan1).getByRole('alert').textContent).toBe('Maximum of 5 features allowed');
    expect(screen.queryByLabelText('Plan 1 feature 6')).toBeNull();
  });

  it('removing the last feature gives "Each plan must have at least one feature"', async () => {
    await storeConnect({ ...CONNECTED, allowPlans: true });
    serve();
    renderWithProviders(<AutoBillingTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove plan 2 feature 1' }));
    const plan2 = screen.getByRole('region', { name: 'Plan 2' });
    expect(within(plan2).getByRole('alert').textContent).toBe('Each plan must have at least one feature');
    expect(screen.getByLabelText('Plan 2 feature 1')).toBeTruthy();
  });

  it('a plan whose features are all empty is not saved: "Each plan must have at least one feature with text"', async () => {
    await storeConnect({ ...CONNECTED, allowPlans: true });
    const stub = serve();
    renderWithProviders(<AutoBillingTab />);
    fireEvent.change(await screen.findByLabelText('Plan 1 feature 1'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save plans' }));
    const plan1 = screen.getByRole('region', { name: 'Plan 1' });
    expect(within(plan1).getByRole('alert').textContent).toBe('Each plan must have at least one feature with text');
    await new Promise((r) => setTimeout(r, 50));
    expect(stub.calls.some((c) => c.url.endsWith('/upsert-plans'))).toBe(false);
  });

  it('saves the plans on the connected account and says "Plans saved successfully"; the next save updates the same products', async () => {
    await storeConnect({ ...CONNECTED, allowPlans: true });
    const stub = serve((url) =>
      url.endsWith('/stripe/connect/upsert-plans')
        ? { status: 200, body: { success: true, updatedPlans: [{ priceId: 'price_1', productId: 'prod_1' }, { priceId: 'price_2', productId: 'prod_2' }] } }
        : undefined,
    );
    renderWithProviders(<AutoBillingTab />);
    fireEvent.change(await screen.findByLabelText('Plan 1 feature 1'), { target: { value: 'Email support' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save plans' }));
    expect(await screen.findByText('Plans saved successfully')).toBeTruthy();
    const first = bodyOf(stub.calls.find((c) => c.url.endsWith('/upsert-plans'))!);
    expect(first).toMatchObject({
      agencyAccountId: 'acct_agency1', workspaceId: 'owner1', region: 'na',
      plans: [
        { name: 'Basic', credits: 5000, features: ['Email support'], isPopular: false },
        { name: 'Premium', credits: 15000, features: ['15,000 credits every month'], isPopular: true },
      ],
    });
    const save = screen.getByRole('button', { name: 'Save plans' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(stub.calls.filter((c) => c.url.endsWith('/upsert-plans'))).toHaveLength(2));
    const second = bodyOf(stub.calls.filter((c) => c.url.endsWith('/upsert-plans'))[1]!);
    expect(second.plans).toMatchObject([{ priceId: 'price_1', productId: 'prod_1' }, { priceId: 'price_2', productId: 'prod_2' }]);
  });

  it('shows the plans saved on the connected account (getPlans) instead of the defaults', async () => {
    await storeConnect({ ...CONNECTED, allowPlans: true });
    serve((url) =>
      url.includes('/stripe/connect/plans/acct_agency1')
        ? { status: 200, body: { plans: [
          { name: 'Starter', price: 8, credits: 2000, features: ['Chat'], isPopular: false, priceId: 'price_9', productId: 'prod_9' },
          { name: 'Team', price: 30, credits: 10000, features: ['Chat'], isPopular: false, priceId: 'price_8', productId: 'prod_8' },
        ] } }
        : undefined,
    );
    renderWithProviders(<AutoBillingTab />);
    expect(((await screen.findByLabelText('Plan 1 name')) as HTMLInputElement).value).toBe('Starter');
    expect((screen.getByLabelText('Plan 2 name') as HTMLInputElement).value).toBe('Team');
    expect(screen.queryByLabelText('Plan 3 name')).toBeNull();
    // Team's Stripe price predates the current credit price: 10,000 × 0.004 = $40 applies once plans are saved.
    expect((screen.getByLabelText('Plan 2 price (USD per month)') as HTMLInputElement).value).toBe('$40.00');
    expect(within(screen.getByRole('region', { name: 'Plan 2' })).getByText('Clients pay $30.00 until you save plans.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Plan 1' })).queryByText(/until you save plans/)).toBeNull();
  });

  it('a failed save says why', async () => {
    await storeConnect({ ...CONNECTED, allowPlans: true });
    serve((url) => (url.endsWith('/upsert-plans') ? { status: 502, body: { message: 'Failed to save plans' } } : undefined));
    renderWithProviders(<AutoBillingTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save plans' }));
    expect(await screen.findByText('Failed to save plans')).toBeTruthy();
  });
});
