// The new pricing (starter, pro, agency; monthly or yearly) through create-subscription against the Stripe stand-in:
// each plan is charged its price in the customer's currency with its tax, yearly at the yearly price with yearly
// add-ons (at the new pricing's add-on table, client seats at the catalogue's), and the subscription sets the plan's limits and features (v2StripeConfig) that plan limits read. A
// workspace that never paid takes its currency from the card's billing-address country; a paid one keeps its own.
import { agentLimit, clientSeatLimit, paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { call, makeWorkspace, saveCard, startBillingStack, type BillingStack } from '../../test/billing';

let stack: BillingStack;
beforeAll(async () => {
  stack = await startBillingStack();
});
afterAll(async () => {
  await stack?.stop();
});

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
const subscribe = (ws: Ws, body: Record<string, unknown>) =>
  call(stack.api, '/stripe/create-subscription', { userId: ws.uid, region: ws.region, ...body }, ws.secret);
const record = async (ws: Ws) => (await databaseFor(ws.region).doc(paths.user(ws.uid)).get()).data() ?? {};

/** The subscription as Stripe holds it (its items' prices with their interval and currency). */
async function stripeSubscription(id: string): Promise<{ items: { data: Array<{ quantity: number; price: { currency: string; unit_amount: number; recurring: { interval: string }; metadata: Record<string, string> } }> } }> {
  const res = await fetch(`${stack.stripe.url}/v1/subscriptions/${id}`, { headers: { authorization: 'Bearer sk_test_billing' } });
  return (await res.json()) as never;
}

describe('new pricing plans', () => {
  it('Pro yearly is charged $590 on a yearly price and gives the Pro limits, shown as the current plan', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws, { planId: 'pro', billingCycle: 'yearly' });
    expect(sub.status).toBe(200);
    expect(sub.json).toMatchObject({ status: 'succeeded', amountPaid: 590, tax: { currency: 'USD', total: 590, description: 'No tax' } });
    const items = (await stripeSubscription(sub.json.subscriptionId)).items.data;
    expect(items.map((i) => [i.price.metadata.planId, i.price.unit_amount, i.price.recurring.interval])).toEqual([['pro', 59000, 'year']]);

    const data = await record(ws);
    expect(data.v2StripeConfig).toMatchObject({
      planId: 'pro', billingCycle: 'yearly', status: 'active',
      limits: { maxAgents: 10, workspaceSeats: 5, clientSeats: 10, maxConcurrentCalls: 20, twilioPhoneNumberSlots: 3, maxKbDocsCharCount: 5_000_000 },
    });
    expect(data.v2StripeConfig.features).toEqual(expect.arrayContaining(['client-portal']));
    expect(agentLimit(data)).toBe(10);
    expect(clientSeatLimit(data)).toBe(10);

    const view = await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret);
    expect(view.json.currentPlan).toMatchObject({ name: 'pro', status: 'active', billingCycle: 'yearly', limits: { maxAgents: 10, workspaceSeats: 5 } });
    expect(view.json.currencyLocked).toBe(true);
  });

  it('Starter monthly with a workspace seat: $25 + $5 (the new pricing\'s seat), the seat on top of the plan\'s seats', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws, { planId: 'starter', billingCycle: 'monthly', addonsToShow: [{ addonKey: 'workspace-seat', quantity: 1 }] });
    expect(sub.status).toBe(200);
    expect(sub.json.amountPaid).toBe(30);
    expect((await record(ws)).v2StripeConfig).toMatchObject({ planId: 'starter', billingCycle: 'monthly', limits: { maxAgents: 3, workspaceSeats: 3 } });
  });

  it('a yearly plan bills its add-ons yearly too, at ten months, also when added later through Modify Your Plan', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws, { planId: 'starter', billingCycle: 'yearly', addonsToShow: [{ addonKey: 'client_seat', quantity: 2 }] });
    expect(sub.status).toBe(200);
    // 250 + 2 × 5 × 10
    expect(sub.json.amountPaid).toBe(350);
    const added = await call(stack.api, '/stripe/add-addon-to-subscription', { userId: ws.uid, region: ws.region, addons: [{ addonId: 'twilio-phone-number', name: 'Twilio Phone Number', price: 3, quantity: 1, incrementalQuantity: 1, currency: 'USD' }] }, ws.secret);
    expect(added.status).toBe(200);
    const items = (await stripeSubscription(sub.json.subscriptionId)).items.data;
    expect(items.every((i) => i.price.recurring.interval === 'year')).toBe(true);
    expect(items.find((i) => i.price.metadata.addonKey === 'twilio-phone-number')?.price.unit_amount).toBe(3000);
    expect((await record(ws)).v2StripeConfig.limits).toMatchObject({ clientSeats: 5, twilioPhoneNumberSlots: 2 });
  });

  it('Agency monthly in the UK: £81.75 + 35 % UK tax, no agent limit', async () => {
    const ws = await makeWorkspace({ country: 'GB' });
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws, { planId: 'agency' });
    expect(sub.status).toBe(200);
    expect(sub.json).toMatchObject({ amountPaid: 110.36, tax: { currency: 'GBP', net: 81.75, tax: 28.61, description: 'UK Tax (35%)' } });
    const data = await record(ws);
    expect(data.v2StripeConfig.limits.maxAgents).toBe('infinity');
    expect(agentLimit(data)).toBe(Infinity);
  });

  it('refuses plans that do not exist or cycles a catalogue plan does not have', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    for (const body of [{ planId: 'platinum' }, { planId: 'pay_as_you_go', billingCycle: 'yearly' }, { planId: 'enterprise' }, { planId: 'free' }]) {
      const r = await subscribe(ws, body);
      expect(r.status).toBe(404);
      expect(r.json.error).toBe('Error: Plan not found');
    }
    expect((await subscribe(ws, { planId: 'pro', billingCycle: 'weekly' })).status).toBe(400);
  });
});

describe('add-ons on the new pricing', () => {
  const seats = (quantity: number) => ({ addonsToShow: [{ addonKey: 'workspace-seat', quantity }] });
  const addonItem = async (subscriptionId: string, key: string) =>
    (await stripeSubscription(subscriptionId)).items.data.find((i) => i.price.metadata.addonKey === key);

  it('Pro yearly with 2 seats: $590 + 2 × $50 on a yearly seat price; a call line added later is $100 a year', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws, { planId: 'pro', billingCycle: 'yearly', ...seats(2) });
    expect(sub.status).toBe(200);
    expect(sub.json).toMatchObject({ amountPaid: 690, tax: { currency: 'USD', net: 690 } });
    const seat = await addonItem(sub.json.subscriptionId, 'workspace-seat');
    expect([seat?.quantity, seat?.price.unit_amount, seat?.price.recurring.interval]).toEqual([2, 5000, 'year']);
    expect((await record(ws)).v2StripeConfig.limits).toMatchObject({ workspaceSeats: 7 });

    const added = await call(stack.api, '/stripe/add-addon-to-subscription', { userId: ws.uid, region: ws.region, addons: [{ addonId: 'concurrent-call-line', name: 'Concurrent Call Line', price: 100, quantity: 1, incrementalQuantity: 1, currency: 'USD' }] }, ws.secret);
    expect(added.json).toEqual({ errors: [] });
    const line = await addonItem(sub.json.subscriptionId, 'concurrent-call-line');
    expect([line?.price.unit_amount, line?.price.recurring.interval]).toEqual([10000, 'year']);
  });

  it('a seat bought at another price moves to the plan\'s seat price when Modify Your Plan changes its quantity', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws, { planId: 'pro', billingCycle: 'monthly' });
    expect(sub.status).toBe(200);
    // A seat item at $10 a month (the catalogue's price), as a subscription made before the new pricing's add-on table has.
    const stripePost = async (path: string, form: Record<string, string>) => {
      const res = await fetch(`${stack.stripe.url}${path}`, { method: 'POST', headers: { authorization: 'Bearer sk_test_billing', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
      expect(res.status).toBe(200);
      return (await res.json()) as { id: string };
    };
    const product = await stripePost('/v1/products', { name: 'Workspace Seat (old)' });
    const oldPrice = await stripePost('/v1/prices', { product: product.id, unit_amount: '1000', currency: 'usd', 'recurring[interval]': 'month', 'metadata[addonKey]': 'workspace-seat' });
    await stripePost('/v1/subscription_items', { subscription: sub.json.subscriptionId, price: oldPrice.id, quantity: '1' });

    const changed = await call(stack.api, '/stripe/add-addon-to-subscription', { userId: ws.uid, region: ws.region, addons: [{ addonId: 'workspace-seat', name: 'Workspace Seat', price: 5, quantity: 3, incrementalQuantity: 2, currency: 'USD' }] }, ws.secret);
    expect(changed.json).toEqual({ errors: [] });
    const seat = await addonItem(sub.json.subscriptionId, 'workspace-seat');
    expect([seat?.quantity, seat?.price.unit_amount, seat?.price.recurring.interval]).toEqual([3, 500, 'month']);
  });

  it('Pro yearly with 2 seats for a German customer: €519.20 + 2 × €44, + 27 %', async () => {
    const ws = await makeWorkspace({ country: 'DE' });
    await saveCard(stack.api, ws, 'pm_card_visa', 'DE');
    const sub = await subscribe(ws, { planId: 'pro', billingCycle: 'yearly', ...seats(2) });
    expect(sub.status).toBe(200);
    expect(sub.json).toMatchObject({ amountPaid: 771.14, tax: { currency: 'EUR', net: 607.2, tax: 163.94 } });
    const seat = await addonItem(sub.json.subscriptionId, 'workspace-seat');
    expect([seat?.price.currency, seat?.price.unit_amount]).toEqual(['eur', 4400]);
  });

  it('Pro monthly with 2 seats: $59 + 2 × $5', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws, { planId: 'pro', billingCycle: 'monthly', ...seats(2) });
    expect(sub.status).toBe(200);
    expect(sub.json.amountPaid).toBe(69);
    expect((await addonItem(sub.json.subscriptionId, 'workspace-seat'))?.price.unit_amount).toBe(500);
  });

  it('Pay-As-You-Go with 2 seats keeps the catalogue seat price: $20 + 2 × $10', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws, { planId: 'pay_as_you_go', ...seats(2) });
    expect(sub.status).toBe(200);
    expect(sub.json.amountPaid).toBe(40);
    expect((await addonItem(sub.json.subscriptionId, 'workspace-seat'))?.price.unit_amount).toBe(1000);
  });
});

describe('the customer\'s country from the card', () => {
  it('a workspace that never paid is charged in the currency of its card\'s billing country, which it keeps', async () => {
    const ws = await makeWorkspace({ country: '' });
    await saveCard(stack.api, ws, 'pm_card_visa', 'DE');
    const sub = await subscribe(ws, { planId: 'pay_as_you_go' });
    expect(sub.status).toBe(200);
    expect(sub.json).toMatchObject({ amountPaid: 27.94, tax: { currency: 'EUR', net: 22, tax: 5.94, description: 'EU Tax (DE 27%)' } });
    expect((await record(ws)).internal.countryCode).toBe('DE');
    const catalogue = await call(stack.api, `/stripe/catalogue?userId=${ws.uid}&region=${ws.region}`, undefined, ws.secret, 'GET');
    expect(catalogue.json.tax).toMatchObject({ country: 'DE', currency: 'EUR' });
  });

  it('Pro yearly for a German card: €519.20 + 27 %', async () => {
    const ws = await makeWorkspace({ country: 'US' });
    await saveCard(stack.api, ws, 'pm_card_visa', 'DE');
    const sub = await subscribe(ws, { planId: 'pro', billingCycle: 'yearly' });
    expect(sub.json).toMatchObject({ amountPaid: 659.38, tax: { currency: 'EUR', net: 519.2, tax: 140.18 } });
  });

  it('a declined first attempt fixed the Stripe customer\'s currency: a card from elsewhere then pays in that one', async () => {
    const ws = await makeWorkspace({ country: 'US' });
    await saveCard(stack.api, ws, 'pm_card_chargeDeclined', 'US');
    expect((await subscribe(ws, { planId: 'pay_as_you_go' })).status).toBe(402);
    expect((await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret)).json.currencyLocked).toBe(true);
    await saveCard(stack.api, ws, 'pm_card_visa', 'DE');
    const sub = await subscribe(ws, { planId: 'pay_as_you_go' });
    expect(sub.status).toBe(200);
    expect(sub.json).toMatchObject({ amountPaid: 20, tax: { currency: 'USD' } });
    expect((await record(ws)).internal.countryCode).toBe('US');
  });

  it('a workspace that has paid keeps its currency whatever its new card says', async () => {
    const ws = await makeWorkspace({ country: 'US' });
    await databaseFor(ws.region).doc(paths.user(ws.uid)).set({ hasEverPaid: true }, { merge: true });
    await saveCard(stack.api, ws, 'pm_card_visa', 'GB');
    const sub = await subscribe(ws, { planId: 'pay_as_you_go' });
    expect(sub.json).toMatchObject({ amountPaid: 20, tax: { currency: 'USD' } });
    expect((await record(ws)).internal.countryCode).toBe('US');
  });
});
