// PaymentIntents: confirming charges the intent's card as its test card behaves: succeeded, a 402 decline, or
// 3-D Secure (requires_action on session; authentication_required off session).
import { randomBytes } from 'node:crypto';
import { cardError, invalid } from './errors';
import { bool, metadataOf, num, str, type Params } from './params';
import { payInvoice } from './pay-invoice';
import { resolvePm } from './payment-methods';
import { page, route, type Fake, type RequestInfo, type Route } from './routes';
import { accountOf, clientSecret, clone, newId, now, type Obj } from './store';

export function succeedIntent(fake: Fake, pi: Obj, account: string | null, req: RequestInfo): void {
  const { store, emit } = fake;
  const charge = store.put({ id: newId('charge'), object: 'charge', amount: pi.amount, currency: pi.currency, paid: true, status: 'succeeded', payment_intent: pi.id, customer: pi.customer, created: now() }, account);
  Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, latest_charge: charge.id, next_action: null, last_payment_error: null });
  emit('payment_intent.succeeded', pi, account, undefined, req);
  if (pi.invoice) payInvoice(fake, store.get('invoice', pi.invoice as string, account), account, req);
}

/** Confirms with the intent's payment method: succeeded, requires_action (3-D Secure), or a 402 card error. */
export function confirmIntent(fake: Fake, pi: Obj, account: string | null, offSession: boolean, req: RequestInfo): void {
  const { store, emit, cards, authenticated } = fake;
  if (pi.status === 'succeeded') throw invalid(`This PaymentIntent's payment_method could not be updated because it has a status of succeeded.`, 'payment_method');
  if (!pi.payment_method) {
    pi.status = 'requires_payment_method';
    throw invalid('You cannot confirm this PaymentIntent because it\'s missing a payment method.', 'payment_method');
  }
  const behaviour = cards.get(pi.payment_method as string) ?? 'succeed';
  if (behaviour === 'decline' || behaviour === 'insufficient_funds') {
    const decline = behaviour === 'decline' ? 'generic_decline' : 'insufficient_funds';
    const message = behaviour === 'decline' ? 'Your card was declined.' : 'Your card has insufficient funds.';
    Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: decline, message, payment_method: { id: pi.payment_method } } });
    emit('payment_intent.payment_failed', pi, account, undefined, req);
    if (pi.invoice) emit('invoice.payment_failed', store.get('invoice', pi.invoice as string, account), account, undefined, req);
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
      next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${fake.baseUrl()}/__3ds/${pi.id}`, source: `src_${randomBytes(8).toString('hex')}` } },
    });
    emit('payment_intent.requires_action', pi, account, undefined, req);
    return;
  }
  succeedIntent(fake, pi, account, req);
}

export function createIntent(fake: Fake, p: Params, account: string | null, req: RequestInfo, extra: Obj = {}): Obj {
  const amount = num(p.amount);
  if (amount === undefined || !Number.isInteger(amount) || amount < 50) throw invalid('Amount must be at least 50 cents', 'amount');
  const currency = str(p.currency)?.toLowerCase();
  if (!currency) throw invalid('Missing required param: currency.', 'currency');
  if (p.customer) fake.store.get('customer', str(p.customer), account, 'customer');
  const pm = resolvePm(fake, str(p.payment_method), account);
  const pi = fake.store.put({
    id: newId('payment_intent'), object: 'payment_intent', amount, amount_received: 0, currency, customer: str(p.customer) ?? null,
    payment_method: pm?.id ?? null, status: pm ? 'requires_confirmation' : 'requires_payment_method', created: now(), livemode: false,
    metadata: metadataOf(p.metadata), description: str(p.description) ?? null, application_fee_amount: num(p.application_fee_amount) ?? null,
    setup_future_usage: str(p.setup_future_usage) ?? null, next_action: null, last_payment_error: null, latest_charge: null, invoice: null,
    payment_method_types: ['card'], confirmation_method: str(p.confirmation_method) === 'manual' ? 'manual' : 'automatic', ...extra,
  }, account);
  pi.client_secret = clientSecret(pi.id as string);
  fake.emit('payment_intent.created', pi, account, undefined, req);
  if (bool(p.confirm)) confirmIntent(fake, pi, account, bool(p.off_session) === true, req);
  return pi;
}

/** The 3-D Secure challenge's outcome (fake-only): completing it succeeds the intent, failing it asks for another card. */
export function finishChallenge(fake: Fake, pi: Obj, outcome: 'complete' | 'fail'): void {
  if (pi.status !== 'requires_action') return;
  const account = accountOf(pi);
  if (outcome === 'complete') {
    fake.authenticated.add(pi.id as string);
    succeedIntent(fake, pi, account, { idempotencyKey: null });
    return;
  }
  Object.assign(pi, { status: 'requires_payment_method', next_action: null, last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' } });
  fake.emit('payment_intent.payment_failed', pi, account);
}

export function paymentIntentRoutes(fake: Fake): Route[] {
  const { store: { get, all }, emit } = fake;
  return [
    route('POST', '/v1/payment_intents', (_m, p, a, req) => createIntent(fake, p, a, req)),
    route('GET', '/v1/payment_intents', (_m, q, a) => page(all('payment_intent', a).filter((pi) => !q.customer || pi.customer === q.customer), q, '/v1/payment_intents')),
    route('GET', '/v1/payment_intents/([^/]+)', (m, _p, a) => get('payment_intent', m[1], a)),
    route('POST', '/v1/payment_intents/([^/]+)', (m, p, a) => {
      const pi = get('payment_intent', m[1], a);
      if (p.metadata) pi.metadata = metadataOf(p.metadata, pi.metadata);
      if (p.payment_method) pi.payment_method = resolvePm(fake, str(p.payment_method), a)!.id;
      return pi;
    }),
    route('POST', '/v1/payment_intents/([^/]+)/confirm', (m, p, a, req) => {
      const pi = get('payment_intent', m[1], a);
      if (p.payment_method) pi.payment_method = resolvePm(fake, str(p.payment_method), a)!.id;
      confirmIntent(fake, pi, a, bool(p.off_session) === true, req);
      return pi;
    }),
    route('POST', '/v1/payment_intents/([^/]+)/cancel', (m, _p, a, req) => {
      const pi = get('payment_intent', m[1], a);
      pi.status = 'canceled';
      emit('payment_intent.canceled', pi, a, undefined, req);
      return pi;
    }),
  ];
}
