// A Stripe API stand-in (https://docs.stripe.com/api) for what the official `stripe` client calls here: customers
// (+ balance transactions), payment methods, SetupIntents, PaymentIntents, products, prices, coupons, promotion codes,
// subscriptions (+ items), invoices, Checkout sessions, Connect accounts and account links, webhook endpoints.
// Bodies are form-encoded as Stripe's; errors have Stripe's shape ({ error: { type, code, decline_code, message,
// param } }) and statuses (400, 402, 404); an Idempotency-Key replays the first answer; `Stripe-Account` scopes a
// request to a connected account. Test cards behave as Stripe documents them (cards.ts). Every state change makes an
// event, delivered to the webhook endpoints signed exactly as Stripe signs (`Stripe-Signature: t=…,v1=HMAC-SHA256(
// secret, "t.payload")`); connected accounts' events (with `account`) go to Connect endpoints.
//
// Fake-only routes: GET/DELETE /__recorded (requests received), GET /__events, POST /__events/{id}/resend (delivers
// again, answers each endpoint's status), POST /__3ds/{pi}/complete|fail (the 3-D Secure challenge's outcome),
// POST /__checkout/{cs}/complete (pays a Checkout session), GET /connect/onboard/{acct} (finishes onboarding and
// redirects to the link's return_url), GET /checkout/{cs} (the Checkout page: what is bought, Subscribe or Pay, and
// Cancel back to cancel_url), POST /checkout/{cs}/pay (pays with the test card 4242 and redirects to success_url).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardByNumber, cardByToken, type CardBehaviour } from './cards';
import { decodeForm, type FormValue } from './form';
import { stripeJsSource } from './stripe-js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe objects are open-ended JSON
type Obj = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  account: string | null;
  idempotencyKey: string | null;
  params: Record<string, FormValue>;
  status: number;
  ts: number;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  secret: string;
  /** Receives connected accounts' events (a Connect endpoint) instead of the platform's. */
  connect: boolean;
}

export interface Delivery {
  eventId: string;
  type: string;
  url: string;
  status: number;
}

export interface StartOptions {
  port: number;
  /** The platform's webhook endpoint (default: the local app's {hosting}/stripe/webhook; null: none). */
  webhookUrl?: string | null;
  webhookSecret?: string;
  /** The Connect webhook endpoint (default: {hosting}/stripe/connect/webhook; null: none). */
  connectWebhookUrl?: string | null;
  connectWebhookSecret?: string;
  /** false: events are made but only delivered through /__events/{id}/resend (tests that replay by hand). */
  deliverWebhooks?: boolean;
}

export interface FakeStripe {
  url: string;
  stop(): Promise<void>;
  recorded: RecordedRequest[];
  events: Obj[];
  deliveries: Delivery[];
  /** Waits until every delivery started so far has been answered. */
  settle(): Promise<void>;
  addWebhookEndpoint(endpoint: Omit<WebhookEndpoint, 'id'>): WebhookEndpoint;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, param?: string) => new StripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });

const PREFIX: Record<string, string> = {
  customer: 'cus', payment_method: 'pm', setup_intent: 'seti', payment_intent: 'pi', product: 'prod', price: 'price', coupon: 'coupon',
  promotion_code: 'promo', subscription: 'sub', subscription_item: 'si', invoice: 'in', 'checkout.session': 'cs_test', account: 'acct',
  account_link: 'link', tax_rate: 'txr', customer_balance_transaction: 'cbtxn', charge: 'ch', event: 'evt', webhook_endpoint: 'we',
};
const newId = (object: string) => `${PREFIX[object] ?? object}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 60 * 60;
const YEAR = 365 * 24 * 60 * 60;
/** A recurring price's billing period in seconds (yearly prices renew after a year). */
const periodOf = (price: Obj): number => (price.recurring?.interval === 'year' ? YEAR : MONTH);

const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: FormValue | undefined): number | undefined => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);
const bool = (v: FormValue | undefined): boolean | undefined => (v === 'true' ? true : v === 'false' ? false : undefined);
const obj = (v: FormValue | undefined): Record<string, FormValue> => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const list = (v: FormValue | undefined): FormValue[] => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : []);
const metadataOf = (v: FormValue | undefined, base: Obj = {}): Obj => {
  const out = { ...base };
  for (const [k, val] of Object.entries(obj(v))) {
    if (val === '') delete out[k];
    else out[k] = String(val);
  }
  return out;
};

/** Stripe's signature header for a payload: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">. */
export function signPayload(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export async function start(opts: StartOptions): Promise<FakeStripe> {
  const store = new Map<string, Obj>();
  const recorded: RecordedRequest[] = [];
  const events: Obj[] = [];
  const deliveries: Delivery[] = [];
  const inflight = new Set<Promise<unknown>>();
  const idempotent = new Map<string, { status: number; body: Obj }>();
  const endpoints: WebhookEndpoint[] = [];
  const cardBehaviour = new Map<string, CardBehaviour>();
  const authenticated = new Set<string>();
  let baseUrl = '';

  const addWebhookEndpoint = (e: Omit<WebhookEndpoint, 'id'>): WebhookEndpoint => {
    const endpoint = { id: newId('webhook_endpoint'), ...e };
    endpoints.push(endpoint);
    return endpoint;
  };
  // On the local stack (started with a port only) events go to the app's Hosting, which rewrites /stripe to the API.
  const hosting = `http://127.0.0.1:${process.env.PARLEY_PORT_HOSTING ?? '5000'}`;
  const platformUrl = opts.webhookUrl === undefined ? `${hosting}/stripe/webhook` : opts.webhookUrl;
  const connectUrl = opts.connectWebhookUrl === undefined ? `${hosting}/stripe/connect/webhook` : opts.connectWebhookUrl;
  if (platformUrl) addWebhookEndpoint({ url: platformUrl, secret: opts.webhookSecret ?? 'whsec_local_fake', connect: false });
  if (connectUrl) addWebhookEndpoint({ url: connectUrl, secret: opts.connectWebhookSecret ?? opts.webhookSecret ?? 'whsec_local_fake', connect: true });

  // ------------------------------------------------------------ storage, scoped by account

  function put(o: Obj, account: string | null): Obj {
    if (account) Object.defineProperty(o, '__account', { value: account, enumerable: false, writable: true });
    store.set(o.id as string, o);
    return o;
  }
  function get(object: string, id: string | undefined, account: string | null, param = 'id'): Obj {
    const o = id ? store.get(id) : undefined;
    if (!o || o.object !== object || ((o as { __account?: string }).__account ?? null) !== account) throw missing(object.replace('.', ' '), id ?? '', param);
    return o;
  }
  function all(object: string, account: string | null): Obj[] {
    return [...store.values()].filter((o) => o.object === object && ((o as { __account?: string }).__account ?? null) === account);
  }
  const clone = <T>(o: T): T => JSON.parse(JSON.stringify(o)) as T;

  // ------------------------------------------------------------ events and webhooks

  async function deliver(event: Obj, endpoint: WebhookEndpoint): Promise<number> {
    const payload = JSON.stringify(event, null, 2);
    let status = 0;
    try {
      const res = await fetch(endpoint.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signPayload(payload, endpoint.secret), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    deliveries.push({ eventId: event.id as string, type: event.type as string, url: endpoint.url, status });
    return status;
  }

  function emit(type: string, object: Obj, account: string | null, previous?: Obj, request?: { idempotencyKey: string | null }): Obj {
    const event: Obj = {
      id: newId('event'), object: 'event', api_version: '2026-10-28.endive', created: now(), livemode: false, pending_webhooks: 0, type,
      data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
      request: { id: `req_${randomBytes(8).toString('hex')}`, idempotency_key: request?.idempotencyKey ?? null },
      ...(account ? { account } : {}),
    };
    events.push(event);
    if (opts.deliverWebhooks !== false) {
      const targets = endpoints.filter((e) => e.connect === Boolean(account));
      event.pending_webhooks = targets.length;
      // Stripe delivers after answering the request; so does this.
      for (const endpoint of targets) {
        const p = new Promise((r) => setTimeout(r, 5)).then(() => deliver(event, endpoint));
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
      }
    }
    return event;
  }

  // ------------------------------------------------------------ payment methods and cards

  function cardPm(number: string, account: string | null, extra: Obj = {}): Obj {
    const card = cardByNumber(number);
    if (!card) throw new StripeError(402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'card[number]' });
    const pm = put({
      id: newId('payment_method'), object: 'payment_method', type: 'card', created: now(), customer: null, livemode: false, metadata: {},
      billing_details: { name: null, email: null, phone: null, address: { line1: null, line2: null, city: null, state: null, postal_code: null, country: null } },
      card: { brand: card.brand, last4: card.number.slice(-4), exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, country: 'US', funding: 'credit' },
      ...extra,
    }, account);
    cardBehaviour.set(pm.id as string, card.behaviour);
    return pm;
  }

  /** A pm_… id, or a test token (pm_card_visa …) which becomes a new PaymentMethod as in Stripe's test mode. */
  function resolvePm(id: string | undefined, account: string | null, param = 'payment_method'): Obj | null {
    if (!id) return null;
    const token = cardByToken(id);
    if (token) return cardPm(token.number, account);
    return get('payment_method', id, account, param);
  }

  function billingDetails(v: FormValue | undefined, base: Obj): Obj {
    const b = obj(v);
    const address = obj(b.address);
    return {
      name: str(b.name) ?? base.name ?? null, email: str(b.email) ?? base.email ?? null, phone: str(b.phone) ?? base.phone ?? null,
      address: { ...base.address, ...Object.fromEntries(Object.entries(address).map(([k, val]) => [k, str(val) ?? null])) },
    };
  }

  // ------------------------------------------------------------ payments

  function cardError(code: string, decline: string | null, message: string, extra: Obj = {}): StripeError {
    return new StripeError(402, { type: 'card_error', code, ...(decline ? { decline_code: decline } : {}), message, doc_url: `https://stripe.com/docs/error-codes/${code}`, ...extra });
  }

  function succeedIntent(pi: Obj, account: string | null, req: { idempotencyKey: string | null }): void {
    const charge = put({ id: newId('charge'), object: 'charge', amount: pi.amount, currency: pi.currency, paid: true, status: 'succeeded', payment_intent: pi.id, customer: pi.customer, created: now() }, account);
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, latest_charge: charge.id, next_action: null, last_payment_error: null });
    emit('payment_intent.succeeded', pi, account, undefined, req);
    if (pi.invoice) payInvoice(get('invoice', pi.invoice as string, account), account, req);
  }

  /** Confirms with the intent's payment method: succeeded, requires_action (3-D Secure), or a 402 card error. */
  function confirmIntent(pi: Obj, account: string | null, offSession: boolean, req: { idempotencyKey: string | null }): void {
    if (pi.status === 'succeeded') throw invalid(`This PaymentIntent's payment_method could not be updated because it has a status of succeeded.`, 'payment_method');
    if (!pi.payment_method) {
      pi.status = 'requires_payment_method';
      throw invalid('You cannot confirm this PaymentIntent because it\'s missing a payment method.', 'payment_method');
    }
    const behaviour = cardBehaviour.get(pi.payment_method as string) ?? 'succeed';
    if (behaviour === 'decline' || behaviour === 'insufficient_funds') {
      const decline = behaviour === 'decline' ? 'generic_decline' : 'insufficient_funds';
      const message = behaviour === 'decline' ? 'Your card was declined.' : 'Your card has insufficient funds.';
      Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: decline, message, payment_method: { id: pi.payment_method } } });
      emit('payment_intent.payment_failed', pi, account, undefined, req);
      if (pi.invoice) emit('invoice.payment_failed', get('invoice', pi.invoice as string, account), account, undefined, req);
      throw cardError('card_declined', decline, message, { payment_intent: clone(pi), charge: newId('charge') });
    }
    if (behaviour === 'authenticate' && !authenticated.has(pi.id as string)) {
      if (offSession) {
        Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' } });
        emit('payment_intent.payment_failed', pi, account, undefined, req);
        throw cardError('authentication_required', 'authentication_required', 'Your card was declined. This transaction requires authentication.', { payment_intent: clone(pi) });
      }
      Object.assign(pi, {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${baseUrl}/__3ds/${pi.id}`, source: `src_${randomBytes(8).toString('hex')}` } },
      });
      emit('payment_intent.requires_action', pi, account, undefined, req);
      return;
    }
    succeedIntent(pi, account, req);
  }

  function createIntent(p: Record<string, FormValue>, account: string | null, req: { idempotencyKey: string | null }, extra: Obj = {}): Obj {
    const amount = num(p.amount);
    if (amount === undefined || !Number.isInteger(amount) || amount < 50) throw invalid('Amount must be at least 50 cents', 'amount');
    const currency = str(p.currency)?.toLowerCase();
    if (!currency) throw invalid('Missing required param: currency.', 'currency');
    if (p.customer) get('customer', str(p.customer), account, 'customer');
    const pm = resolvePm(str(p.payment_method), account);
    const pi = put({
      id: newId('payment_intent'), object: 'payment_intent', amount, amount_received: 0, currency, customer: str(p.customer) ?? null,
      payment_method: pm?.id ?? null, status: pm ? 'requires_confirmation' : 'requires_payment_method', created: now(), livemode: false,
      metadata: metadataOf(p.metadata), description: str(p.description) ?? null, application_fee_amount: num(p.application_fee_amount) ?? null,
      setup_future_usage: str(p.setup_future_usage) ?? null, next_action: null, last_payment_error: null, latest_charge: null, invoice: null,
      payment_method_types: ['card'], confirmation_method: str(p.confirmation_method) === 'manual' ? 'manual' : 'automatic', ...extra,
    }, account);
    pi.client_secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
    emit('payment_intent.created', pi, account, undefined, req);
    if (bool(p.confirm)) confirmIntent(pi, account, bool(p.off_session) === true, req);
    return pi;
  }

  // ------------------------------------------------------------ subscriptions and invoices

  function couponOf(p: Record<string, FormValue>, account: string | null): Obj | null {
    const discounts = list(p.discounts).map((d) => obj(d));
    const promo = str(p.promotion_code) ?? str(discounts[0]?.promotion_code);
    if (promo) {
      const code = get('promotion_code', promo, account, 'promotion_code');
      if (!code.active) throw invalid(`This promotion code is not active.`, 'promotion_code');
      return code.promotion.coupon ? get('coupon', code.promotion.coupon as string, account) : null;
    }
    const coupon = str(p.coupon) ?? str(discounts[0]?.coupon);
    return coupon ? get('coupon', coupon, account, 'coupon') : null;
  }

  function discounted(amount: number, coupon: Obj | null): number {
    if (!coupon) return amount;
    if (coupon.percent_off) return Math.round(amount * (1 - Number(coupon.percent_off) / 100));
    return Math.max(0, amount - Number(coupon.amount_off ?? 0));
  }

  function subscriptionTotal(sub: Obj): number {
    return (sub.items.data as Obj[]).reduce((sum, item) => sum + Number(item.price.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
  }

  function makeInvoice(sub: Obj | null, customer: string, amount: number, currency: string, account: string | null, req: { idempotencyKey: string | null }, extra: Obj = {}): Obj {
    const invoice = put({
      id: newId('invoice'), object: 'invoice', customer, subscription: sub?.id ?? null, parent: sub ? { type: 'subscription_details', subscription_details: { subscription: sub.id } } : null,
      amount_due: amount, amount_paid: 0, amount_remaining: amount, total: amount, subtotal: amount, tax: 0, currency, status: 'open', created: now(),
      number: `FAKE-${String(all('invoice', account).length + 1).padStart(4, '0')}`, hosted_invoice_url: null, invoice_pdf: null, livemode: false,
      lines: { object: 'list', data: sub ? (sub.items.data as Obj[]).map((i) => ({ id: `il_${i.id}`, amount: Number(i.price.unit_amount) * Number(i.quantity), quantity: i.quantity, price: i.price })) : [], has_more: false },
      payment_intent: null, confirmation_secret: null, payments: { object: 'list', data: [], has_more: false },
      // A connected account's subscription with a fee percentage: Stripe takes that share of each invoice.
      application_fee_amount: typeof sub?.application_fee_percent === 'number' ? Math.round((amount * sub.application_fee_percent) / 100) : null, ...extra,
    }, account);
    invoice.hosted_invoice_url = `${baseUrl}/invoices/${invoice.id}`;
    invoice.invoice_pdf = `${baseUrl}/invoices/${invoice.id}.pdf`;
    emit('invoice.created', invoice, account, undefined, req);
    if (amount === 0) {
      payInvoice(invoice, account, req);
      return invoice;
    }
    const pi = createIntent({ amount: String(amount), currency, customer }, account, req, { invoice: invoice.id, metadata: { ...(sub?.metadata ?? {}) }, application_fee_amount: invoice.application_fee_amount });
    Object.assign(invoice, {
      payment_intent: pi.id,
      confirmation_secret: { type: 'payment_intent', client_secret: pi.client_secret },
      payments: { object: 'list', data: [{ id: `inpay_${pi.id}`, object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: pi.id }, status: 'open' }], has_more: false },
    });
    return invoice;
  }

  function payInvoice(invoice: Obj, account: string | null, req: { idempotencyKey: string | null }): void {
    if (invoice.status === 'paid') return;
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
    for (const p of invoice.payments.data as Obj[]) p.status = 'paid';
    emit('invoice.paid', invoice, account, undefined, req);
    emit('invoice.payment_succeeded', invoice, account, undefined, req);
    if (invoice.subscription) {
      const sub = get('subscription', invoice.subscription as string, account);
      if (sub.status !== 'active') {
        const previous = { status: sub.status };
        sub.status = 'active';
        emit('customer.subscription.updated', sub, account, previous, req);
      }
    }
  }

  function subscriptionItems(p: Record<string, FormValue>, sub: Obj, account: string | null): void {
    for (const raw of list(p.items)) {
      const it = obj(raw);
      const id = str(it.id);
      const items = sub.items.data as Obj[];
      if (id) {
        const item = items.find((i) => i.id === id);
        if (!item) throw missing('subscription_item', id);
        if (bool(it.deleted)) items.splice(items.indexOf(item), 1);
        else {
          if (it.quantity !== undefined) item.quantity = num(it.quantity) ?? item.quantity;
          if (it.price) item.price = clone(get('price', str(it.price), account, 'price'));
        }
        continue;
      }
      const price = get('price', str(it.price), account, 'items[price]');
      matchesSubscription(items, price);
      const existing = items.find((i) => i.price.id === price.id);
      if (existing) existing.quantity = num(it.quantity) ?? existing.quantity;
      else items.push(newItem(sub, price, num(it.quantity) ?? 1));
    }
  }

  /** As Stripe: every price on a subscription shares its currency and billing interval. */
  function matchesSubscription(items: Obj[], price: Obj): void {
    const first = items[0]?.price as Obj | undefined;
    if (!first) return;
    const field = first.currency !== price.currency ? 'currency' : (first.recurring?.interval ?? null) !== (price.recurring?.interval ?? null) ? 'interval' : null;
    if (field) throw invalid(`Currency and interval fields must match across all plans on this subscription. Found mismatch in ${field} field.`, 'items');
  }

  function newItem(sub: Obj, price: Obj, quantity: number): Obj {
    return {
      id: newId('subscription_item'), object: 'subscription_item', price: clone(price), quantity, subscription: sub.id, metadata: {},
      current_period_start: sub.current_period_start, current_period_end: sub.current_period_end, created: now(),
    };
  }

  function createSubscription(p: Record<string, FormValue>, account: string | null, req: { idempotencyKey: string | null }): Obj {
    const customer = get('customer', str(p.customer), account, 'customer');
    if (list(p.items).length === 0) throw invalid('Missing required param: items.', 'items');
    // Prices that cannot share a subscription are refused before anything is made.
    const prices = list(p.items).map((raw) => get('price', str(obj(raw).price), account, 'items[price]'));
    prices.forEach((price, i) => matchesSubscription(prices.slice(0, i).map((pr) => ({ price: pr })), price));
    // A customer keeps the currency of its first subscription.
    const subCurrency = String(prices[0]!.currency);
    if (customer.currency && customer.currency !== subCurrency) {
      throw invalid(`You cannot combine currencies on a single customer. This customer has had a subscription, coupon, or invoice item with currency ${customer.currency}`, 'currency');
    }
    customer.currency = subCurrency;
    const coupon = couponOf(p, account);
    const start = now();
    const sub = put({
      id: newId('subscription'), object: 'subscription', customer: customer.id, status: 'incomplete', created: start, start_date: start,
      current_period_start: start, current_period_end: start + MONTH, cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null,
      default_payment_method: str(p.default_payment_method) ?? null, metadata: metadataOf(p.metadata), livemode: false,
      discounts: coupon ? [{ coupon: clone(coupon) }] : [], discount: coupon ? { coupon: clone(coupon) } : null,
      items: { object: 'list', data: [], has_more: false }, latest_invoice: null, pending_setup_intent: null,
      application_fee_percent: num(p.application_fee_percent) ?? null,
    }, account);
    subscriptionItems(p, sub, account);
    sub.current_period_end = start + periodOf(sub.items.data[0].price);
    for (const item of sub.items.data as Obj[]) item.current_period_end = sub.current_period_end;
    const currency = String(sub.items.data[0].price.currency);
    const taxRates = list(p.default_tax_rates).map((id) => get('tax_rate', String(id), account, 'default_tax_rates'));
    sub.default_tax_rates = taxRates;
    emit('customer.subscription.created', sub, account, undefined, req);
    const net = discounted(subscriptionTotal(sub), coupon);
    const tax = Math.round(taxRates.reduce((s, r) => s + (r.inclusive ? 0 : (net * Number(r.percentage)) / 100), 0));
    const invoice = makeInvoice(sub, customer.id as string, net + tax, currency, account, req, { subtotal: net, tax, total_excluding_tax: net });
    sub.latest_invoice = invoice.id;
    const behaviour = str(p.payment_behavior) ?? 'allow_incomplete';
    const pmId = (sub.default_payment_method as string | null) ?? customer.invoice_settings?.default_payment_method ?? null;
    if (invoice.status !== 'paid' && behaviour !== 'default_incomplete' && pmId) {
      const pi = get('payment_intent', invoice.payment_intent as string, account);
      pi.payment_method = pmId;
      try {
        confirmIntent(pi, account, bool(p.off_session) === true, req);
      } catch (error) {
        if (behaviour === 'error_if_incomplete') throw error;
      }
    }
    return sub;
  }

  function currentSubscription(sub: Obj): Obj {
    const first = (sub.items.data as Obj[])[0];
    return { ...sub, current_period_end: first?.current_period_end ?? sub.current_period_end };
  }

  // ------------------------------------------------------------ expansion and lists

  function expand(o: Obj, paths: string[], account: string | null): Obj {
    const out = clone(o);
    for (const path of paths) {
      const [head, ...rest] = path.replace(/^data\./, '').split('.');
      const value = out[head!];
      if (typeof value === 'string' && store.has(value)) out[head!] = expand(store.get(value)!, rest.length ? [rest.join('.')] : [], account);
      else if (value && typeof value === 'object' && rest.length) out[head!] = expand(value as Obj, [rest.join('.')], account);
    }
    return out;
  }

  function page(items: Obj[], q: Record<string, FormValue>, url: string): Obj {
    const limit = Math.min(100, num(q.limit) ?? 10);
    const sorted = [...items].sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0));
    return { object: 'list', data: sorted.slice(0, limit), has_more: sorted.length > limit, url };
  }

  // ------------------------------------------------------------ routes

  type Handler = (m: RegExpExecArray, p: Record<string, FormValue>, account: string | null, req: { idempotencyKey: string | null }) => Obj;
  const routes: Array<[string, RegExp, Handler]> = [];
  const route = (method: string, path: string, handler: Handler) => routes.push([method, new RegExp(`^${path}$`), handler]);

  // customers
  route('POST', '/v1/customers', (_m, p, a) => put({
    id: newId('customer'), object: 'customer', created: now(), email: str(p.email) ?? null, name: str(p.name) ?? null, phone: str(p.phone) ?? null,
    address: p.address ? obj(p.address) : null, balance: 0, currency: null, livemode: false, metadata: metadataOf(p.metadata), deleted: undefined,
    invoice_settings: { default_payment_method: str(obj(p.invoice_settings).default_payment_method) ?? null },
  }, a));
  route('GET', '/v1/customers', (_m, q, a) => page(all('customer', a).filter((c) => !q.email || c.email === q.email), q, '/v1/customers'));
  route('GET', '/v1/customers/([^/]+)', (m, _p, a) => get('customer', m[1], a));
  route('POST', '/v1/customers/([^/]+)', (m, p, a) => {
    const c = get('customer', m[1], a);
    for (const key of ['email', 'name', 'phone'] as const) if (p[key] !== undefined) c[key] = str(p[key]) ?? null;
    if (p.address) c.address = { ...(c.address ?? {}), ...obj(p.address) };
    if (p.metadata) c.metadata = metadataOf(p.metadata, c.metadata);
    const dpm = str(obj(p.invoice_settings).default_payment_method);
    if (dpm !== undefined) {
      const pm = get('payment_method', dpm, a, 'invoice_settings[default_payment_method]');
      if (pm.customer !== c.id) throw invalid(`The customer does not have a payment method with the ID ${dpm}. The payment method must be attached to the customer.`, 'invoice_settings[default_payment_method]');
      c.invoice_settings.default_payment_method = dpm;
    }
    return c;
  });
  route('POST', '/v1/customers/([^/]+)/balance_transactions', (m, p, a, req) => {
    const c = get('customer', m[1], a);
    const amount = num(p.amount);
    if (amount === undefined || !Number.isInteger(amount)) throw invalid('Invalid integer: amount', 'amount');
    c.balance = Number(c.balance) + amount;
    c.currency = c.currency ?? str(p.currency) ?? 'usd';
    const t = put({ id: newId('customer_balance_transaction'), object: 'customer_balance_transaction', amount, currency: c.currency, customer: c.id, description: str(p.description) ?? null, ending_balance: c.balance, type: 'adjustment', created: now(), metadata: metadataOf(p.metadata) }, a);
    emit('customer.updated', c, a, undefined, req);
    return t;
  });
  route('GET', '/v1/customers/([^/]+)/balance_transactions', (m, q, a) => page(all('customer_balance_transaction', a).filter((t) => t.customer === m[1]), q, `/v1/customers/${m[1]}/balance_transactions`));
  route('GET', '/v1/customers/([^/]+)/payment_methods', (m, q, a) => page(all('payment_method', a).filter((pm) => pm.customer === m[1]), q, `/v1/customers/${m[1]}/payment_methods`));

  // payment methods
  route('POST', '/v1/payment_methods', (_m, p, a) => {
    if ((str(p.type) ?? 'card') !== 'card') throw invalid('Only card payment methods are supported here.', 'type');
    const card = obj(p.card);
    const token = str(card.token);
    const number = token ? cardByToken(token)?.number : str(card.number);
    if (!number) throw invalid('Missing required param: card[number].', 'card[number]');
    const pm = cardPm(number, a);
    pm.billing_details = billingDetails(p.billing_details, pm.billing_details);
    if (num(card.exp_month)) pm.card.exp_month = num(card.exp_month);
    if (num(card.exp_year)) pm.card.exp_year = num(card.exp_year);
    return pm;
  });
  route('GET', '/v1/payment_methods', (_m, q, a) => page(all('payment_method', a).filter((pm) => !q.customer || pm.customer === q.customer), q, '/v1/payment_methods'));
  route('GET', '/v1/payment_methods/([^/]+)', (m, _p, a) => resolvePm(m[1], a)!);
  route('POST', '/v1/payment_methods/([^/]+)', (m, p, a) => {
    const pm = get('payment_method', m[1], a);
    if (p.billing_details) pm.billing_details = billingDetails(p.billing_details, pm.billing_details);
    return pm;
  });
  route('POST', '/v1/payment_methods/([^/]+)/attach', (m, p, a, req) => {
    const pm = resolvePm(m[1], a)!;
    const customer = get('customer', str(p.customer), a, 'customer');
    if (pm.customer && pm.customer !== customer.id) throw invalid('This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.');
    pm.customer = customer.id;
    emit('payment_method.attached', pm, a, undefined, req);
    return pm;
  });
  route('POST', '/v1/payment_methods/([^/]+)/detach', (m, _p, a, req) => {
    const pm = get('payment_method', m[1], a);
    pm.customer = null;
    emit('payment_method.detached', pm, a, undefined, req);
    return pm;
  });

  // setup intents
  route('POST', '/v1/setup_intents', (_m, p, a, req) => {
    if (p.customer) get('customer', str(p.customer), a, 'customer');
    const pm = resolvePm(str(p.payment_method), a);
    const si = put({ id: newId('setup_intent'), object: 'setup_intent', customer: str(p.customer) ?? null, payment_method: pm?.id ?? null, status: 'requires_payment_method', usage: str(p.usage) ?? 'off_session', created: now(), metadata: metadataOf(p.metadata), next_action: null, last_setup_error: null, payment_method_types: ['card'] }, a);
    si.client_secret = `${si.id}_secret_${randomBytes(12).toString('hex')}`;
    emit('setup_intent.created', si, a, undefined, req);
    return si;
  });
  route('GET', '/v1/setup_intents/([^/]+)', (m, _p, a) => get('setup_intent', m[1], a));
  route('POST', '/v1/setup_intents/([^/]+)/confirm', (m, p, a, req) => {
    const si = get('setup_intent', m[1], a);
    const pm = resolvePm(str(p.payment_method), a) ?? (si.payment_method ? get('payment_method', si.payment_method as string, a) : null);
    if (!pm) throw invalid("You cannot confirm this SetupIntent because it's missing a payment method.", 'payment_method');
    const behaviour = cardBehaviour.get(pm.id as string);
    if (behaviour === 'decline') {
      si.last_setup_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      throw cardError('card_declined', 'generic_decline', 'Your card was declined.', { setup_intent: clone(si) });
    }
    Object.assign(si, { payment_method: pm.id, status: 'succeeded' });
    if (si.customer) pm.customer = si.customer;
    emit('setup_intent.succeeded', si, a, undefined, req);
    return si;
  });

  // payment intents
  route('POST', '/v1/payment_intents', (_m, p, a, req) => createIntent(p, a, req));
  route('GET', '/v1/payment_intents', (_m, q, a) => page(all('payment_intent', a).filter((pi) => !q.customer || pi.customer === q.customer), q, '/v1/payment_intents'));
  route('GET', '/v1/payment_intents/([^/]+)', (m, _p, a) => get('payment_intent', m[1], a));
  route('POST', '/v1/payment_intents/([^/]+)', (m, p, a) => {
    const pi = get('payment_intent', m[1], a);
    if (p.metadata) pi.metadata = metadataOf(p.metadata, pi.metadata);
    if (p.payment_method) pi.payment_method = resolvePm(str(p.payment_method), a)!.id;
    return pi;
  });
  route('POST', '/v1/payment_intents/([^/]+)/confirm', (m, p, a, req) => {
    const pi = get('payment_intent', m[1], a);
    if (p.payment_method) pi.payment_method = resolvePm(str(p.payment_method), a)!.id;
    confirmIntent(pi, a, bool(p.off_session) === true, req);
    return pi;
  });
  route('POST', '/v1/payment_intents/([^/]+)/cancel', (m, _p, a, req) => {
    const pi = get('payment_intent', m[1], a);
    pi.status = 'canceled';
    emit('payment_intent.canceled', pi, a, undefined, req);
    return pi;
  });

  // products and prices
  route('POST', '/v1/products', (_m, p, a) => {
    if (!str(p.name)) throw invalid('Missing required param: name.', 'name');
    return put({ id: str(p.id) ?? newId('product'), object: 'product', name: str(p.name), description: str(p.description) ?? null, active: bool(p.active) ?? true, metadata: metadataOf(p.metadata), marketing_features: list(p.marketing_features).map((f) => ({ name: str(obj(f).name) })), default_price: null, created: now() }, a);
  });
  route('GET', '/v1/products', (_m, q, a) => page(all('product', a).filter((pr) => q.active === undefined || pr.active === bool(q.active)), q, '/v1/products'));
  route('GET', '/v1/products/([^/]+)', (m, _p, a) => get('product', m[1], a));
  route('POST', '/v1/products/([^/]+)', (m, p, a) => {
    const pr = get('product', m[1], a);
    if (p.name) pr.name = str(p.name);
    if (p.description !== undefined) pr.description = str(p.description) || null;
    if (p.active !== undefined) pr.active = bool(p.active);
    if (p.metadata) pr.metadata = metadataOf(p.metadata, pr.metadata);
    if (p.marketing_features) pr.marketing_features = list(p.marketing_features).map((f) => ({ name: str(obj(f).name) }));
    if (p.default_price) pr.default_price = str(p.default_price);
    return pr;
  });
  route('POST', '/v1/prices', (_m, p, a) => {
    const product = str(p.product) ?? (p.product_data ? put({ id: newId('product'), object: 'product', name: str(obj(p.product_data).name), active: true, metadata: {}, created: now() }, a).id : undefined);
    if (!product) throw invalid('Missing required param: product.', 'product');
    get('product', product, a, 'product');
    const amount = num(p.unit_amount);
    if (amount === undefined || !Number.isInteger(amount) || amount < 0) throw invalid('Invalid integer: unit_amount', 'unit_amount');
    const recurring = p.recurring ? { interval: str(obj(p.recurring).interval) ?? 'month', interval_count: num(obj(p.recurring).interval_count) ?? 1 } : null;
    return put({ id: newId('price'), object: 'price', product, unit_amount: amount, currency: (str(p.currency) ?? 'usd').toLowerCase(), active: bool(p.active) ?? true, recurring, type: recurring ? 'recurring' : 'one_time', lookup_key: str(p.lookup_key) ?? null, metadata: metadataOf(p.metadata), nickname: str(p.nickname) ?? null, created: now() }, a);
  });
  route('GET', '/v1/prices', (_m, q, a) => {
    const keys = list(q.lookup_keys).map(String);
    return page(all('price', a).filter((pr) => (!q.product || pr.product === q.product) && (q.active === undefined || pr.active === bool(q.active)) && (keys.length === 0 || keys.includes(String(pr.lookup_key)))), q, '/v1/prices');
  });

  // tax rates (exclusive: added on top of the subtotal)
  route('POST', '/v1/tax_rates', (_m, p, a) => {
    const percentage = num(p.percentage);
    if (percentage === undefined) throw invalid('Missing required param: percentage.', 'percentage');
    return put({ id: newId('tax_rate'), object: 'tax_rate', percentage, display_name: str(p.display_name) ?? 'Tax', description: str(p.description) ?? null, inclusive: bool(p.inclusive) ?? false, country: str(p.country) ?? null, active: true, metadata: metadataOf(p.metadata), created: now() }, a);
  });
  route('GET', '/v1/tax_rates', (_m, q, a) => page(all('tax_rate', a), q, '/v1/tax_rates'));
  route('GET', '/v1/prices/([^/]+)', (m, _p, a) => get('price', m[1], a));
  route('POST', '/v1/prices/([^/]+)', (m, p, a) => {
    const pr = get('price', m[1], a);
    if (p.active !== undefined) pr.active = bool(p.active);
    if (p.metadata) pr.metadata = metadataOf(p.metadata, pr.metadata);
    return pr;
  });

  // coupons and promotion codes
  route('POST', '/v1/coupons', (_m, p, a) => {
    const percent = num(p.percent_off);
    const amountOff = num(p.amount_off);
    if (percent === undefined && amountOff === undefined) throw invalid('Coupons require either percent_off or amount_off.', 'percent_off');
    return put({ id: str(p.id) ?? newId('coupon'), object: 'coupon', percent_off: percent ?? null, amount_off: amountOff ?? null, currency: amountOff !== undefined ? (str(p.currency) ?? 'usd') : null, duration: str(p.duration) ?? 'once', name: str(p.name) ?? null, valid: true, metadata: metadataOf(p.metadata), created: now() }, a);
  });
  route('GET', '/v1/coupons/([^/]+)', (m, _p, a) => get('coupon', m[1], a));
  route('POST', '/v1/promotion_codes', (_m, p, a) => {
    const promotion = obj(p.promotion);
    const couponId = str(promotion.coupon) ?? str(p.coupon);
    const coupon = get('coupon', couponId, a, 'promotion[coupon]');
    return put({ id: newId('promotion_code'), object: 'promotion_code', code: str(p.code) ?? randomBytes(4).toString('hex').toUpperCase(), active: bool(p.active) ?? true, promotion: { type: 'coupon', coupon: coupon.id }, coupon: clone(coupon), metadata: metadataOf(p.metadata), created: now() }, a);
  });
  route('GET', '/v1/promotion_codes', (_m, q, a) => page(all('promotion_code', a).filter((c) => (!q.code || String(c.code).toUpperCase() === String(q.code).toUpperCase()) && (q.active === undefined || c.active === bool(q.active))), q, '/v1/promotion_codes'));
  route('GET', '/v1/promotion_codes/([^/]+)', (m, _p, a) => get('promotion_code', m[1], a));

  // subscriptions
  route('POST', '/v1/subscriptions', (_m, p, a, req) => currentSubscription(createSubscription(p, a, req)));
  route('GET', '/v1/subscriptions', (_m, q, a) => page(all('subscription', a).filter((s) => (!q.customer || s.customer === q.customer) && (!q.status || q.status === 'all' || s.status === q.status)).map(currentSubscription), q, '/v1/subscriptions'));
  route('GET', '/v1/subscriptions/([^/]+)', (m, _p, a) => currentSubscription(get('subscription', m[1], a)));
  route('POST', '/v1/subscriptions/([^/]+)', (m, p, a, req) => {
    const sub = get('subscription', m[1], a);
    if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const before = clone(sub);
    const previous: Obj = {};
    const cancel = bool(p.cancel_at_period_end);
    if (cancel !== undefined && cancel !== sub.cancel_at_period_end) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? sub.current_period_end : null;
      sub.canceled_at = cancel ? now() : null;
    }
    if (p.cancellation_details) sub.cancellation_details = obj(p.cancellation_details);
    if (p.metadata) sub.metadata = metadataOf(p.metadata, sub.metadata);
    if (p.default_payment_method) sub.default_payment_method = str(p.default_payment_method);
    if (p.items) {
      previous.items = before.items;
      subscriptionItems(p, sub, a);
    }
    emit('customer.subscription.updated', sub, a, previous, req);
    return currentSubscription(sub);
  });
  route('DELETE', '/v1/subscriptions/([^/]+)', (m, _p, a, req) => {
    const sub = get('subscription', m[1], a);
    Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
    emit('customer.subscription.deleted', sub, a, undefined, req);
    return currentSubscription(sub);
  });
  route('POST', '/v1/subscription_items', (_m, p, a, req) => {
    const sub = get('subscription', str(p.subscription), a, 'subscription');
    const price = get('price', str(p.price), a, 'price');
    matchesSubscription(sub.items.data as Obj[], price);
    const item = newItem(sub, price, num(p.quantity) ?? 1);
    (sub.items.data as Obj[]).push(item);
    emit('customer.subscription.updated', sub, a, { items: {} }, req);
    return item;
  });
  route('POST', '/v1/subscription_items/([^/]+)', (m, p, a, req) => {
    const sub = all('subscription', a).find((s) => (s.items.data as Obj[]).some((i) => i.id === m[1]));
    const item = sub && (sub.items.data as Obj[]).find((i) => i.id === m[1]);
    if (!sub || !item) throw missing('subscription_item', m[1]!);
    if (p.price !== undefined) {
      const price = get('price', str(p.price), a, 'price');
      matchesSubscription((sub.items.data as Obj[]).filter((i) => i !== item), price);
      item.price = clone(price);
    }
    if (p.quantity !== undefined) item.quantity = num(p.quantity);
    emit('customer.subscription.updated', sub, a, { items: {} }, req);
    return item;
  });
  route('DELETE', '/v1/subscription_items/([^/]+)', (m, _p, a, req) => {
    const sub = all('subscription', a).find((s) => (s.items.data as Obj[]).some((i) => i.id === m[1]));
    if (!sub) throw missing('subscription_item', m[1]!);
    sub.items.data = (sub.items.data as Obj[]).filter((i) => i.id !== m[1]);
    emit('customer.subscription.updated', sub, a, { items: {} }, req);
    return { id: m[1], object: 'subscription_item', deleted: true };
  });

  // invoices
  route('GET', '/v1/invoices', (_m, q, a) => page(all('invoice', a).filter((i) => (!q.customer || i.customer === q.customer) && (!q.subscription || i.subscription === q.subscription)), q, '/v1/invoices'));
  route('GET', '/v1/invoices/([^/]+)', (m, _p, a) => get('invoice', m[1], a));

  // checkout
  route('POST', '/v1/checkout/sessions', (_m, p, a, req) => {
    const mode = str(p.mode) ?? 'payment';
    const items = list(p.line_items).map((i) => obj(i));
    if (items.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    for (const i of items) get('price', str(i.price), a, 'line_items[0][price]');
    if (!str(p.success_url)) throw invalid('Missing required param: success_url.', 'success_url');
    const session = put({
      id: newId('checkout.session'), object: 'checkout.session', mode, status: 'open', payment_status: 'unpaid', customer: str(p.customer) ?? null,
      customer_email: str(p.customer_email) ?? null, success_url: str(p.success_url), cancel_url: str(p.cancel_url) ?? null, metadata: metadataOf(p.metadata),
      client_reference_id: str(p.client_reference_id) ?? null, subscription: null, payment_intent: null, created: now(), livemode: false,
      line_items_params: items.map((i) => ({ price: str(i.price), quantity: num(i.quantity) ?? 1 })),
      subscription_data: p.subscription_data ? { application_fee_percent: num(obj(p.subscription_data).application_fee_percent) ?? null, metadata: metadataOf(obj(p.subscription_data).metadata) } : null,
    }, a);
    session.url = `${baseUrl}/checkout/${session.id}`;
    void req;
    return session;
  });
  route('GET', '/v1/checkout/sessions/([^/]+)', (m, _p, a) => get('checkout.session', m[1], a));

  // connect
  route('POST', '/v1/accounts', (_m, p, a, req) => {
    if (a) throw invalid('Connected accounts cannot create accounts.');
    const acct = put({
      id: newId('account'), object: 'account', type: str(p.type) ?? 'express', email: str(p.email) ?? null, country: str(p.country) ?? 'US',
      charges_enabled: false, payouts_enabled: false, details_submitted: false, metadata: metadataOf(p.metadata), created: now(),
      capabilities: Object.fromEntries(Object.keys(obj(p.capabilities)).map((k) => [k, 'inactive'])), requirements: { currently_due: ['external_account', 'tos_acceptance.date'] },
    }, null);
    void req;
    return acct;
  });
  route('GET', '/v1/accounts/([^/]+)', (m) => get('account', m[1], null));
  route('POST', '/v1/accounts/([^/]+)', (m, p) => {
    const acct = get('account', m[1], null);
    if (p.metadata) acct.metadata = metadataOf(p.metadata, acct.metadata);
    if (p.email) acct.email = str(p.email);
    return acct;
  });
  route('POST', '/v1/account_links', (_m, p) => {
    const acct = get('account', str(p.account), null, 'account');
    if (!str(p.return_url) || !str(p.refresh_url)) throw invalid('Missing required param: return_url.', 'return_url');
    const link = { object: 'account_link', created: now(), expires_at: now() + 300, url: `${baseUrl}/connect/onboard/${acct.id}?return_url=${encodeURIComponent(str(p.return_url)!)}` };
    return link;
  });

  // webhook endpoints
  route('POST', '/v1/webhook_endpoints', (_m, p) => {
    const url = str(p.url);
    if (!url) throw invalid('Missing required param: url.', 'url');
    const e = addWebhookEndpoint({ url, secret: `whsec_${randomBytes(16).toString('hex')}`, connect: bool(p.connect) === true });
    return { id: e.id, object: 'webhook_endpoint', url: e.url, secret: e.secret, enabled_events: list(p.enabled_events), application: null, status: 'enabled', created: now() };
  });

  // ------------------------------------------------------------ fake-only outcomes

  function finishOnboarding(acctId: string): Obj {
    const acct = get('account', acctId, null);
    const previous = { charges_enabled: acct.charges_enabled, payouts_enabled: acct.payouts_enabled, details_submitted: acct.details_submitted };
    Object.assign(acct, { charges_enabled: true, payouts_enabled: true, details_submitted: true, requirements: { currently_due: [] } });
    // account.updated is a Connect event: it carries the account and goes to Connect endpoints.
    emit('account.updated', acct, acctId, previous);
    return acct;
  }

  function completeCheckout(sessionId: string): Obj {
    const session = [...store.values()].find((o) => o.object === 'checkout.session' && o.id === sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status === 'complete') return session;
    const account = (session as { __account?: string }).__account ?? null;
    const req = { idempotencyKey: null };
    let customer = session.customer as string | null;
    if (!customer) customer = put({ id: newId('customer'), object: 'customer', email: session.customer_email, name: null, balance: 0, metadata: {}, invoice_settings: { default_payment_method: null }, created: now() }, account).id as string;
    const pm = cardPm('4242424242424242', account, { customer });
    const c = get('customer', customer, account);
    c.invoice_settings.default_payment_method = pm.id;
    if (session.mode === 'subscription') {
      const sub = createSubscription({
        customer, default_payment_method: pm.id as string, metadata: session.subscription_data?.metadata ?? session.metadata,
        items: (session.line_items_params as Obj[]).map((i) => ({ price: i.price, quantity: String(i.quantity) })),
        ...(session.subscription_data?.application_fee_percent ? { application_fee_percent: String(session.subscription_data.application_fee_percent) } : {}),
      } as Record<string, FormValue>, account, req);
      session.subscription = sub.id;
    } else {
      const amount = (session.line_items_params as Obj[]).reduce((s, i) => s + Number(get('price', i.price, account).unit_amount) * Number(i.quantity), 0);
      const currency = String(get('price', (session.line_items_params as Obj[])[0]!.price, account).currency);
      const pi = createIntent({ amount: String(amount), currency, customer, payment_method: pm.id as string, confirm: 'true' } as Record<string, FormValue>, account, req, { metadata: session.metadata });
      session.payment_intent = pi.id;
    }
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer });
    emit('checkout.session.completed', session, account, undefined, req);
    return session;
  }

  /** Checkout's page: each line item (product, amount, interval), then Subscribe or Pay, or Cancel. */
  function checkoutPage(session: Obj): string {
    const account = (session as { __account?: string }).__account ?? null;
    const esc = (t: unknown) => String(t).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const lines = (session.line_items_params as Obj[]).map((i) => {
      const price = get('price', i.price, account);
      const product = typeof price.product === 'string' ? store.get(price.product) : undefined;
      const amount = `${(Number(price.unit_amount) / 100).toFixed(2)} ${String(price.currency).toUpperCase()}`;
      const every = price.recurring ? ` per ${price.recurring.interval}` : '';
      return `<li>${esc(product?.name ?? price.nickname ?? price.id)} — ${esc(amount)}${esc(every)}${Number(i.quantity) > 1 ? ` × ${esc(i.quantity)}` : ''}</li>`;
    });
    const action = session.mode === 'subscription' ? 'Subscribe' : 'Pay';
    const cancel = session.cancel_url ? `<a href="${esc(session.cancel_url)}">Cancel</a>` : '';
    return `<!doctype html><title>Checkout</title><h1>Checkout</h1><ul>${lines.join('')}</ul>`
      + `<p>Test card 4242 4242 4242 4242</p><form method="post" action="/checkout/${esc(session.id)}/pay"><button>${action}</button></form>${cancel}`;
  }

  // ------------------------------------------------------------ server

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'request-id': `req_${randomBytes(8).toString('hex')}`, ...headers });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET,POST,DELETE', 'access-control-allow-headers': '*' });
      res.end();
      return;
    }
    const text = method === 'GET' ? url.search.slice(1) : await readBody(req);
    const params = decodeForm(method === 'GET' ? text : `${url.search.slice(1)}${url.search && text ? '&' : ''}${text}`);

    // fake-only routes
    if (url.pathname === '/__recorded') {
      if (method === 'DELETE') recorded.length = 0;
      return send(res, 200, { requests: recorded, deliveries });
    }
    if (url.pathname === '/__events' && method === 'GET') return send(res, 200, { data: events });
    let m = /^\/__events\/([^/]+)\/resend$/.exec(url.pathname);
    if (m && method === 'POST') {
      const event = events.find((e) => e.id === m![1]);
      if (!event) return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such event' } });
      const statuses = await Promise.all(endpoints.filter((e) => e.connect === Boolean(event.account)).map((e) => deliver(event, e)));
      return send(res, 200, { statuses });
    }
    m = /^\/__3ds\/([^/]+)(?:\/(complete|fail))?$/.exec(url.pathname);
    if (m) {
      const pi = store.get(m[1]!);
      if (!pi || pi.object !== 'payment_intent') return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      if (!m[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>3D Secure 2 Test Page</title><h1>3D Secure 2 Test Page</h1><form method="post" action="/__3ds/${pi.id}/complete"><button>Complete</button></form><form method="post" action="/__3ds/${pi.id}/fail"><button>Fail</button></form>`);
        return;
      }
      const account = (pi as { __account?: string }).__account ?? null;
      if (m[2] === 'complete' && pi.status === 'requires_action') {
        authenticated.add(pi.id as string);
        succeedIntent(pi, account, { idempotencyKey: null });
      } else if (m[2] === 'fail' && pi.status === 'requires_action') {
        Object.assign(pi, { status: 'requires_payment_method', next_action: null, last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' } });
        emit('payment_intent.payment_failed', pi, account);
      }
      return send(res, 200, clone(pi));
    }
    m = /^\/checkout\/([^/]+)$/.exec(url.pathname);
    if (m && method === 'GET') {
      const session = [...store.values()].find((o) => o.object === 'checkout.session' && o.id === m![1]);
      res.writeHead(session ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(session ? checkoutPage(session) : 'Not found');
      return;
    }
    m = /^\/(?:__checkout\/([^/]+)\/complete|checkout\/([^/]+)\/(pay|complete))$/.exec(url.pathname);
    if (m) {
      try {
        const session = completeCheckout((m[1] ?? m[2])!);
        // The page's form (POST …/pay) and a browser's GET go on to success_url; the fake-only POST answers JSON.
        if (method === 'GET' || m[3] === 'pay') {
          res.writeHead(303, { location: session.success_url as string });
          res.end();
          return;
        }
        return send(res, 200, clone(session));
      } catch (error) {
        if (error instanceof StripeError) return send(res, error.status, { error: error.body });
        throw error;
      }
    }
    m = /^\/connect\/onboard\/([^/]+)$/.exec(url.pathname);
    if (m) {
      try {
        finishOnboarding(m[1]!);
      } catch (error) {
        if (error instanceof StripeError) return send(res, error.status, { error: error.body });
        throw error;
      }
      const back = url.searchParams.get('return_url');
      if (method === 'GET' && back) {
        res.writeHead(303, { location: back });
        res.end();
        return;
      }
      return send(res, 200, { ok: true });
    }
    m = /^\/invoices\/([^/.]+)/.exec(url.pathname);
    if (m) {
      const inv = store.get(m[1]!);
      res.writeHead(inv ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(inv ? `<!doctype html><title>Invoice ${inv.number}</title><h1>Invoice ${inv.number}</h1><p>${(Number(inv.amount_due) / 100).toFixed(2)} ${String(inv.currency).toUpperCase()} — ${inv.status}</p>` : 'Not found');
      return;
    }

    if (url.pathname === '/v3' || url.pathname === '/v3/') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
      res.end(stripeJsSource(baseUrl));
      return;
    }

    // the API
    const auth = req.headers.authorization ?? '';
    // A publishable key (Stripe.js in the browser) may only create cards and confirm or read an intent whose client
    // secret it holds, as with Stripe.
    if (/^Bearer pk_(test|live)_\S+$/.test(auth)) {
      const publishable = [['POST', /^\/v1\/payment_methods$/], ['POST', /^\/v1\/(payment|setup)_intents\/[^/]+\/confirm$/], ['GET', /^\/v1\/(payment|setup)_intents\/[^/]+$/]] as const;
      const allowed = publishable.some(([m, re]) => m === method && re.test(url.pathname));
      const intentId = /^\/v1\/(?:payment|setup)_intents\/([^/]+)/.exec(url.pathname)?.[1];
      const intent = intentId ? store.get(intentId) : undefined;
      const secretOk = !intentId || (intent && typeof params.client_secret === 'string' && params.client_secret === intent.client_secret);
      if (!allowed || !secretOk) {
        recorded.push({ method, path: url.pathname, account: null, idempotencyKey: null, params, status: 401, ts: Date.now() });
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key. Please use a secret API key.' } });
      }
      delete params.client_secret;
    }
    const account = (req.headers['stripe-account'] as string | undefined) ?? null;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const record = (status: number) => recorded.push({ method, path: url.pathname, account, idempotencyKey, params, status, ts: Date.now() });
    if (!/^Bearer (sk|pk)_(test|live)_\S+$/.test(auth)) {
      record(401);
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const key = idempotencyKey && method === 'POST' ? `${account ?? ''}|${idempotencyKey}` : null;
    const replay = key ? idempotent.get(key) : undefined;
    if (replay) {
      record(replay.status);
      return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey! });
    }
    const found = routes.find(([rm, re]) => rm === method && re.test(url.pathname));
    let status = 200;
    let body: Obj;
    try {
      if (!found) throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` });
      if (account && account !== 'acct_platform') get('account', account, null, 'Stripe-Account');
      const match = found[1].exec(url.pathname)!;
      const result = found[2](match, params, account, { idempotencyKey });
      const expands = list(params.expand).map(String);
      body = expands.length ? expand(result, expands, account) : clone(result);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      body = { error: { ...error.body, request_log_url: null } };
    }
    if (key && status !== 404) idempotent.set(key, { status, body });
    record(status);
    send(res, status, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', resolve);
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    recorded,
    events,
    deliveries,
    addWebhookEndpoint,
    async settle() {
      while (inflight.size > 0) await Promise.all([...inflight]);
    },
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
