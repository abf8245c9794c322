// Subscriptions and their items: made with their first invoice (charged to the default card unless
// payment_behavior says otherwise), updated, cancelled at period end or at once.
import { couponOf, discounted } from './coupons';
import { invalid, missing } from './errors';
import { makeInvoice } from './invoices';
import { bool, list, metadataOf, num, obj, str, type Params } from './params';
import { confirmIntent } from './payment-intents';
import { page, route, type Fake, type RequestInfo, type Route } from './routes';
import { clone, newId, now, type Obj } from './store';

const MONTH = 30 * 24 * 60 * 60;
const YEAR = 365 * 24 * 60 * 60;
/** A recurring price's billing period in seconds (yearly prices renew after a year). */
const periodOf = (price: Obj): number => (price.recurring?.interval === 'year' ? YEAR : MONTH);

function subscriptionTotal(sub: Obj): number {
  return (sub.items.data as Obj[]).reduce((sum, item) => sum + Number(item.price.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
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

/** `items[]`: an id updates or deletes that item; a price adds it (or adds to the quantity of the item with it). */
function subscriptionItems({ store: { get } }: Fake, p: Params, sub: Obj, account: string | null): void {
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

export function createSubscription(fake: Fake, p: Params, account: string | null, req: RequestInfo): Obj {
  const { store: { put, get }, emit } = fake;
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
  const coupon = couponOf(fake.store, p, account);
  const start = now();
  const sub = put({
    id: newId('subscription'), object: 'subscription', customer: customer.id, status: 'incomplete', created: start, start_date: start,
    current_period_start: start, current_period_end: start + MONTH, cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null,
    default_payment_method: str(p.default_payment_method) ?? null, metadata: metadataOf(p.metadata), livemode: false,
    discounts: coupon ? [{ coupon: clone(coupon) }] : [], discount: coupon ? { coupon: clone(coupon) } : null,
    items: { object: 'list', data: [], has_more: false }, latest_invoice: null, pending_setup_intent: null,
    application_fee_percent: num(p.application_fee_percent) ?? null,
  }, account);
  subscriptionItems(fake, p, sub, account);
  sub.current_period_end = start + periodOf(sub.items.data[0].price);
  for (const item of sub.items.data as Obj[]) item.current_period_end = sub.current_period_end;
  const currency = String(sub.items.data[0].price.currency);
  const taxRates = list(p.default_tax_rates).map((id) => get('tax_rate', String(id), account, 'default_tax_rates'));
  sub.default_tax_rates = taxRates;
  emit('customer.subscription.created', sub, account, undefined, req);
  const net = discounted(subscriptionTotal(sub), coupon);
  const tax = Math.round(taxRates.reduce((s, r) => s + (r.inclusive ? 0 : (net * Number(r.percentage)) / 100), 0));
  const invoice = makeInvoice(fake, sub, customer.id as string, net + tax, currency, account, req, { subtotal: net, tax, total_excluding_tax: net });
  sub.latest_invoice = invoice.id;
  const behaviour = str(p.payment_behavior) ?? 'allow_incomplete';
  const pmId = (sub.default_payment_method as string | null) ?? customer.invoice_settings?.default_payment_method ?? null;
  if (invoice.status !== 'paid' && behaviour !== 'default_incomplete' && pmId) {
    const pi = get('payment_intent', invoice.payment_intent as string, account);
    pi.payment_method = pmId;
    try {
      confirmIntent(fake, pi, account, bool(p.off_session) === true, req);
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

export function subscriptionRoutes(fake: Fake): Route[] {
  const { store: { get, all }, emit } = fake;
  const subscriptionOfItem = (id: string, a: string | null) => all('subscription', a).find((s) => (s.items.data as Obj[]).some((i) => i.id === id));
  return [
    route('POST', '/v1/subscriptions', (_m, p, a, req) => currentSubscription(createSubscription(fake, p, a, req))),
    route('GET', '/v1/subscriptions', (_m, q, a) => page(all('subscription', a).filter((s) => (!q.customer || s.customer === q.customer) && (!q.status || q.status === 'all' || s.status === q.status)).map(currentSubscription), q, '/v1/subscriptions')),
    route('GET', '/v1/subscriptions/([^/]+)', (m, _p, a) => currentSubscription(get('subscription', m[1], a))),
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
        subscriptionItems(fake, p, sub, a);
      }
      emit('customer.subscription.updated', sub, a, previous, req);
      return currentSubscription(sub);
    }),
    route('DELETE', '/v1/subscriptions/([^/]+)', (m, _p, a, req) => {
      const sub = get('subscription', m[1], a);
      Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      emit('customer.subscription.deleted', sub, a, undefined, req);
      return currentSubscription(sub);
    }),
    route('POST', '/v1/subscription_items', (_m, p, a, req) => {
      const sub = get('subscription', str(p.subscription), a, 'subscription');
      const price = get('price', str(p.price), a, 'price');
      matchesSubscription(sub.items.data as Obj[], price);
      const item = newItem(sub, price, num(p.quantity) ?? 1);
      (sub.items.data as Obj[]).push(item);
      emit('customer.subscription.updated', sub, a, { items: {} }, req);
      return item;
    }),
    route('POST', '/v1/subscription_items/([^/]+)', (m, p, a, req) => {
      const sub = subscriptionOfItem(m[1]!, a);
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
    }),
    route('DELETE', '/v1/subscription_items/([^/]+)', (m, _p, a, req) => {
      const sub = subscriptionOfItem(m[1]!, a);
      if (!sub) throw missing('subscription_item', m[1]!);
      sub.items.data = (sub.items.data as Obj[]).filter((i) => i.id !== m[1]);
      emit('customer.subscription.updated', sub, a, { items: {} }, req);
      return { id: m[1], object: 'subscription_item', deleted: true };
    }),
  ];
}
