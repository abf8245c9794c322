// The billing page as the owner sees it: the Current Plan card (usage colour, the cancelling banner), the plan
// buttons, and credits that cannot be bought before a card is saved.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectTestFirestore } from '../../test/emulator';
import { renderWithProviders, stubFetch } from '../../test/render';
import BillingPage from './BillingPage';

// The page's Usage section listens to the workspace's daily credits: on the emulator, never a real backend.
const fs = connectTestFirestore();
const realFetch = globalThis.fetch;
afterEach(() => vi.unstubAllGlobals());

const tax = { country: 'US', currency: 'USD', symbol: '$', exchangeRate: 1, taxPercent: 0, description: '' };
const catalogue = {
  plans: [
    { id: 'free', label: 'Free', price: 0, prices: [], period: 'forever', additionalInfo: '', popular: false },
    { id: 'pay_as_you_go', label: 'Pay-As-You-Go', price: 20, prices: [], period: '/month', additionalInfo: '', popular: true },
    { id: 'enterprise', label: 'Enterprise', price: 1000, prices: [], period: '/month', additionalInfo: '', popular: false },
  ],
  addons: [],
  pricingPlans: [],
  usdPerCredit: 0.01,
  tax,
  ranges: { creditPurchase: { min: 1000, max: 50000, step: 500 }, topUpMin: 5 },
};

function userData(currentPlan: Record<string, unknown>, paymentMethod: unknown = null) {
  return {
    customer: null, subscriptions: [], paymentMethod, internalKeyRef: 'owner1', currency: 'USD', subscriptionItems: [],
    currentPlan: { usdBalance: 0, cancels: false, cancelsAt: null, renewalDate: null, ...currentPlan },
    autoRecharge: { enabled: false, threshold: 500, amount: 5, monthlyLimit: 100 },
    tax,
  };
}

function serve(data: ReturnType<typeof userData>) {
  const api = stubFetch((url) => ({ status: 200, body: url.includes('/stripe/catalogue') ? catalogue : data })).fn;
  // The server's answers are stubbed; the emulator's listeners go through.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (String(input instanceof Request ? input.url : input).includes(fs.hostPort) ? realFetch(input, init) : api(input, init)));
  renderWithProviders(<BillingPage />);
}

describe('billing page', () => {
  it('a free workspace sees Free as its Current Plan, Upgrade on Pay-As-You-Go and must add a card before buying credits', async () => {
    serve(userData({ name: 'free', status: 'free', credits: { used: 900, total: 1000 } }));
    expect(await screen.findByTestId('current-plan-name')).toHaveProperty('textContent', 'Free');
    expect(screen.getByRole('button', { name: 'Current Plan' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact sales' })).toBeTruthy();
    expect(screen.getByText('Please add a payment method to continue')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Purchase credits' })).toHaveProperty('disabled', true);
    expect(screen.getByText('900 / 1,000')).toBeTruthy();
  });

  it('a cancelling subscription shows the end date banner instead of Next Billing', async () => {
    const end = Date.UTC(2026, 11, 24) / 1000;
    serve(userData({ name: 'pay_as_you_go', status: 'active', cancels: true, cancelsAt: end, credits: { used: 0, total: 5000 } }));
    expect(await screen.findByText('Your subscription will end on Dec 24, 2026')).toBeTruthy();
    expect(screen.queryByText(/Next Billing/)).toBeNull();
  });
});
