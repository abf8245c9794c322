// The Confirm Subscription dialog (Stripe.js itself is the stand-in's in the journeys; here an object in its shape,
// under Stripe's own React wrapper): add-ons picked in the dialog reach create-subscription, the summary follows the picks with the tax
// line before paying, and the Country chosen in the billing address (for a workspace that never paid), Apple Pay is
// a placeholder, a yearly plan is priced for the year, 3-D Secure runs Stripe.js's handleNextAction (the server
// confirms automatically), and the success view says what was paid.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Stripe } from '@stripe/stripe-js';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkspace, renderWithProviders, stubFetch } from '../../test/render';
import type { BillingCatalogue, UserBillingData } from './billing-api';
import { StripeLoaderContext } from './stripe-loader';
import { SubscribeModal } from './SubscribeModal';

// A stand-in for Stripe.js, handed to the dialog through StripeLoaderContext; Stripe's React wrapper runs as is. Its
// address element is a Country field that fires Stripe's change event; its card is complete; the tests decide the rest.
const typedAddress = { name: 'Greta', address: { line1: '1 Allee', line2: null, city: 'Berlin', state: null, postal_code: '10115', country: 'DE' } };

function fakeElement(type: string) {
  const handlers = new Map<string, Set<(event: unknown) => void>>();
  const node = document.createElement('div');
  if (type === 'address') {
    const country = document.createElement('input');
    country.setAttribute('aria-label', 'Country');
    country.addEventListener('change', () => handlers.get('change')?.forEach((h) => h({ elementType: 'address', complete: false, value: { address: { country: country.value } } })));
    node.append(country);
  }
  return {
    mount: (parent: HTMLElement) => parent.append(node),
    unmount: () => node.remove(),
    destroy: () => node.remove(),
    update: () => undefined,
    on(event: string, handler: (event: unknown) => void) {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
    },
    off(event: string, handler: (event: unknown) => void) {
      handlers.get(event)?.delete(handler);
    },
    getValue: async () => ({ complete: true, value: typedAddress }),
  };
}

function fakeElements() {
  const created = new Map<string, ReturnType<typeof fakeElement>>();
  return {
    create(type: string) {
      const element = fakeElement(type);
      created.set(type, element);
      return element;
    },
    getElement: (type: string) => created.get(type) ?? null,
    update: () => undefined,
    on: () => undefined,
  };
}

const stripeJs = {
  elements: fakeElements,
  createToken: vi.fn(),
  confirmCardPayment: vi.fn(),
  registerAppInfo: vi.fn(),
  _registerWrapper: vi.fn(),
  createPaymentMethod: vi.fn(async () => ({ paymentMethod: { id: 'pm_new' } })),
  handleNextAction: vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })),
  handleCardAction: vi.fn(async () => ({ error: { message: 'handleCardAction is for manual confirmation only' } })),
};
const loadStripe = async () => stripeJs as unknown as Stripe;

function renderModal(ui: ReactNode) {
  return renderWithProviders(<StripeLoaderContext.Provider value={loadStripe}>{ui}</StripeLoaderContext.Provider>);
}

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
  renderModal(
    <SubscribeModal opened onClose={() => undefined} target={fakeWorkspace()} planId="pay_as_you_go" planLabel="Pay-As-You-Go" data={data} catalogue={catalogue} onSubscribed={onSubscribed} />,
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

const US = { country: 'US', currency: 'USD', symbol: '$', exchangeRate: 1, taxPercent: 0, description: 'No tax' } as const;
const usCatalogue = {
  ...catalogue,
  plans: [{ id: 'pay_as_you_go', label: 'Pay-As-You-Go', price: 20, period: '/month', additionalInfo: '', popular: true, prices: [{ currency: 'USD', amount: 20 }, { currency: 'EUR', amount: 22, originalAmount: 18 }] }],
  addons: [{ id: 'client_seat', name: 'Client Seat', description: '', period: '/month', price: 5, prices: [{ currency: 'USD', amount: 5 }, { currency: 'EUR', amount: 4.4 }] }],
  pricingPlans: [{ key: 'pro', name: 'Pro', monthly: 59, yearly: 590, popular: true }],
  tax: US,
} as unknown as BillingCatalogue;
const newCustomer = { ...data, customer: null, paymentMethod: null, currency: 'USD', tax: US } as unknown as UserBillingData;

function openNew(props: { planId?: string; planLabel?: string; billingCycle?: 'monthly' | 'yearly'; data?: UserBillingData; answer?: Record<string, unknown> } = {}) {
  const stub = stubFetch((url) => {
    if (url.includes('/stripe/upsert-payment-method')) return { status: 200, body: { customerId: 'cus_1' } };
    if (url.includes('/stripe/confirm-subscription-payment')) return { status: 200, body: { success: true, status: 'succeeded' } };
    return { status: 200, body: { status: 'succeeded', requiresAction: false, clientSecret: null, paymentIntentId: 'pi_1', subscriptionId: 'sub_1', transactionId: 'pi_1', amountPaid: 0, tax: { currency: 'EUR', net: 0, tax: 0, total: 0, description: 'No tax' }, ...props.answer } };
  });
  vi.stubGlobal('fetch', stub.fn);
  renderModal(
    <SubscribeModal
      opened onClose={() => undefined} target={fakeWorkspace()} planId={props.planId ?? 'pay_as_you_go'} planLabel={props.planLabel ?? 'Pay-As-You-Go'} billingCycle={props.billingCycle}
      data={props.data ?? newCustomer} catalogue={usCatalogue} onSubscribed={() => undefined}
    />,
  );
  return stub.calls;
}

describe('Confirm Subscription: currency and tax follow the billing address', () => {
  it('Germany chosen as Country: euros and "EU Tax (DE 27%)" before paying', async () => {
    openNew();
    await screen.findByRole('textbox', { name: 'Country' });
    expect(summary().getByText('No tax')).toBeTruthy();
    expect(summary().getByText('$20/month')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Country' }), { target: { value: 'DE' } });
    expect(summary().getByText('EU Tax (DE 27%)')).toBeTruthy();
    expect(summary().getByText('€5.94')).toBeTruthy();
    expect(summary().getByText('€27.94/month')).toBeTruthy();
    expect(screen.getByText('Client Seat (€4.40/month)')).toBeTruthy();
    expect(screen.getByTestId('subscribe-plan-price').textContent).toBe('Pay-As-You-Go: €22/month');
    // A country typed halfway changes nothing yet; the UK is pounds with UK tax.
    fireEvent.change(screen.getByRole('textbox', { name: 'Country' }), { target: { value: 'G' } });
    expect(summary().getByText('No tax')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Country' }), { target: { value: 'GB' } });
    expect(summary().getByText('UK Tax (35%)')).toBeTruthy();
  });

  it('a workspace that has paid keeps its currency whatever the address says', async () => {
    openNew({ data: { ...newCustomer, currencyLocked: true } as UserBillingData });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Country' }), { target: { value: 'DE' } });
    expect(summary().getByText('No tax')).toBeTruthy();
    expect(summary().getByText('$20/month')).toBeTruthy();
  });
});

describe('Confirm Subscription: new pricing and 3-D Secure', () => {
  it('Pro yearly is priced for the year and sent with its cycle', async () => {
    const calls = openNew({ planId: 'pro', planLabel: 'Pro', billingCycle: 'yearly' });
    await screen.findByRole('textbox', { name: 'Country' });
    expect(screen.getByTestId('subscribe-plan-price').textContent).toBe('Pro: $590/year');
    fireEvent.click(screen.getByRole('button', { name: 'Increase Client Seat' }));
    expect(screen.getByText('Client Seat ($50/year)')).toBeTruthy();
    expect(summary().getByText('$640/year')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await screen.findByText('You are now on Pro.');
    const body = JSON.parse(String(calls.find((c) => c.url.includes('/stripe/create-subscription'))!.init.body));
    expect(body).toMatchObject({ planId: 'pro', billingCycle: 'yearly', paymentMethodId: 'pm_new', addonsToShow: [{ addonKey: 'client_seat', quantity: 1 }] });
  });

  it('finishes 3-D Secure with handleNextAction (the server confirmed), then confirms the payment', async () => {
    stripeJs.handleNextAction.mockClear();
    const calls = openNew({ answer: { status: 'requires_action', requiresAction: true, clientSecret: 'pi_1_secret_x' } });
    await screen.findByRole('textbox', { name: 'Country' });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await screen.findByText('You are now on Pay-As-You-Go.');
    expect(stripeJs.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
    expect(stripeJs.handleCardAction).not.toHaveBeenCalled();
    expect(calls.some((c) => c.url.includes('/stripe/confirm-subscription-payment'))).toBe(true);
  });

  it('a failed challenge is the subscription error with Stripe\'s message', async () => {
    stripeJs.handleNextAction.mockResolvedValueOnce({ error: { message: 'We are unable to authenticate your payment method.' } } as never);
    openNew({ answer: { status: 'requires_action', requiresAction: true, clientSecret: 'pi_1_secret_x' } });
    await screen.findByRole('textbox', { name: 'Country' });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await screen.findByText('We are unable to authenticate your payment method.');
    expect(screen.getByText('Subscription Error: There was an error creating your subscription. Please try again.')).toBeTruthy();
  });

  it('says "Card or address form is missing" when the card field is not on the form, and sends nothing', async () => {
    const elements = vi.spyOn(stripeJs, 'elements').mockImplementation(() => {
      const all = fakeElements();
      return { ...all, getElement: (type: string) => (type === 'card' ? null : all.getElement(type)) };
    });
    try {
      const calls = openNew();
      await screen.findByRole('textbox', { name: 'Country' });
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Card or address form is missing');
      expect(calls.some((c) => c.url.includes('/stripe/create-subscription'))).toBe(false);
    } finally {
      elements.mockRestore();
    }
  });
});
