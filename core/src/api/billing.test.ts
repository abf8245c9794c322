// The billing contracts refuse what section 5 refuses, at the edges of every range: credit purchases, own-plan and
// connected auto-recharge, top-ups, add-on quantities, cancel reasons, discount codes, agency plans and USDPerToken.
import { describe, expect, it } from 'vitest';
import * as billing from './billing';

const ws = { userId: 'u1', region: 'na' as const };
const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) => schema.safeParse(v).success;
const message = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) => schema.safeParse(v).error?.issues[0]?.message;

describe('credit purchase: 1,000 to 50,000 in steps of 500', () => {
  it.each([[1000, true], [999, false], [500, false], [1500, true], [1250, false], [50000, true], [50500, false], [0, false]])('%i credits → %s', (credits, valid) => {
    expect(ok(billing.purchaseCredits.body, { ...ws, credits })).toBe(valid);
  });
});

describe('own-plan auto-recharge', () => {
  const base = { ...ws, enabled: true, threshold: 500, amount: 5, monthlyLimit: 100 };
  it.each([
    ['threshold', 500, true], ['threshold', 2500, true], ['threshold', 0, false], ['threshold', 3000, false], ['threshold', 750, false], ['threshold', 1000, true],
    ['amount', 5, true], ['amount', 25, true], ['amount', 4, false], ['amount', 30, false], ['amount', 7, false], ['amount', 10, true],
    ['monthlyLimit', 0, true], ['monthlyLimit', 500, true], ['monthlyLimit', 525, false], ['monthlyLimit', 30, false], ['monthlyLimit', -25, false], ['monthlyLimit', 25, true],
  ] as const)('%s %i → %s', (field, value, valid) => {
    expect(ok(billing.updateAutoRecharge.body, { ...base, [field]: value })).toBe(valid);
  });
  it('defaults the monthly limit to 100', () => {
    const { monthlyLimit: _omit, ...rest } = base;
    expect(billing.updateAutoRecharge.body.parse(rest).monthlyLimit).toBe(100);
  });
});

describe('connected (org) auto-recharge', () => {
  const base = { orgId: 'o1', region: 'na' as const, automaticBilling: true, workspaceStripeAccountId: 'acct_1', threshold: 500, amount: 5 };
  it.each([
    ['threshold', 100, true], ['threshold', 5000, true], ['threshold', 0, false], ['threshold', 5100, false], ['threshold', 150, false],
    ['amount', 5, true], ['amount', 100, true], ['amount', 0, false], ['amount', 105, false], ['amount', 12, false],
  ] as const)('%s %i → %s', (field, value, valid) => {
    expect(ok(billing.connectUpdateAutoRecharge.body, { ...base, [field]: value })).toBe(valid);
  });
});

describe('USD top-up: at least 5', () => {
  it.each([[5, true], [4.99, false], [0, false], [100, true]])('%d → %s', (amount, valid) => {
    expect(ok(billing.topUpUsd.body, { ...ws, amount })).toBe(valid);
  });
});

describe('add-ons in the subscribe dialog: 0 to 10', () => {
  it.each([[0, true], [10, true], [11, false], [-1, false], [1.5, false]])('quantity %d → %s', (quantity, valid) => {
    expect(ok(billing.createSubscription.body, { ...ws, planId: 'pay_as_you_go', addonsToShow: [{ addonKey: 'workspace-seat', quantity }] })).toBe(valid);
    expect(ok(billing.addAddonToSubscription.body, { ...ws, addons: [{ addonId: 'client_seat', quantity }] })).toBe(valid);
  });
  it('refuses an unknown add-on', () => {
    expect(ok(billing.checkAddonStatus.body, { ...ws, addonKeys: ['free-lunch'] })).toBe(false);
  });
});

describe('cancel reason and discount code', () => {
  it('takes only the five reasons', () => {
    for (const reason of ['Too expensive', 'Missing features', 'Found a better alternative', 'Temporary need', 'Other']) expect(ok(billing.cancelSubscription.body, { ...ws, reason })).toBe(true);
    expect(ok(billing.cancelSubscription.body, { ...ws, reason: 'Bored' })).toBe(false);
    expect(ok(billing.cancelSubscription.body, { ...ws })).toBe(false);
  });
  it('an empty code is "Please enter a discount code"', () => {
    expect(message(billing.checkDiscountCode.body, { ...ws, discountCode: '   ' })).toBe('Please enter a discount code');
  });
});

describe('agency plans and billing settings', () => {
  const plan = { name: 'Basic', credits: 5000, features: ['Support'] };
  const input = (p: object) => ({ agencyAccountId: 'acct_1', workspaceId: 'w1', region: 'na', plans: [{ ...plan, ...p }] });
  it('needs a feature with text, at most 5', () => {
    expect(ok(billing.upsertAgencyPlans.body, input({}))).toBe(true);
    expect(message(billing.upsertAgencyPlans.body, input({ features: [] }))).toBe('Each plan must have at least one feature');
    expect(message(billing.upsertAgencyPlans.body, input({ features: ['  '] }))).toBe('Each plan must have at least one feature with text');
    expect(ok(billing.upsertAgencyPlans.body, input({ features: ['1', '2', '3', '4', '5'] }))).toBe(true);
    expect(message(billing.upsertAgencyPlans.body, input({ features: ['1', '2', '3', '4', '5', '6'] }))).toBe('Maximum of 5 features allowed');
  });
  it('USDPerToken must be a number: "Please enter a valid number"', () => {
    expect(message(billing.saveConnectBillingSettings.body, { workspaceId: 'w1', region: 'na', USDPerToken: 'abc' })).toBe('Please enter a valid number');
    expect(ok(billing.saveConnectBillingSettings.body, { workspaceId: 'w1', region: 'na', USDPerToken: 0.003 })).toBe(true);
  });
  it('Stripe ids have their prefixes', () => {
    expect(ok(billing.connectUpdatePayment.body, { orgId: 'o', region: 'na', paymentMethodId: 'card_1', workspaceStripeAccountId: 'acct_1' })).toBe(false);
    expect(ok(billing.connectUpdatePayment.body, { orgId: 'o', region: 'na', paymentMethodId: 'pm_1', workspaceStripeAccountId: 'acct_1' })).toBe(true);
  });
});
