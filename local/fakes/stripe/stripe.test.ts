// The Stripe stand-in driven by the official `stripe` client: test cards as Stripe documents them, Stripe's error
// shape, Idempotency-Key replays, subscriptions with coupons, Connect scoping, and webhooks signed so that
// stripe.webhooks.constructEvent accepts them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type FakeStripe } from './index';

let fake: FakeStripe;
let stripe: Stripe;
const received: Array<{ body: string; signature: string; path: string }> = [];
let sink: ReturnType<typeof createServer>;
const SECRET = 'whsec_test_secret';

beforeAll(async () => {
  sink = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']), path: req.url ?? '' });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  fake = await start({ port: 0, webhookUrl: `${sinkUrl}/platform`, connectWebhookUrl: `${sinkUrl}/connect`, webhookSecret: SECRET });
  const base = new URL(fake.url);
  stripe = new Stripe('sk_test_fake', { host: base.hostname, port: Number(base.port), protocol: 'http', maxNetworkRetries: 0 });
});

afterAll(async () => {
  await fake.stop();
  await new Promise<void>((r) => sink.close(() => r()));
});

async function customerWithCard(token: string) {
  const customer = await stripe.customers.create({ email: 'buyer@example.com' });
  const pm = await stripe.paymentMethods.attach(token, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
  return { customer, pm };
}

describe('payments with test cards', () => {
  it('4242 succeeds', async () => {
    const { customer, pm } = await customerWithCard('pm_card_visa');
    expect(pm.card?.last4).toBe('4242');
    const pi = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', customer: customer.id, payment_method: pm.id, confirm: true, off_session: true });
    expect(pi.status).toBe('succeeded');
  });

  it('4000 0027 6000 3184 requires 3-D Secure, then succeeds after the challenge', async () => {
    const pm = await stripe.paymentMethods.create({ type: 'card', card: { number: '4000002760003184', exp_month: 12, exp_year: 2034, cvc: '123' } } as Stripe.PaymentMethodCreateParams);
    const pi = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: pm.id, confirm: true });
    expect(pi.status).toBe('requires_action');
    expect(pi.client_secret).toMatch(/^pi_.+_secret_/);
    await fetch(`${fake.url}/__3ds/${pi.id}/complete`, { method: 'POST' });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it('off-session 3-D Secure fails with authentication_required', async () => {
    const { customer, pm } = await customerWithCard('pm_card_threeDSecure2Required');
    await expect(stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: customer.id, payment_method: pm.id, confirm: true, off_session: true }))
      .rejects.toMatchObject({ type: 'StripeCardError', code: 'authentication_required', statusCode: 402 });
  });

  it('4000 0000 0000 0002 is declined with card_declined in Stripe\'s error shape', async () => {
    const error = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', statusCode: 402 });
    expect((error as Stripe.errors.StripeCardError).payment_intent?.status).toBe('requires_payment_method');
  });

  it('an unknown id is a 404 resource_missing', async () => {
    await expect(stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', statusCode: 404 });
  });
});

describe('idempotency', () => {
  it('a repeated Idempotency-Key answers the first result and creates nothing new', async () => {
    const a = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'key-1' });
    const b = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'key-1' });
    expect(b.id).toBe(a.id);
    const listed = await stripe.customers.list({ email: 'once@example.com' });
    expect(listed.data).toHaveLength(1);
    expect(fake.recorded.filter((r) => r.idempotencyKey === 'key-1')).toHaveLength(2);
  });
});

describe('subscriptions', () => {
  it('a subscription with a 50 % promotion code invoices half, is paid with the default card and turns active', async () => {
    const product = await stripe.products.create({ name: 'Pay-As-You-Go' });
    const price = await stripe.prices.create({ product: product.id, unit_amount: 2000, currency: 'usd', recurring: { interval: 'month' } });
    const coupon = await stripe.coupons.create({ percent_off: 50, duration: 'once' });
    const promo = await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: 'HALF' } as Stripe.PromotionCodeCreateParams);
    const found = await stripe.promotionCodes.list({ code: 'half', active: true });
    expect(found.data[0]?.id).toBe(promo.id);
    const { customer } = await customerWithCard('pm_card_visa');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id, quantity: 1 }], discounts: [{ promotion_code: promo.id }], expand: ['latest_invoice'] });
    expect(sub.status).toBe('active');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.amount_due).toBe(1000);
    const updated = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(updated.cancel_at_period_end).toBe(true);
    const invoices = await stripe.invoices.list({ customer: customer.id, limit: 4 });
    expect(invoices.data[0]?.hosted_invoice_url).toContain('/invoices/');
  });

  it('a yearly price renews after a year, and prices of another interval or currency cannot join it', async () => {
    const product = await stripe.products.create({ name: 'Pro' });
    const yearly = await stripe.prices.create({ product: product.id, unit_amount: 59000, currency: 'usd', recurring: { interval: 'year' }, lookup_key: 'pro_usd_yearly' });
    const monthly = await stripe.prices.create({ product: product.id, unit_amount: 1000, currency: 'usd', recurring: { interval: 'month' } });
    const euros = await stripe.prices.create({ product: product.id, unit_amount: 10000, currency: 'eur', recurring: { interval: 'year' } });
    expect((await stripe.prices.list({ lookup_keys: ['pro_usd_yearly'], active: true })).data.map((p) => p.id)).toEqual([yearly.id]);
    const { customer } = await customerWithCard('pm_card_visa');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: yearly.id }] });
    const item = sub.items.data[0]!;
    expect(item.current_period_end - item.current_period_start).toBe(365 * 24 * 60 * 60);
    await expect(stripe.subscriptionItems.create({ subscription: sub.id, price: monthly.id, quantity: 1 })).rejects.toThrow(/Found mismatch in interval field/);
    await expect(stripe.subscriptionItems.create({ subscription: sub.id, price: euros.id, quantity: 1 })).rejects.toThrow(/Found mismatch in currency field/);
    await expect(stripe.subscriptions.create({ customer: customer.id, items: [{ price: yearly.id }, { price: monthly.id }] })).rejects.toThrow(/interval/);
    // The customer's first subscription fixed its currency.
    expect((await stripe.customers.retrieve(customer.id) as Stripe.Customer).currency).toBe('usd');
    await expect(stripe.subscriptions.create({ customer: customer.id, items: [{ price: euros.id }] })).rejects.toThrow(/cannot combine currencies/);
  });
});

describe('connect', () => {
  it('objects made on a connected account are not visible to the platform, and onboarding emits account.updated to the Connect endpoint', async () => {
    const account = await stripe.accounts.create({ type: 'express', email: 'agency@example.com' });
    const link = await stripe.accountLinks.create({ account: account.id, refresh_url: 'http://app/refresh', return_url: 'http://app/back', type: 'account_onboarding' });
    const onConnected = await stripe.customers.create({ email: 'org@example.com' }, { stripeAccount: account.id });
    await expect(stripe.customers.retrieve(onConnected.id)).rejects.toMatchObject({ statusCode: 404 });
    received.length = 0;
    const res = await fetch(link.url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://app/back');
    await fake.settle();
    const delivered = received.find((r) => r.path === '/connect');
    expect(delivered).toBeDefined();
    const event = stripe.webhooks.constructEvent(delivered!.body, delivered!.signature, SECRET);
    expect(event).toMatchObject({ type: 'account.updated', account: account.id, data: { object: { payouts_enabled: true } } });
  });
});

describe('webhooks', () => {
  it('signs every event so constructEvent verifies it, and a wrong secret fails', async () => {
    received.length = 0;
    await stripe.customers.create({ email: 'x@example.com' }).then((c) => stripe.customers.createBalanceTransaction(c.id, { amount: -500, currency: 'usd' }));
    await fake.settle();
    const delivered = received.find((r) => r.path === '/platform');
    expect(delivered?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.constructEvent(delivered!.body, delivered!.signature, SECRET).type).toBe('customer.updated');
    expect(() => stripe.webhooks.constructEvent(delivered!.body, delivered!.signature, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});

describe('Checkout', () => {
  it('shows what is bought with Subscribe and Cancel; paying subscribes and returns to success_url', async () => {
    const acct = await stripe.accounts.create({ type: 'express' });
    const on = { stripeAccount: acct.id };
    const product = await stripe.products.create({ name: 'Basic <5,000>' }, on);
    const price = await stripe.prices.create({ product: product.id, unit_amount: 2000, currency: 'usd', recurring: { interval: 'month' } }, on);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription', line_items: [{ price: price.id, quantity: 1 }], success_url: 'http://app.test/ok', cancel_url: 'http://app.test/back', customer_email: 'org@example.com',
    }, on);

    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Basic &#60;5,000&#62; — 20.00 USD per month');
    expect(page).toContain('<button>Subscribe</button>');
    expect(page).toContain('<a href="http://app.test/back">Cancel</a>');
    expect((await stripe.checkout.sessions.retrieve(session.id, {}, on)).status).toBe('open');

    const paid = await fetch(`${session.url!}/pay`, { method: 'POST', redirect: 'manual' });
    expect([paid.status, paid.headers.get('location')]).toEqual([303, 'http://app.test/ok']);
    const done = await stripe.checkout.sessions.retrieve(session.id, {}, on);
    expect(done.status).toBe('complete');
    expect((await stripe.subscriptions.retrieve(String(done.subscription), {}, on)).status).toBe('active');
  });
});
