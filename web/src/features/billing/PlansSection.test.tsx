// The catalogue as a workspace sees it in its own currency: plan and add-on prices in USD/EUR/GBP, the new
// pricing's starter/pro/agency table, and where Modify Plan appears.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AddonsSection } from './AddonsSection';
import type { BillingCatalogue, UserBillingData } from './billing-api';
import { PlansSection } from './PlansSection';
import { PricingTable } from './PricingTable';
import { SubscribeAddons, subscribeSummary } from './SubscribeAddons';

const TAX = {
  USD: { country: 'US', currency: 'USD', symbol: '$', exchangeRate: 1, taxPercent: 0, description: 'No tax' },
  EUR: { country: 'FR', currency: 'EUR', symbol: '€', exchangeRate: 0.88, taxPercent: 27, description: 'EU Tax (FR 27%)' },
  GBP: { country: 'GB', currency: 'GBP', symbol: '£', exchangeRate: 0.75, taxPercent: 35, description: 'UK Tax (35%)' },
} as const;

function catalogue(currency: keyof typeof TAX): BillingCatalogue {
  return {
    plans: [
      { id: 'free', label: 'Free', price: 0, prices: [], period: 'forever', additionalInfo: '', popular: false },
      {
        id: 'pay_as_you_go', label: 'Pay-As-You-Go', price: 20, period: '/month', additionalInfo: '+ usage', popular: true,
        prices: [{ currency: 'USD', amount: 20 }, { currency: 'EUR', amount: 22, originalAmount: 18 }, { currency: 'GBP', amount: 20, originalAmount: 15 }],
      },
      { id: 'enterprise', label: 'Enterprise', price: 1000, prices: [{ currency: 'USD', amount: 1000 }], period: '/month', additionalInfo: '', popular: false },
    ],
    addons: [
      { id: 'whitelabel-new', name: 'Whitelabel', description: '', period: '/month', price: 50, prices: [{ currency: 'USD', amount: 50 }, { currency: 'EUR', amount: 44 }, { currency: 'GBP', amount: 37.5 }] },
      { id: 'workspace-seat', name: 'Workspace Seat', description: '', period: '/month', price: 10, prices: [{ currency: 'USD', amount: 10 }, { currency: 'EUR', amount: 8.8 }, { currency: 'GBP', amount: 7.5 }] },
    ],
    pricingPlans: [{ key: 'starter', monthly: 25, yearly: 250, popular: false }, { key: 'pro', name: 'Pro', monthly: 59, yearly: 590, popular: false }, { key: 'agency', monthly: 109, yearly: 1090, popular: false }],
    usdPerCredit: 0.001,
    tax: TAX[currency],
    ranges: { creditPurchase: { min: 1000, max: 50000, step: 500 }, topUpMin: 5 },
  } as BillingCatalogue;
}

function data(plan: string, status: string, items: UserBillingData['subscriptionItems'] = []): UserBillingData {
  return {
    customer: null, subscriptions: [], paymentMethod: null, internalKeyRef: 'owner1', currency: 'USD', subscriptionItems: items,
    currentPlan: { name: plan, status, renewalDate: null, credits: { used: 0, total: 0 }, cancels: false, cancelsAt: null, usdBalance: 0 },
    autoRecharge: { enabled: false, threshold: 500, amount: 5, monthlyLimit: 100 },
    tax: TAX.USD,
  } as UserBillingData;
}

const card = (name: string) => within(screen.getByRole('region', { name }));

describe('plans in the workspace currency', () => {
  it('a US workspace sees dollars; enterprise is a starting price', () => {
    renderWithProviders(<PlansSection catalogue={catalogue('USD')} data={data('free', 'free')} onUpgrade={() => undefined} onModify={() => undefined} />);
    expect(screen.getByTestId('plan-price-pay_as_you_go').textContent).toBe('$20/month');
    expect(screen.getByTestId('plan-price-enterprise').textContent).toBe('$1000+/month');
    expect(screen.getByTestId('plan-price-free').textContent).toBe('Free');
    expect(screen.queryByLabelText('Original price')).toBeNull();
  });

  it('an EU workspace sees €22 with the original €18; a UK one £20 with £15', () => {
    const { unmount } = renderWithProviders(<PlansSection catalogue={catalogue('EUR')} data={data('free', 'free')} onUpgrade={() => undefined} onModify={() => undefined} />);
    expect(screen.getByTestId('plan-price-pay_as_you_go').textContent).toBe('€22/month');
    expect(card('Pay-As-You-Go').getByLabelText('Original price').textContent).toBe('€18');
    unmount();
    renderWithProviders(<PlansSection catalogue={catalogue('GBP')} data={data('free', 'free')} onUpgrade={() => undefined} onModify={() => undefined} />);
    expect(screen.getByTestId('plan-price-pay_as_you_go').textContent).toBe('£20/month');
    expect(card('Pay-As-You-Go').getByLabelText('Original price').textContent).toBe('£15');
  });

  it('an active Pay-As-You-Go plan is the Current Plan with Modify Plan; free offers Upgrade instead', () => {
    const onModify = vi.fn();
    const { unmount } = renderWithProviders(<PlansSection catalogue={catalogue('USD')} data={data('pay_as_you_go', 'active')} onUpgrade={() => undefined} onModify={onModify} />);
    expect(card('Pay-As-You-Go').getByRole('button', { name: 'Current Plan' })).toHaveProperty('disabled', true);
    fireEvent.click(card('Pay-As-You-Go').getByRole('button', { name: 'Modify Plan' }));
    expect(onModify).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
    unmount();
    renderWithProviders(<PlansSection catalogue={catalogue('USD')} data={data('free', 'free')} onUpgrade={() => undefined} onModify={onModify} />);
    expect(card('Pay-As-You-Go').getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Modify Plan' })).toBeNull();
  });
});

describe('new pricing table and add-ons', () => {
  it('shows starter, pro and agency monthly and yearly in the workspace currency', () => {
    renderWithProviders(<PricingTable catalogue={catalogue('EUR')} data={data('free', 'free')} onSubscribe={() => undefined} />);
    const rows = within(screen.getByRole('region', { name: 'Plan pricing' })).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual([
      'PlanMonthlyYearly',
      'Starter€22/monthSubscribe€220/yearSubscribe',
      'Pro€51.92/monthSubscribe€519.20/yearSubscribe',
      'Agency€95.92/monthSubscribe€959.20/yearSubscribe',
    ]);
  });

  it('subscribes to a plan in the cycle picked; the one subscribed to is the Current Plan and the others wait', () => {
    const onSubscribe = vi.fn();
    const { unmount } = renderWithProviders(<PricingTable catalogue={catalogue('USD')} data={data('free', 'free')} onSubscribe={onSubscribe} />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro yearly' }));
    expect(onSubscribe).toHaveBeenCalledWith(expect.objectContaining({ key: 'pro' }), 'yearly');
    unmount();
    const onPro = { ...data('pro', 'active'), currentPlan: { ...data('pro', 'active').currentPlan, billingCycle: 'yearly' as const } };
    renderWithProviders(<PricingTable catalogue={catalogue('USD')} data={onPro} onSubscribe={onSubscribe} />);
    const pro = within(screen.getByRole('row', { name: /Pro/ }));
    expect(pro.getByRole('button', { name: 'Current Plan' })).toHaveProperty('disabled', true);
    expect(pro.getByRole('button', { name: 'Subscribe to Pro monthly' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Subscribe to Starter yearly' })).toHaveProperty('disabled', true);
  });

  it('prices a yearly plan and its add-ons for the year in the summary', () => {
    const summary = subscribeSummary(catalogue('EUR'), 'pro', { 'workspace-seat': 1 }, null, 'yearly');
    // Pro €519.20 + a seat at the new pricing's $50 a year = €44; 27 % EU tax
    expect(summary.lines).toEqual([{ label: 'Pro', amount: 519.2 }, { label: 'Workspace Seat × 1', amount: 44 }]);
    expect(summary).toMatchObject({ currency: 'EUR', net: 563.2, tax: 152.06, total: 715.26, taxLabel: 'EU Tax (FR 27%)' });
  });

  it('lists add-on prices in pounds with the quantities on the subscription', () => {
    renderWithProviders(<AddonsSection catalogue={catalogue('GBP')} data={data('pay_as_you_go', 'active', [{ id: 'si_1', priceId: 'price_1', addonKey: 'workspace-seat', quantity: 3 }])} onModify={() => undefined} />);
    const rows = within(screen.getByRole('region', { name: 'Add-ons' })).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['Add-onPriceOn your plan', 'Whitelabel£37.50/month0', 'Workspace Seat£7.50/month3']);
  });

  it('a yearly new-pricing plan lists its add-ons at the new pricing\'s yearly prices, billed yearly', () => {
    const yearly = data('pro', 'active', [{ id: 'si_1', priceId: 'price_1', addonKey: 'workspace-seat', quantity: 1 }]);
    yearly.currentPlan = { ...yearly.currentPlan, billingCycle: 'yearly' };
    renderWithProviders(<AddonsSection catalogue={catalogue('USD')} data={yearly} onModify={() => undefined} />);
    const region = within(screen.getByRole('region', { name: 'Add-ons' }));
    expect(region.getAllByRole('row').map((r) => r.textContent)).toEqual(['Add-onPriceOn your plan', 'Whitelabel$2000/year0', 'Workspace Seat$50/year1']);
    expect(region.getByText('Add-ons are non-refundable and billed yearly.')).toBeTruthy();
  });

  it('the subscribe dialog prices a new-pricing plan\'s add-ons from its own table, in the workspace\'s currency', () => {
    renderWithProviders(<SubscribeAddons catalogue={catalogue('GBP')} value={{}} onChange={() => undefined} planId="starter" cycle="monthly" />);
    expect(screen.getByRole('checkbox', { name: 'Whitelabel (£150/month)' })).toBeTruthy();
    expect(screen.getByText('Workspace Seat (£3.75/month)')).toBeTruthy();
  });

  it('the subscribe dialog offers whitelabel as a checkbox and other add-ons as steppers', () => {
    const onChange = vi.fn();
    renderWithProviders(<SubscribeAddons catalogue={catalogue('USD')} value={{ 'workspace-seat': 10 }} onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Whitelabel ($50/month)' }));
    expect(onChange).toHaveBeenLastCalledWith({ 'workspace-seat': 10, 'whitelabel-new': 1 });
    expect(screen.getByRole('button', { name: 'Increase Workspace Seat' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease Workspace Seat' }));
    expect(onChange).toHaveBeenLastCalledWith({ 'workspace-seat': 9 });
  });

  it('the subscribe summary prices plan and add-ons in the currency with the tax line before paying', () => {
    expect(subscribeSummary(catalogue('EUR'), 'pay_as_you_go', { 'whitelabel-new': 1, 'workspace-seat': 0 })).toMatchObject({
      lines: [{ label: 'Pay-As-You-Go', amount: 22 }, { label: 'Whitelabel × 1', amount: 44 }],
      taxLabel: 'EU Tax (FR 27%)', tax: 17.82, total: 83.82, currency: 'EUR',
    });
    expect(subscribeSummary(catalogue('GBP'), 'pay_as_you_go', { 'workspace-seat': 2 }, { valid: true, percent_off: 10, duration: 'once' })).toMatchObject({
      subtotal: 35, discount: 3.5, net: 31.5, taxLabel: 'UK Tax (35%)', tax: 11.03, total: 42.53, currency: 'GBP',
    });
  });
});
