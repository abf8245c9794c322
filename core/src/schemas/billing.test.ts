import { describe, expect, it } from 'vitest';
import {
  addonSchema, creditUsageLogSchema, discountSchema, feedbackSchema, invoiceSchema, limitToNumber, limitsSchema,
  paymentMethodSchema, planSchema, subscriptionRecordSchema,
} from './billing';

describe('limits and plans', () => {
  it.each([
    [{ maxAgents: 2, workspaceSeats: 2, twilioPhoneNumberSlots: 0 }, true],
    [{ maxAgents: 'infinity' }, true],
    [{ maxAgents: -1 }, false],
    [{ workspaceSeats: 1.5 }, false],
  ])('limits %j → %j', (input, ok) => {
    expect(limitsSchema.safeParse(input).success).toBe(ok);
  });
  it('reads infinity as Infinity', () => {
    expect(limitToNumber('infinity')).toBe(Infinity);
    expect(limitToNumber(3)).toBe(3);
    expect(limitToNumber(undefined, 2)).toBe(2);
  });
  it('plan defaults', () => {
    expect(planSchema.parse({ key: 'starter', name: 'Starter' })).toMatchObject({ billingCycle: 'monthly', features: [], stripePrices: [], limits: {}, metadata: {} });
  });
  it.each([
    [{ key: 'pro', name: 'Pro', billingCycle: 'yearly', stripePrices: [{ priceId: 'p', billingCycle: 'yearly', usdAmount: 590 }] }, true],
    [{ key: 'pro', name: 'Pro', billingCycle: 'weekly' }, false],
    [{ key: '', name: 'Pro' }, false],
  ])('plan %j → %j', (input, ok) => {
    expect(planSchema.safeParse(input).success).toBe(ok);
  });
});

describe('catalogue add-ons and subscriptions', () => {
  it.each([
    [{ id: 'workspace-seat', name: 'Seat', price: 10, prices: [{ currency: 'USD', amount: 10 }] }, true],
    [{ id: 'client_seat', name: 'Client seat', price: 5 }, true],
    [{ id: 'extra-agent', name: 'Agent', price: 1 }, false],
    [{ id: 'client_seat', name: 'Client seat', price: 5, prices: [{ currency: 'JPY', amount: 5 }] }, false],
  ])('addon %j → %j', (input, ok) => {
    expect(addonSchema.safeParse(input).success).toBe(ok);
  });
  it.each(['active', 'cancelled', 'canceled', 'trialing', 'past_due', 'unpaid', 'pending'])('status %s', (status) => {
    expect(subscriptionRecordSchema.safeParse({ status }).success).toBe(true);
  });
  it('rejects unknown statuses', () => {
    expect(subscriptionRecordSchema.safeParse({ status: 'paused' }).success).toBe(false);
  });
});

describe('discount, payment method, invoice', () => {
  it.each([
    [{ valid: true, percent_off: 20, duration: 'once', name: 'SAVE20' }, true],
    [{ valid: true, amount_off: 500, currency: 'usd', duration: 'forever' }, true],
    [{ valid: false }, true],
    [{ valid: true, percent_off: 120 }, false],
    [{ valid: true, duration: 'repeating' }, false],
  ])('discount %j → %j', (input, ok) => {
    expect(discountSchema.safeParse(input).success).toBe(ok);
  });
  it.each([
    [{ card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }, billing_details: { address: { line1: 'x', country: 'US' } }, customer: 'cus_1' }, true],
    [{ card: { brand: 'visa', last4: '42', exp_month: 12, exp_year: 2030 } }, false],
    [{ card: { brand: 'visa', last4: '4242', exp_month: 13, exp_year: 2030 } }, false],
  ])('payment method %j → %j', (input, ok) => {
    expect(paymentMethodSchema.safeParse(input).success).toBe(ok);
  });
  it.each([
    [{ id: 'in_1', number: 'A-1', created: 1700000000, hosted_invoice_url: 'https://pay/x' }, true],
    [{ id: 'in_1', number: null, created: 1700000000 }, true],
    [{ id: 'in_1', number: 'A', created: -1 }, false],
  ])('invoice %j → %j', (input, ok) => {
    expect(invoiceSchema.safeParse(input).success).toBe(ok);
  });
});

describe('feedback and credit usage logs', () => {
  it.each([
    [{ email: 'a@b.co', message: 'Great', attachmentLinks: [{ sizeKB: 12, filename: 'a.png', url: 'https://x/a.png' }] }, true],
    [{ email: 'nope', message: 'Great' }, false],
    [{ email: 'a@b.co', message: '' }, false],
  ])('feedback %j → %j', (input, ok) => {
    expect(feedbackSchema.safeParse(input).success).toBe(ok);
  });
  it.each([
    [{ amount: 3, direction: 'decrease', causedBy: 'agent', agentId: 'a', modelId: 'gpt', ts: 1, totalTokens: 100 }, true],
    [{ amount: 1000, direction: 'increase', causedBy: 'feature', featureKey: 'topup', ts: 1 }, true],
    [{ amount: 3, direction: 'sideways', causedBy: 'agent', ts: 1 }, false],
    [{ amount: -3, direction: 'decrease', causedBy: 'agent', ts: 1 }, false],
  ])('usage log %j → %j', (input, ok) => {
    expect(creditUsageLogSchema.safeParse(input).success).toBe(ok);
  });
});
