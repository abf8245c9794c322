// The Confirm Subscription dialog with the saved card (Stripe.js itself is the stand-in's in the journeys; here only
// its React wrapper is replaced, since no card is typed): add-ons picked in the dialog reach create-subscription,
// the summary follows the picks with the tax line before paying, Apple Pay is a placeholder, and the success view
// says what was paid.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkspace, renderWithProviders, stubFetch } from '../../test/render';
import type { BillingCatalogue, UserBillingData } from './billing-api';
import { SubscribeModal } from './SubscribeModal';

vi.mock('./stripe-loader', () => ({ stripePromise: () => Promise.resolve({}) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  useStripe: () => ({}),
  useElements: () => ({}),
  CardElement: () => null,
  AddressElement: () => null,
}));

afterEach(() => vi.unstubAllGlobals());

const GB = { country: 'GB', currency: 'GBP', symbol: '£', exchangeRate: 0.75, taxPercent: 35, description: 'UK Tax (35%)' } as const;
const catalogue = {
  plans: [{ id: 'pay_as_you_go', label: 'Pay-As-You-Go', price: 20, period: '/month', additionalInfo: '', popular: true, prices: [{ currency: 'GBP', amount: 20, originalAmount: 15 }] }],
  addons: [
    { id: 'whitelabel-new', name: 'Whitelabel', description: '', period: '/month', price: 50, prices: [{ currency: 'GBP', amount: 37.5 }] },
    { id: 'client_seat', name: 'Client Seat', description: '', period: '/month', price: 5, prices: [{ currency: 'GBP', amount: 3.75 }] },
  ],
  pricingPlans: [],
  usdPerCredit: 0.001,
  tax: GB,
  ranges: { creditPurchase: { min: 1000, max: 50000, step: 500 }, topUpMin: 5 },
} as unknown as BillingCatalogue;

const data = {
  customer: { id: 'cus_1', email: 'owner@example.com', balance: 0 }, subscriptions: [], internalKeyRef: 'owner1', currency: 'GBP', subscriptionItems: [],
  paymentMethod: { id: 'pm_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 }, billing_details: null, customer: 'cus_1' },
  currentPlan: { name: 'free', status: 'free', renewalDate: null, credits: { used: 0, total: 0 }, cancels: false, cancelsAt: null, usdBalance: 0 },
  autoRecharge: { enabled: false, threshold: 500, amount: 5, monthlyLimit: 100 },
  tax: GB,
} as unknown as UserBillingData;

function open() {
  const stub = stubFetch(() => ({
    status: 200,
    body: { status: 'active', requiresAction: false, clientSecret: null, paymentIntentId: null, subscriptionId: 'sub_1', transactionId: 'in_1', amountPaid: 82.69, tax: { currency: 'GBP', net: 61.25, tax: 21.44, total: 82.69, description: 'UK Tax (35%)' } },
  }));
  vi.stubGlobal('fetch', stub.fn);
  const onSubscribed = vi.fn();
  renderWithProviders(
    <SubscribeModal opened onClose={() => undefined} target={fakeWorkspace()} planId="pay_as_you_go" planLabel="Pay-As-You-Go" priceLabel="£20/month" data={data} catalogue={catalogue} onSubscribed={onSubscribed} />,
  );
  return { calls: stub.calls, onSubscribed };
}

const summary = () => within(screen.getByRole('region', { name: 'Payment summary' }));

describe('Confirm Subscription', () => {
  it('prices the plan and picked add-ons in pounds with UK tax, and sends the picks', async () => {
    const { calls, onSubscribed } = open();
    await screen.findByRole('checkbox', { name: 'Whitelabel (£37.50/month)' });
    expect(summary().getByText('UK Tax (35%)')).toBeTruthy();
    expect(summary().getByText('£27/month')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Whitelabel (£37.50/month)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase Client Seat' }));
    expect(summary().getByText('Whitelabel × 1')).toBeTruthy();
    expect(summary().getByText('Client Seat × 1')).toBeTruthy();
    // (20 + 37.50 + 3.75) × 1.35
    expect(summary().getByText('£21.44')).toBeTruthy();
    expect(summary().getByText('£82.69/month')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await screen.findByText('You are now on Pay-As-You-Go.');
    expect(screen.getByTestId('subscription-paid').textContent).toBe('Paid £82.69 (UK Tax (35%) £21.44)');
    const body = JSON.parse(String(calls.find((c) => c.url.includes('/stripe/create-subscription'))!.init.body));
    expect(body).toMatchObject({ planId: 'pay_as_you_go', addonsToShow: [{ addonKey: 'whitelabel-new', quantity: 1 }, { addonKey: 'client_seat', quantity: 1 }] });
    expect(body.paymentMethodId).toBeUndefined();
    expect(onSubscribed).toHaveBeenCalledOnce();
  });

  it('Apple Pay is a placeholder', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Apple Pay' }));
    await waitFor(() => expect(screen.getAllByText('Apple Pay is not yet implemented').length).toBeGreaterThan(0));
    expect(screen.queryByText('You are now on Pay-As-You-Go.')).toBeNull();
  });
});
