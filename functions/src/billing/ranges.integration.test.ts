// Section 5's ranges at their edges, as the server answers them: just outside a range the request is refused (400)
// before anything else happens; at the edge it is accepted and goes on to the next rule (on a free workspace with
// no card: the free plan's or the payment method's refusal), so the range itself is what the server draws.
import { AUTO_RECHARGE_CONNECTED, AUTO_RECHARGE_OWN_PLAN, BILLING_MESSAGES, CREDIT_PURCHASE, USD_TOP_UP_MIN } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeWorkspace, startBillingStack, type BillingStack } from '../../test/billing';

let stack: BillingStack;
let ws: Awaited<ReturnType<typeof makeWorkspace>>;

beforeAll(async () => {
  stack = await startBillingStack();
  ws = await makeWorkspace();
});
afterAll(async () => {
  await stack?.stop();
});

const post = (path: string, body: Record<string, unknown>) => call(stack.api, path, { userId: ws.uid, region: ws.region, ...body }, ws.secret);

describe('credit purchase: 1,000 to 50,000, step 500', () => {
  it.each([CREDIT_PURCHASE.min, CREDIT_PURCHASE.min + CREDIT_PURCHASE.step, CREDIT_PURCHASE.max])('%i credits is accepted (then: no card)', async (credits) => {
    expect(await post('/stripe/purchase-credits', { credits })).toEqual({ status: 402, json: { success: false, error: BILLING_MESSAGES.paymentMethodRequired } });
  });
  it.each([0, CREDIT_PURCHASE.min - 1, CREDIT_PURCHASE.min - CREDIT_PURCHASE.step, 1250, CREDIT_PURCHASE.max + CREDIT_PURCHASE.step, CREDIT_PURCHASE.max + 1])(
    '%i credits is refused with 400',
    async (credits) => {
      const res = await post('/stripe/purchase-credits', { credits });
      expect(res.status).toBe(400);
      expect(res.json.error).not.toBe(BILLING_MESSAGES.paymentMethodRequired);
    },
  );
});

describe('own-plan auto-recharge: threshold 500–2,500 step 500, amount 5–25 step 5, monthly limit 0–500 step 25', () => {
  const { threshold: t, amount: a, monthlyLimit: m } = AUTO_RECHARGE_OWN_PLAN;
  const base = { enabled: true, threshold: t.min, amount: a.min, monthlyLimit: m.default };
  it.each([
    ['threshold', t.min], ['threshold', t.max], ['amount', a.min], ['amount', a.max], ['monthlyLimit', m.min], ['monthlyLimit', m.max], ['monthlyLimit', m.step],
  ] as const)('%s %d is accepted (then: the free plan refusal)', async (field, value) => {
    expect(await post('/stripe/update-autorecharge', { ...base, [field]: value })).toEqual({ status: 403, json: { success: false, error: BILLING_MESSAGES.freePlanAutoRecharge } });
  });
  it.each([
    ['threshold', t.min - t.step], ['threshold', t.max + t.step], ['threshold', t.min + 1], ['amount', a.min - a.step], ['amount', a.max + a.step], ['amount', a.min + 1],
    ['monthlyLimit', m.min - m.step], ['monthlyLimit', m.max + m.step], ['monthlyLimit', m.step + 1],
  ] as const)('%s %d is refused with 400', async (field, value) => {
    const res = await post('/stripe/update-autorecharge', { ...base, [field]: value });
    expect(res.status).toBe(400);
  });
  it('a request without a monthly limit is accepted (it defaults to 100)', async () => {
    const { monthlyLimit: _omit, ...withoutLimit } = base;
    expect((await post('/stripe/update-autorecharge', withoutLimit)).status).toBe(403);
  });
});

describe('connected (org) auto-recharge: threshold 100–5,000 step 100, amount $5–100 step 5', () => {
  const { threshold: t, amount: a } = AUTO_RECHARGE_CONNECTED;
  const base = { orgId: 'no-such-org', automaticBilling: true, workspaceStripeAccountId: 'acct_edges', threshold: t.default, amount: a.default };
  it.each([['threshold', t.min], ['threshold', t.max], ['amount', a.min], ['amount', a.max]] as const)('%s %d is accepted (then: the org is unknown)', async (field, value) => {
    const res = await post('/stripe/connect/update-autorecharge', { ...base, [field]: value });
    expect(res.status).not.toBe(400);
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
  it.each([
    ['threshold', t.min - t.step], ['threshold', t.max + t.step], ['threshold', t.min + 50], ['amount', a.min - a.step], ['amount', a.max + a.step], ['amount', a.min + 2],
  ] as const)('%s %d is refused with 400', async (field, value) => {
    expect((await post('/stripe/connect/update-autorecharge', { ...base, [field]: value })).status).toBe(400);
  });
});

describe('USD top-up: at least 5', () => {
  it('5 is accepted (then: the free plan refusal); 4.99 and 0 are refused with 400', async () => {
    expect(await post('/stripe/top-up-usd', { amount: USD_TOP_UP_MIN })).toEqual({ status: 403, json: { success: false, error: BILLING_MESSAGES.topUpFreePlan } });
    expect((await post('/stripe/top-up-usd', { amount: USD_TOP_UP_MIN - 0.01 })).status).toBe(400);
    expect((await post('/stripe/top-up-usd', { amount: 0 })).status).toBe(400);
  });
});

describe('add-ons: 0 to 10, whitelabel-new at most 1, only with an active subscription', () => {
  it.each([0, 10])('quantity %d is accepted (then: no active subscription)', async (quantity) => {
    const res = await post('/stripe/add-addon-to-subscription', { addons: [{ addonId: 'workspace-seat', quantity }] });
    expect(res.status).not.toBe(400);
    expect(JSON.stringify(res.json)).toContain(BILLING_MESSAGES.addonsNeedSubscription);
  });
  it.each([-1, 11, 1.5])('quantity %d is refused with 400', async (quantity) => {
    expect((await post('/stripe/add-addon-to-subscription', { addons: [{ addonId: 'workspace-seat', quantity }] })).status).toBe(400);
    expect((await post('/stripe/create-subscription', { planId: 'pay_as_you_go', addonsToShow: [{ addonKey: 'workspace-seat', quantity }] })).status).toBe(400);
  });
});

describe('discount code and cancel reason', () => {
  it('an empty discount code is "Please enter a discount code" (400)', async () => {
    const res = await post('/stripe/check-discount-code', { discountCode: '' });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(BILLING_MESSAGES.discountEmpty);
  });
  it('a reason outside the five, or Other without text, is refused with 400', async () => {
    expect((await post('/stripe/cancel-subscription', { reason: 'Bored' })).status).toBe(400);
    expect(await post('/stripe/cancel-subscription', { reason: 'Other' })).toMatchObject({ status: 400, json: { error: 'Please specify' } });
  });
});
