import { describe, expect, it } from 'vitest';
import { subscriptionAddonPrice, usesNewPricingAddonPrice } from './pricing';

describe('add-on prices on a subscription', () => {
  it.each([
    ['workspace-seat', 5, 50],
    ['twilio-phone-number', 3, 30],
    ['concurrent-call-line', 10, 100],
    ['whitelabel-new', 200, 2000],
  ] as const)('a new-pricing plan charges %s at the new add-on table: $%i a month, $%i a year', (key, monthly, yearly) => {
    for (const plan of ['starter', 'pro', 'agency']) {
      expect(subscriptionAddonPrice(plan, key, 'monthly', 'USD')).toBe(monthly);
      expect(subscriptionAddonPrice(plan, key, 'yearly', 'USD')).toBe(yearly);
    }
  });

  it('converts the new-pricing price at the currency\'s exchange rate (EUR 0.88, GBP 0.75)', () => {
    expect(subscriptionAddonPrice('pro', 'workspace-seat', 'yearly', 'EUR')).toBe(44);
    expect(subscriptionAddonPrice('pro', 'workspace-seat', 'monthly', 'GBP')).toBe(3.75);
    expect(subscriptionAddonPrice('agency', 'whitelabel-new', 'monthly', 'EUR')).toBe(176);
  });

  it('a client seat has no new-pricing price: the catalogue one ($5 a month, ten months a year)', () => {
    expect(usesNewPricingAddonPrice('pro', 'client_seat')).toBe(false);
    expect(subscriptionAddonPrice('pro', 'client_seat', 'monthly', 'USD')).toBe(5);
    expect(subscriptionAddonPrice('starter', 'client_seat', 'yearly', 'USD')).toBe(50);
  });

  it('pay-as-you-go and unknown plans keep the catalogue prices', () => {
    expect(usesNewPricingAddonPrice('pay_as_you_go', 'workspace-seat')).toBe(false);
    expect(subscriptionAddonPrice('pay_as_you_go', 'workspace-seat', 'monthly', 'USD')).toBe(10);
    expect(subscriptionAddonPrice('pay_as_you_go', 'whitelabel-new', 'monthly', 'EUR')).toBe(44);
    expect(subscriptionAddonPrice(null, 'concurrent-call-line', 'monthly', 'USD')).toBe(5);
  });
});
