// Checkout sessions: made through the API; paid on the fake's Checkout page (GET /checkout/{cs}, with the test card
// 4242) or by the fake-only POST /__checkout/{cs}/complete, which makes the customer, card and subscription or
// payment as Checkout would.
import { invalid, missing } from './errors';
import type { FormValue } from './form';
import { list, metadataOf, num, obj, str } from './params';
import { createIntent } from './payment-intents';
import { cardPm } from './payment-methods';
import { route, type Fake, type Route } from './routes';
import { createSubscription } from './subscriptions';
import { accountOf, newId, now, type Obj } from './store';

export function checkoutRoutes(fake: Fake): Route[] {
  const { store: { put, get } } = fake;
  return [
    route('POST', '/v1/checkout/sessions', (_m, p, a) => {
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
      session.url = `${fake.baseUrl()}/checkout/${session.id}`;
      return session;
    }),
    route('GET', '/v1/checkout/sessions/([^/]+)', (m, _p, a) => get('checkout.session', m[1], a)),
  ];
}

/** The open session by id, whatever its account (the Checkout page is reached by its URL alone). */
export function sessionById(fake: Fake, id: string): Obj | undefined {
  const session = fake.store.byId(id);
  return session?.object === 'checkout.session' ? session : undefined;
}

export function completeCheckout(fake: Fake, sessionId: string): Obj {
  const { store: { put, get }, emit } = fake;
  const session = sessionById(fake, sessionId);
  if (!session) throw missing('checkout.session', sessionId);
  if (session.status === 'complete') return session;
  const account = accountOf(session);
  const req = { idempotencyKey: null };
  let customer = session.customer as string | null;
  if (!customer) customer = put({ id: newId('customer'), object: 'customer', email: session.customer_email, name: null, balance: 0, metadata: {}, invoice_settings: { default_payment_method: null }, created: now() }, account).id as string;
  const pm = cardPm(fake, '4242424242424242', account, { customer });
  const c = get('customer', customer, account);
  c.invoice_settings.default_payment_method = pm.id;
  if (session.mode === 'subscription') {
    const sub = createSubscription(fake, {
      customer, default_payment_method: pm.id as string, metadata: session.subscription_data?.metadata ?? session.metadata,
      items: (session.line_items_params as Obj[]).map((i) => ({ price: i.price, quantity: String(i.quantity) })),
      ...(session.subscription_data?.application_fee_percent ? { application_fee_percent: String(session.subscription_data.application_fee_percent) } : {}),
    } as Record<string, FormValue>, account, req);
    session.subscription = sub.id;
  } else {
    const amount = (session.line_items_params as Obj[]).reduce((s, i) => s + Number(get('price', i.price, account).unit_amount) * Number(i.quantity), 0);
    const currency = String(get('price', (session.line_items_params as Obj[])[0]!.price, account).currency);
    const pi = createIntent(fake, { amount: String(amount), currency, customer, payment_method: pm.id as string, confirm: 'true' } as Record<string, FormValue>, account, req, { metadata: session.metadata });
    session.payment_intent = pi.id;
  }
  Object.assign(session, { status: 'complete', payment_status: 'paid', customer });
  emit('checkout.session.completed', session, account, undefined, req);
  return session;
}

/** Checkout's page: each line item (product, amount, interval), then Subscribe or Pay, or Cancel. */
export function checkoutPage({ store }: Fake, session: Obj): string {
  const account = accountOf(session);
  const esc = (t: unknown) => String(t).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const lines = (session.line_items_params as Obj[]).map((i) => {
    const price = store.get('price', i.price, account);
    const product = typeof price.product === 'string' ? store.byId(price.product) : undefined;
    const amount = `${(Number(price.unit_amount) / 100).toFixed(2)} ${String(price.currency).toUpperCase()}`;
    const every = price.recurring ? ` per ${price.recurring.interval}` : '';
    return `<li>${esc(product?.name ?? price.nickname ?? price.id)} — ${esc(amount)}${esc(every)}${Number(i.quantity) > 1 ? ` × ${esc(i.quantity)}` : ''}</li>`;
  });
  const action = session.mode === 'subscription' ? 'Subscribe' : 'Pay';
  const cancel = session.cancel_url ? `<a href="${esc(session.cancel_url)}">Cancel</a>` : '';
  return `<!doctype html><title>Checkout</title><h1>Checkout</h1><ul>${lines.join('')}</ul>`
    + `<p>Test card 4242 4242 4242 4242</p><form method="post" action="/checkout/${esc(session.id)}/pay"><button>${action}</button></form>${cancel}`;
}
