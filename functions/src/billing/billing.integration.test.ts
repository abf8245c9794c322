// Billing against the Firestore emulator and the Stripe stand-in (the official stripe client, webhooks signed as
// Stripe signs them): webhook signatures, each event applied once however often it is replayed, credits and plans
// only from confirmed payments, test cards (4242, 3-D Secure 3184, declined 0002), tax and currency for DE/GB/US,
// auto-recharge once under concurrent chats, Connect (onboarding, plans, org credits with the 5 % fee).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paths } from '@parley/core';
import { signPayload } from '@parley/local/fakes/stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { createCredits } from '../credits';
import { balanceObservers } from './index';
import { settleAutoRecharges } from './auto-recharge';
import { maybeOrgAutoRecharge } from './org-auto-recharge';
import { STRIPE_EVENTS } from './billing-records';

/** Credits as the composition builds them: billing's auto-recharge is told each balance a reservation left. */
const credits = createCredits(balanceObservers);
const reserveCredits = credits.reserve;
import { call, loadTokensOf, makeWorkspace, saveCard, startBillingStack, WEBHOOK_SECRET, type BillingStack } from '../../test/billing';

let stack: BillingStack;

beforeAll(async () => {
  stack = await startBillingStack();
});
afterAll(async () => {
  await stack?.stop();
});

const events = () => stack.stripe.events;
const eventOf = (type: string, pred: (o: any) => boolean = () => true) => events().filter((e) => e.type === type && pred(e.data.object)); // eslint-disable-line @typescript-eslint/no-explicit-any
async function resend(eventId: string): Promise<number[]> {
  const res = await fetch(`${stack.stripe.url}/__events/${eventId}/resend`, { method: 'POST' });
  return ((await res.json()) as { statuses: number[] }).statuses;
}
async function subscribe(ws: Awaited<ReturnType<typeof makeWorkspace>>, extra: Record<string, unknown> = {}) {
  return call(stack.api, '/stripe/create-subscription', { userId: ws.uid, region: ws.region, planId: 'pay_as_you_go', ...extra }, ws.secret);
}

describe('webhook signatures', () => {
  const payload = JSON.stringify({ id: 'evt_forged_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_forged', object: 'payment_intent', status: 'succeeded', metadata: { parleyPurpose: 'credits', userId: 'victim', region: 'na', credits: '50000' } } } });

  it.each(['/stripe/webhook', '/stripe/connect/webhook'])('%s answers 400 to a missing, wrong, tampered or stale signature and writes nothing', async (path) => {
    const before = (await databaseFor('na').collection(STRIPE_EVENTS).get()).size;
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<Record<string, string>> = [
      {},
      { 'stripe-signature': signPayload(payload, 'whsec_someone_else') },
      { 'stripe-signature': signPayload(payload.replace('50000', '90000'), WEBHOOK_SECRET) },
      { 'stripe-signature': signPayload(payload, WEBHOOK_SECRET, now - 3600) },
      { 'stripe-signature': 'garbage' },
    ];
    for (const headers of cases) {
      const res = await fetch(`${stack.api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: 'Invalid Stripe signature.' });
    }
    expect((await databaseFor('na').collection(STRIPE_EVENTS).get()).size).toBe(before);
    expect(await databaseFor('na').doc(paths.user('victim')).get().then((s) => s.exists)).toBe(false);
  });

  it('accepts the same body signed with the endpoint secret', async () => {
    const body = JSON.stringify({ id: `evt_ok_${Date.now()}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_x', object: 'customer' } } });
    const res = await fetch(`${stack.api.url}/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(body, WEBHOOK_SECRET) }, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
  });
});

describe('credits: only from a confirmed payment, exactly once', () => {
  it('4242: 2,500 credits arrive once; the webhook replayed 3 times changes nothing', async () => {
    const ws = await makeWorkspace({ loadTokens: 100 });
    await saveCard(stack.api, ws);
    const bought = await call(stack.api, '/stripe/purchase-credits', { userId: ws.uid, region: ws.region, credits: 2500 }, ws.secret);
    expect(bought.status).toBe(200);
    expect(bought.json).toMatchObject({ status: 'succeeded', requiresAction: false, credits: 2500, charge: { currency: 'USD', total: 2.5 } });
    await stack.stripe.settle();
    expect(await loadTokensOf(ws.uid)).toBe(2600);
    const succeeded = eventOf('payment_intent.succeeded', (pi) => pi.id === bought.json.paymentIntentId);
    expect(succeeded).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect(await resend(succeeded[0]!.id)).toEqual([200]);
    expect(await loadTokensOf(ws.uid)).toBe(2600);
  });

  it('3-D Secure (4000 0027 6000 3184): requiresAction with a client secret, nothing credited until the challenge passes, then once', async () => {
    const ws = await makeWorkspace({ loadTokens: 0 });
    await saveCard(stack.api, ws, 'pm_card_threeDSecure2Required');
    const bought = await call(stack.api, '/stripe/purchase-credits', { userId: ws.uid, region: ws.region, credits: 1000 }, ws.secret);
    expect(bought.json).toMatchObject({ status: 'requires_action', requiresAction: true });
    expect(bought.json.clientSecret).toMatch(/_secret_/);
    await stack.stripe.settle();
    expect(await loadTokensOf(ws.uid)).toBe(0);
    await fetch(`${stack.stripe.url}/__3ds/${bought.json.paymentIntentId}/complete`, { method: 'POST' });
    await stack.stripe.settle();
    expect(await loadTokensOf(ws.uid)).toBe(1000);
    const succeeded = eventOf('payment_intent.succeeded', (pi) => pi.id === bought.json.paymentIntentId)[0]!;
    for (let i = 0; i < 3; i++) await resend(succeeded.id);
    expect(await loadTokensOf(ws.uid)).toBe(1000);
  });

  it('a declined card (4000 0000 0000 0002) answers 402 with Stripe\'s text and credits nothing', async () => {
    const ws = await makeWorkspace({ loadTokens: 10 });
    await saveCard(stack.api, ws, 'pm_card_chargeDeclined');
    const bought = await call(stack.api, '/stripe/purchase-credits', { userId: ws.uid, region: ws.region, credits: 1000 }, ws.secret);
    expect(bought).toEqual({ status: 402, json: { success: false, error: 'Your card was declined.' } });
    await stack.stripe.settle();
    expect(await loadTokensOf(ws.uid)).toBe(10);
  });

  it('without a card: "Please add a payment method to continue"', async () => {
    const ws = await makeWorkspace();
    const bought = await call(stack.api, '/stripe/purchase-credits', { userId: ws.uid, region: ws.region, credits: 1000 }, ws.secret);
    expect(bought).toEqual({ status: 402, json: { success: false, error: 'Please add a payment method to continue' } });
  });

  it('a retried request with the same requestId is one charge', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    const requestId = crypto.randomUUID();
    const a = await call(stack.api, '/stripe/purchase-credits', { userId: ws.uid, region: ws.region, credits: 1500, requestId }, ws.secret);
    const b = await call(stack.api, '/stripe/purchase-credits', { userId: ws.uid, region: ws.region, credits: 1500, requestId }, ws.secret);
    expect(b.json.paymentIntentId).toBe(a.json.paymentIntentId);
    await stack.stripe.settle();
    expect(await loadTokensOf(ws.uid)).toBe(1500);
  });
});

describe('subscription, currency and tax', () => {
  it.each([
    ['DE', 'eur', 2794, 'EU Tax (DE 27%)'],
    ['GB', 'gbp', 2700, 'UK Tax (35%)'],
    ['US', 'usd', 2000, 'No tax'],
  ])('%s: Pay-As-You-Go is invoiced in %s, %i minor units with its tax', async (country, currency, amount, description) => {
    const ws = await makeWorkspace({ country });
    const catalogue = await call(stack.api, `/stripe/catalogue?userId=${ws.uid}&region=na`, undefined, ws.secret, 'GET');
    expect(catalogue.json.tax).toMatchObject({ country, currency: currency.toUpperCase(), description });
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws);
    expect(sub.status).toBe(200);
    expect(sub.json).toMatchObject({ status: 'succeeded', requiresAction: false, amountPaid: amount / 100, tax: { currency: currency.toUpperCase(), description } });
    const invoice = eventOf('invoice.paid', (i) => i.subscription === sub.json.subscriptionId)[0]?.data.object;
    expect(invoice).toMatchObject({ currency, amount_due: amount });
  });

  it('subscribes, shows Current Plan, replays invoice.paid 3× without change, cancels with a reason, reactivates', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws, { addonsToShow: [{ addonKey: 'workspace-seat', quantity: 2 }] });
    expect(sub.status).toBe(200);
    await stack.stripe.settle();
    const data = await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret);
    expect(data.json.currentPlan).toMatchObject({ name: 'pay_as_you_go', status: 'active', cancels: false });
    expect(data.json.paymentMethod.card.last4).toBe('4242');
    const addons = await call(stack.api, '/stripe/check-addon-status', { userId: ws.uid, region: ws.region, addonKeys: ['workspace-seat', 'whitelabel-new'] }, ws.secret);
    expect(addons.json).toEqual({ hasSubscription: true, addons: [{ addonKey: 'workspace-seat', hasAddon: true, quantity: 2 }, { addonKey: 'whitelabel-new', hasAddon: false, quantity: 0 }] });

    const paid = eventOf('invoice.paid', (i) => i.subscription === sub.json.subscriptionId)[0]!;
    const before = (await databaseFor('na').doc(paths.user(ws.uid)).get()).get('v2StripeConfig');
    for (let i = 0; i < 3; i++) await resend(paid.id);
    expect((await databaseFor('na').doc(paths.user(ws.uid)).get()).get('v2StripeConfig')).toEqual(before);

    const noReason = await call(stack.api, '/stripe/cancel-subscription', { userId: ws.uid, region: ws.region, reason: 'Other' }, ws.secret);
    expect(noReason).toEqual({ status: 400, json: { success: false, error: 'Please specify' } });
    const cancelled = await call(stack.api, '/stripe/cancel-subscription', { userId: ws.uid, region: ws.region, reason: 'Too expensive' }, ws.secret);
    expect(cancelled.json).toMatchObject({ success: true, message: 'Subscription cancelled successfully' });
    expect(cancelled.json.cancelsAt).toBeGreaterThan(Date.now() / 1000);
    const cancelling = await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret);
    expect(cancelling.json.currentPlan).toMatchObject({ status: 'active', cancels: true, renewalDate: null });
    const back = await call(stack.api, '/stripe/reactivate-subscription', { userId: ws.uid, region: ws.region }, ws.secret);
    expect(back.json).toEqual({ success: true, message: 'Subscription reactivated successfully' });
    await stack.stripe.settle();
    expect((await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret)).json.currentPlan.cancels).toBe(false);
  });

  it('a 3-D Secure card: requiresAction, the plan stays free until confirm-subscription-payment finds the payment succeeded', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws, 'pm_card_threeDSecure2Required');
    const sub = await subscribe(ws);
    expect(sub.json).toMatchObject({ requiresAction: true, status: 'requires_action' });
    const early = await call(stack.api, '/stripe/confirm-subscription-payment', { userId: ws.uid, region: ws.region, paymentIntentId: sub.json.paymentIntentId, subscriptionId: sub.json.subscriptionId }, ws.secret);
    expect(early.json).toEqual({ success: false, status: 'requires_action' });
    expect((await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret)).json.currentPlan.name).toBe('free');
    await fetch(`${stack.stripe.url}/__3ds/${sub.json.paymentIntentId}/complete`, { method: 'POST' });
    const done = await call(stack.api, '/stripe/confirm-subscription-payment', { userId: ws.uid, region: ws.region, paymentIntentId: sub.json.paymentIntentId, subscriptionId: sub.json.subscriptionId }, ws.secret);
    expect(done.json).toEqual({ success: true, status: 'succeeded' });
    expect((await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret)).json.currentPlan).toMatchObject({ name: 'pay_as_you_go', status: 'active' });
  });

  it('a declined card fails the subscription (402) and leaves the workspace on free', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws, 'pm_card_chargeDeclined');
    const sub = await subscribe(ws);
    expect(sub).toEqual({ status: 402, json: { success: false, error: 'Your card was declined.' } });
    expect((await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret)).json.currentPlan.name).toBe('free');
  });

  it('discount codes: a 50 % promotion code is valid and halves the invoice; an unknown one is "Invalid discount code"', async () => {
    const stripeBase = process.env.STRIPE_API_BASE!;
    const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
    const headers = { authorization: 'Bearer sk_test_billing', 'content-type': 'application/x-www-form-urlencoded' };
    const coupon = (await (await fetch(`${stripeBase}/v1/coupons`, { method: 'POST', headers, body: form({ percent_off: '50', duration: 'forever', name: 'Half' }) })).json()) as { id: string };
    await fetch(`${stripeBase}/v1/promotion_codes`, { method: 'POST', headers, body: form({ 'promotion[type]': 'coupon', 'promotion[coupon]': coupon.id, code: 'HALFOFF' }) });
    const ws = await makeWorkspace();
    const ok = await call(stack.api, '/stripe/check-discount-code', { userId: ws.uid, region: ws.region, discountCode: 'halfoff' }, ws.secret);
    expect(ok.json.discount).toMatchObject({ valid: true, percent_off: 50, duration: 'forever', name: 'Half' });
    const bad = await call(stack.api, '/stripe/check-discount-code', { userId: ws.uid, region: ws.region, discountCode: 'NOPE' }, ws.secret);
    expect(bad.json.discount).toEqual({ valid: false });
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws, { discountCode: 'HALFOFF' });
    expect(sub.json.amountPaid).toBe(10);
    const invalid = await subscribe(await makeWorkspace(), { discountCode: 'NOPE' });
    expect(invalid.json.error).toBe('Invalid discount code');
  });
});

describe('auto-recharge', () => {
  it('is refused on the free plan, saying why', async () => {
    const ws = await makeWorkspace();
    const res = await call(stack.api, '/stripe/update-autorecharge', { userId: ws.uid, region: ws.region, enabled: true, threshold: 500, amount: 5, monthlyLimit: 100 }, ws.secret);
    expect(res).toEqual({ status: 403, json: { success: false, error: 'You are on the free plan. You cannot enable auto-recharge.' } });
  });

  it('under 20 concurrent chats crossing the threshold fires once and its credits arrive once', async () => {
    const ws = await makeWorkspace({ loadTokens: 600 });
    await saveCard(stack.api, ws);
    expect((await subscribe(ws)).status).toBe(200);
    const saved = await call(stack.api, '/stripe/update-autorecharge', { userId: ws.uid, region: ws.region, enabled: true, threshold: 500, amount: 5, monthlyLimit: 100 }, ws.secret);
    expect(saved.json.message).toBe('Auto-recharge settings updated successfully. Will charge $5 when credits drop below 500.');
    const db = databaseFor('na');
    await Promise.all(Array.from({ length: 20 }, () => reserveCredits(db, { ownerID: ws.uid, estimate: 10 }, Date.now())));
    await settleAutoRecharges();
    await stack.stripe.settle();
    const recharges = stack.stripe.recorded.filter((r) => r.path === '/v1/payment_intents' && r.status === 200 && (r.params.metadata as Record<string, string>)?.userId === ws.uid && (r.params.metadata as Record<string, string>)?.parleyPurpose === 'autorecharge');
    expect(recharges).toHaveLength(1);
    // 600 − 20 × 10 + $5 of credits at $0.001 each.
    expect(await loadTokensOf(ws.uid)).toBe(400 + 5000);
    const priv = (await db.doc(`${paths.user(ws.uid)}/private/billing`).get()).data();
    expect(priv?.autoRecharge).toMatchObject({ armed: true, chargedThisMonth: 5, pending: null });
  });

  it('postChangeAutoBilling: refused on free, turns it on at a threshold on a paid plan', async () => {
    const ws = await makeWorkspace();
    const free = await call(stack.api, '/stripe/change-auto-billing', { uid: ws.uid, region: ws.region, autoBilling: true, threshold: 1000 }, ws.secret);
    expect(free.json.error).toBe('You are on the free plan. You cannot enable auto-recharge.');
    await saveCard(stack.api, ws);
    await subscribe(ws);
    const on = await call(stack.api, '/stripe/change-auto-billing', { uid: ws.uid, region: ws.region, autoBilling: true, threshold: 1000 }, ws.secret);
    expect(on.json).toEqual({ success: true, message: 'Auto-recharge settings updated successfully. Will charge $5 when credits drop below 1000.' });
    const data = await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret);
    expect(data.json.autoRecharge).toEqual({ enabled: true, threshold: 1000, amount: 5, monthlyLimit: 100 });
    const off = await call(stack.api, '/stripe/change-auto-billing', { uid: ws.uid, region: ws.region, autoBilling: false, threshold: 1000 }, ws.secret);
    expect(off.json.message).toBe('Auto-recharge disabled.');
  });

  it('stops at the monthly limit', async () => {
    const ws = await makeWorkspace({ loadTokens: 600 });
    await saveCard(stack.api, ws);
    await subscribe(ws);
    await call(stack.api, '/stripe/update-autorecharge', { userId: ws.uid, region: ws.region, enabled: true, threshold: 500, amount: 25, monthlyLimit: 25 }, ws.secret);
    const db = databaseFor('na');
    await reserveCredits(db, { ownerID: ws.uid, estimate: 200 }, Date.now());
    await settleAutoRecharges();
    expect(await loadTokensOf(ws.uid)).toBe(400 + 25000);
    // Spend below the threshold again: the month's $25 is used up.
    await reserveCredits(db, { ownerID: ws.uid, estimate: 25000 }, Date.now());
    await settleAutoRecharges();
    expect(await loadTokensOf(ws.uid)).toBe(400);
  });
});

describe('Stripe Connect', () => {
  it('agency connects, saves plans; an org client buys credits (fee: base price + 5 % of the markup) and subscribes through Checkout; replays change nothing', async () => {
    // Without the whitelabel add-on, Auto Billing cannot be set up at all.
    const plain = await makeWorkspace();
    const refused = await call(stack.api, '/stripe/connect/create-account', { workspace: { uid: plain.uid, region: 'na' } }, `user.${plain.uid}.x`);
    expect(refused).toMatchObject({ status: 403, json: { error: 'Auto Billing needs the whitelabel addon' } });
    expect((await databaseFor('na').doc(paths.user(plain.uid)).get()).get('stripeConnect')).toBeUndefined();
    const agency = await makeWorkspace({ whitelabel: true });
    const token = `user.${agency.uid}.x`;
    const acct = await call(stack.api, '/stripe/connect/create-account', { workspace: { uid: agency.uid, region: 'na', email: `${agency.uid}@test.dev` } }, token);
    expect(acct.status).toBe(200);
    const again = await call(stack.api, '/stripe/connect/create-account', { workspace: { uid: agency.uid, region: 'na' } }, token);
    expect(again.json.accountId).toBe(acct.json.accountId);
    const early = await call(stack.api, '/stripe/connect/upsert-plans', { agencyAccountId: acct.json.accountId, workspaceId: agency.uid, region: 'na', plans: [{ name: 'Basic', credits: 5000, features: ['Support'] }] }, token);
    expect(early.json.error).toBe('Please complete steps 1 and 2 & click save billing settings before setting up subscription plans.');
    const link = await call(stack.api, '/stripe/connect/account-link', { workspace: { uid: agency.uid, region: 'na' } }, token);
    expect((await fetch(link.json.redirectUrl, { redirect: 'manual' })).status).toBe(303);
    await stack.stripe.settle();
    const connect = (await databaseFor('na').doc(paths.user(agency.uid)).get()).get('stripeConnect');
    expect(connect).toMatchObject({ isConnected: true, payouts_enabled: true });
    const updated = eventOf('account.updated', (a) => a.id === acct.json.accountId)[0]!;
    for (let i = 0; i < 3; i++) expect(await resend(updated.id)).toEqual([200]);

    expect((await call(stack.api, '/stripe/connect/billing-settings', { workspaceId: agency.uid, region: 'na', USDPerToken: 0.003, allowPlans: true }, token)).json.message).toBe('Billing settings saved');
    const tooMany = await call(stack.api, '/stripe/connect/upsert-plans', { agencyAccountId: acct.json.accountId, workspaceId: agency.uid, region: 'na', plans: [{ name: 'Basic', credits: 5000, features: ['a', 'b', 'c', 'd', 'e', 'f'] }] }, token);
    expect(tooMany.json.error).toContain('Maximum of 5 features allowed');
    const plans = await call(stack.api, '/stripe/connect/upsert-plans', {
      agencyAccountId: acct.json.accountId, workspaceId: agency.uid, region: 'na',
      plans: [{ name: 'Basic', credits: 5000, features: ['Email support'], price: 1 }, { name: 'Premium', credits: 15000, features: ['Priority support'], isPopular: true }],
    }, token);
    expect(plans.status).toBe(200);
    const listed = await call(stack.api, `/stripe/connect/plans/${acct.json.accountId}`, undefined, token, 'GET');
    // Price = credits × (0.001 + 0.003), whatever the page sent.
    expect(listed.json.plans).toMatchObject([{ name: 'Basic', credits: 5000, price: 20, isPopular: false }, { name: 'Premium', credits: 15000, price: 60, isPopular: true }]);
    // Another signed-in workspace may not list this account's products with the platform's key.
    const other = await makeWorkspace();
    expect(await call(stack.api, `/stripe/connect/plans/${acct.json.accountId}`, undefined, `user.${other.uid}.x`, 'GET'))
      .toMatchObject({ status: 403, json: { error: 'You can only see the plans of your own agency.' } });

    const db = databaseFor('na');
    const orgId = `org${agency.uid}`;
    await db.doc(paths.org(orgId)).set({ ID: orgId, name: 'Acme', ownerID: agency.uid, loadTokens: 0, allowBilling: true });
    await db.doc(paths.client('clientA')).set({ ID: 'clientA', orgId, email: 'a@acme.test' });
    const client = 'client.clientA.uidA';
    // The agency's own clients list them; a client of another agency's org does not.
    expect((await call(stack.api, `/stripe/connect/plans/${acct.json.accountId}`, undefined, client, 'GET')).json.plans).toHaveLength(2);
    await db.doc(paths.org(`orgOther${agency.uid}`)).set({ ID: `orgOther${agency.uid}`, name: 'Else', ownerID: other.uid });
    await db.doc(paths.client('clientElse')).set({ ID: 'clientElse', orgId: `orgOther${agency.uid}`, email: 'else@else.test' });
    expect((await call(stack.api, `/stripe/connect/plans/${acct.json.accountId}`, undefined, 'client.clientElse.uidElse', 'GET')).status).toBe(403);
    const stripeBase = process.env.STRIPE_API_BASE!;
    const pm = (await (await fetch(`${stripeBase}/v1/payment_methods/pm_card_visa`, { headers: { authorization: 'Bearer sk_test_billing', 'stripe-account': acct.json.accountId } })).json()) as { id: string };
    const card = await call(stack.api, '/stripe/connect/update-payment', { orgId, region: 'na', paymentMethodId: pm.id, workspaceStripeAccountId: acct.json.accountId }, client);
    expect(card.status).toBe(200);
    // Counts outside 1,000–50,000 in steps of 500 are refused with the purchase's own sentence, nothing charged.
    for (const [credits, error] of [[500, 'Minimum purchase is 1,000 credits'], [50_500, 'Maximum purchase is 50,000 credits'], [2600, 'Credits must be a multiple of 500']] as const) {
      const refused = await call(stack.api, '/stripe/connect/pre-paid', { orgId, region: 'na', creditAmount: credits }, client);
      expect([refused.status, refused.json.error]).toEqual([400, error]);
    }
    expect(stack.stripe.recorded.some((r) => r.path === '/v1/payment_intents' && r.account === acct.json.accountId)).toBe(false);
    // The org picks 2,500 credits: charged 2,500 × $0.004 = $10.00 (1000 cents), granted exactly 2,500; the platform's
    // fee is the $2.50 base price plus 5 % of the $7.50 markup (37.5 → 38 cents).
    const bought = await call(stack.api, '/stripe/connect/pre-paid', { orgId, region: 'na', creditAmount: 2500 }, client);
    expect(bought.json).toMatchObject({ status: 'succeeded', credits: 2500 });
    const feeCall = stack.stripe.recorded.find((r) => r.path === '/v1/payment_intents' && r.account === acct.json.accountId);
    expect(feeCall?.params).toMatchObject({ amount: '1000', application_fee_amount: '288' });
    await stack.stripe.settle();
    expect((await db.doc(paths.org(orgId)).get()).get('loadTokens')).toBe(2500);
    const prepaidEvent = eventOf('payment_intent.succeeded', (p) => p.id === bought.json.paymentIntentId)[0]!;
    for (let i = 0; i < 3; i++) await resend(prepaidEvent.id);
    expect((await db.doc(paths.org(orgId)).get()).get('loadTokens')).toBe(2500);

    // Attack: Checkout returning to an address the caller chose (an open redirect through the platform) is refused.
    const redirected = await call(stack.api, '/stripe/connect/create-subscription', {
      orgId, region: 'na', priceId: plans.json.updatedPlans[0].priceId, successUrl: 'https://phish.example/ok', cancelUrl: 'http://127.0.0.1:5000/no', workspaceStripeAccountId: acct.json.accountId,
    }, client);
    expect([redirected.status, redirected.json.error]).toEqual([400, 'The return addresses must be on this app or on one of the agency’s verified domains.']);
    const session = await call(stack.api, '/stripe/connect/create-subscription', {
      orgId, region: 'na', priceId: plans.json.updatedPlans[0].priceId, successUrl: 'http://127.0.0.1:5000/ok', cancelUrl: 'http://127.0.0.1:5000/no', workspaceStripeAccountId: acct.json.accountId,
    }, client);
    expect(session.json.sessionUrl).toContain('/checkout/cs_test_');
    // Basic: 5,000 credits for $20: the fee covers the $5 base price plus 5 % of the $15 markup ($5.75 = 28.75 %).
    const sessionCall = stack.stripe.recorded.find((r) => r.path === '/v1/checkout/sessions' && r.account === acct.json.accountId && r.status === 200);
    expect((sessionCall?.params.subscription_data as Record<string, unknown>).application_fee_percent).toBe('28.75');
    // Checkout's page, then its Subscribe button (the stand-in pays with 4242 and returns to success_url).
    expect((await fetch(session.json.sessionUrl)).status).toBe(200);
    expect((await fetch(`${session.json.sessionUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await stack.stripe.settle();
    const org = (await db.doc(paths.org(orgId)).get()).data()!;
    expect(org.loadTokens).toBe(7500);
    expect(org.subscription).toMatchObject({ status: 'active' });
    const planPaid = events().find((e) => e.type === 'invoice.paid' && e.account === acct.json.accountId)!;
    expect(planPaid.data.object).toMatchObject({ amount_paid: 2000, application_fee_amount: 575 });
    for (let i = 0; i < 3; i++) await resend(planPaid.id);
    expect((await db.doc(paths.org(orgId)).get()).get('loadTokens')).toBe(7500);

    const stranger = await call(stack.api, '/stripe/connect/pre-paid', { orgId, region: 'na', creditAmount: 2500 }, 'client.clientB.uidB');
    expect(stranger.status).toBe(403);

    // The org's auto-recharge: threshold 500, $5 → 1,250 credits at $0.004; ten spends crossing at once charge once;
    // the fee is their $1.25 base price plus 5 % of the $3.75 markup (18.75 → 19 cents).
    const off = await call(stack.api, '/stripe/connect/update-autorecharge', { orgId, region: 'na', automaticBilling: true, workspaceStripeAccountId: acct.json.accountId, threshold: 550, amount: 5 }, client);
    expect(off.status).toBe(400);
    const on = await call(stack.api, '/stripe/connect/update-autorecharge', { orgId, region: 'na', automaticBilling: true, workspaceStripeAccountId: acct.json.accountId, threshold: 500, amount: 5 }, client);
    expect(on.json.message).toBe('Auto-recharge settings updated successfully. Will charge $5 when credits drop below 500.');
    await db.doc(paths.org(orgId)).set({ loadTokens: 400 }, { merge: true });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => maybeOrgAutoRecharge('na', orgId, 400)));
    expect(outcomes.filter((o) => o !== null)).toEqual(['succeeded']);
    await stack.stripe.settle();
    expect((await db.doc(paths.org(orgId)).get()).get('loadTokens')).toBe(1650);
    const fee = stack.stripe.recorded.filter((r) => r.path === '/v1/payment_intents' && r.account === acct.json.accountId && (r.params.description as string)?.includes('auto-recharge'));
    expect(fee.map((r) => r.params.application_fee_amount)).toEqual(['144']);
  });
});

describe('add-ons, top-up, invoices and who may call', () => {
  it('add-ons: additions and removals next cycle; features and limits follow; a removed add-on disappears', async () => {
    const ws = await makeWorkspace();
    const none = await call(stack.api, '/stripe/add-addon-to-subscription', { userId: ws.uid, region: ws.region, addons: [{ addonId: 'workspace-seat', quantity: 1 }] }, ws.secret);
    expect(none).toEqual({ status: 409, json: { success: false, error: 'You need an active subscription to add addons' } });
    await saveCard(stack.api, ws);
    await subscribe(ws);
    const added = await call(stack.api, '/stripe/add-addon-to-subscription', { userId: ws.uid, region: ws.region, addons: [{ addonId: 'workspace-seat', quantity: 3 }, { addonId: 'whitelabel-new', quantity: 1 }] }, ws.secret);
    expect(added.json).toEqual({ errors: [] });
    const recorded = stack.stripe.recorded.filter((r) => r.path === '/v1/subscription_items' && r.status === 200);
    expect(recorded.every((r) => r.params.proration_behavior === 'none')).toBe(true);
    let v2 = (await databaseFor('na').doc(paths.user(ws.uid)).get()).get('v2StripeConfig');
    expect(v2.features.sort()).toEqual(['whitelabel-new', 'workspace-seat']);
    expect(v2.limits).toMatchObject({ workspaceSeats: 5, clientSeats: 2, maxConcurrentCalls: 10, twilioPhoneNumberSlots: 0 });
    const removed = await call(stack.api, '/stripe/remove-addon-from-subscription', { userId: ws.uid, region: ws.region, addonKeys: ['whitelabel-new'] }, ws.secret);
    expect(removed.json).toEqual({ success: true, message: 'Addons updated successfully' });
    await stack.stripe.settle();
    v2 = (await databaseFor('na').doc(paths.user(ws.uid)).get()).get('v2StripeConfig');
    expect(v2.addons).toEqual({ 'workspace-seat': 3 });
    expect(v2.features).toEqual(['workspace-seat']);
    const tooMany = await call(stack.api, '/stripe/add-addon-to-subscription', { userId: ws.uid, region: ws.region, addons: [{ addonId: 'whitelabel-new', quantity: 2 }] }, ws.secret);
    expect(tooMany.json.errors).toEqual([{ addonId: 'whitelabel-new', error: 'Quantity cannot be above 1' }]);
  });

  it('USD top-up: refused on free; on a paid plan the balance shows once the payment succeeded', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    const free = await call(stack.api, '/stripe/top-up-usd', { userId: ws.uid, region: ws.region, amount: 5 }, ws.secret);
    expect(free).toEqual({ status: 403, json: { success: false, error: 'You are on the free plan. You cannot top up.' } });
    await subscribe(ws);
    const low = await call(stack.api, '/stripe/top-up-usd', { userId: ws.uid, region: ws.region, amount: 4 }, ws.secret);
    expect(low.status).toBe(400);
    const topped = await call(stack.api, '/stripe/top-up-usd', { userId: ws.uid, region: ws.region, amount: 15 }, ws.secret);
    expect(topped.json).toMatchObject({ status: 'succeeded' });
    await stack.stripe.settle();
    const data = await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret);
    expect(data.json.currentPlan.usdBalance).toBe(15);
    const succeeded = eventOf('payment_intent.succeeded', (pi) => pi.id === topped.json.paymentIntentId)[0]!;
    for (let i = 0; i < 3; i++) await resend(succeeded.id);
    expect((await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret)).json.currentPlan.usdBalance).toBe(15);
    const invoices = await call(stack.api, '/stripe/get-invoices', { userId: ws.uid, region: ws.region }, ws.secret);
    expect(invoices.json.invoices[0]).toMatchObject({ number: expect.any(String), hosted_invoice_url: expect.stringContaining('/invoices/') });
  });

  it('another workspace\'s secret is 403, no bearer 401, a member may read but not buy', async () => {
    const a = await makeWorkspace();
    const b = await makeWorkspace();
    expect((await call(stack.api, '/stripe/get-user-data', { userId: a.uid, region: 'na' }, b.secret)).status).toBe(403);
    const res = await fetch(`${stack.api.url}/stripe/get-user-data`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: a.uid, region: 'na' }) });
    expect(res.status).toBe(401);
    await databaseFor('na').doc(paths.user(a.uid)).set({ workspaceEmails: ['member1@test.dev'] }, { merge: true });
    expect((await call(stack.api, '/stripe/get-user-data', { userId: a.uid, region: 'na' }, 'user.member1.x')).status).toBe(200);
    const buy = await call(stack.api, '/stripe/purchase-credits', { userId: a.uid, region: 'na', credits: 1000 }, 'user.member1.x');
    expect(buy.status).toBe(403);
  });
});

describe('out of order and the end of a subscription', () => {
  it('an old event arriving late writes the subscription as Stripe has it now; deletion downgrades to Free', async () => {
    const ws = await makeWorkspace();
    await saveCard(stack.api, ws);
    const sub = await subscribe(ws, { addonsToShow: [{ addonKey: 'whitelabel-new', quantity: 1 }] });
    await call(stack.api, '/stripe/cancel-subscription', { userId: ws.uid, region: ws.region, reason: 'Temporary need' }, ws.secret);
    await stack.stripe.settle();
    // A never-seen event carrying the subscription as it was before the cancel, delivered now.
    const stale = JSON.stringify({
      id: `evt_stale_${Date.now()}`, object: 'event', type: 'customer.subscription.updated', created: 1,
      data: { object: { id: sub.json.subscriptionId, object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: { userId: ws.uid, region: 'na', planId: 'pay_as_you_go' } } },
    });
    const res = await fetch(`${stack.api.url}/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(stale, WEBHOOK_SECRET) }, body: stale });
    expect(res.status).toBe(200);
    const afterStale = (await databaseFor('na').doc(paths.user(ws.uid)).get()).get('v2StripeConfig');
    expect(afterStale).toMatchObject({ cancels: true, status: 'active', features: ['whitelabel-new'] });

    await fetch(`${process.env.STRIPE_API_BASE}/v1/subscriptions/${sub.json.subscriptionId}`, { method: 'DELETE', headers: { authorization: 'Bearer sk_test_billing' } });
    await stack.stripe.settle();
    const ended = (await databaseFor('na').doc(paths.user(ws.uid)).get()).data()!;
    expect(ended.v2StripeConfig).toMatchObject({ status: 'canceled', planId: 'free', features: [], limits: { workspaceSeats: 2 } });
    expect(ended.stripeSubscriptionId).toBeNull();
    expect((await call(stack.api, '/stripe/get-user-data', { userId: ws.uid, region: ws.region }, ws.secret)).json.currentPlan.name).toBe('free');
  });
});

describe('subscription.changed', () => {
  it('is sent to the workspace’s events endpoint when its subscription starts or changes', async () => {
    const bodies: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push(body);
        res.end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    const allowed = process.env.ALLOW_PRIVATE_URLS;
    // The receiver stands in for the workspace's public endpoint: the safe fetch lets exactly it through.
    process.env.ALLOW_PRIVATE_URLS = `127.0.0.1:${port}`;
    try {
      const ws = await makeWorkspace();
      await databaseFor('na').doc(paths.user(ws.uid)).set({ eventsEndpoint: `http://127.0.0.1:${port}/events`, subscribedEvents: ['subscription.changed'] }, { merge: true });
      await saveCard(stack.api, ws);
      const sub = await subscribe(ws);
      await stack.stripe.settle();
      const changes = () => bodies.map((b) => JSON.parse(b) as { type: string; payload: Record<string, unknown> }).filter((e) => e.type === 'subscription.changed');
      // Stripe's created and updated events may arrive in either order: each is told once.
      await expect
        .poll(() => changes().map((c) => c.payload), { timeout: 10_000 })
        .toContainEqual(expect.objectContaining({ subscriptionId: sub.json.subscriptionId, change: expect.stringMatching(/^(created|updated)$/) }));
    } finally {
      if (allowed === undefined) delete process.env.ALLOW_PRIVATE_URLS;
      else process.env.ALLOW_PRIVATE_URLS = allowed;
      await new Promise((r) => receiver.close(r));
    }
  });
});
