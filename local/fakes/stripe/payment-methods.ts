// Card PaymentMethods: made from a test card number or token (pm_card_visa …), which decides how the card behaves
// when charged (cards.ts); attached to and detached from customers.
import { StripeError, invalid } from './errors';
import { cardByNumber, cardByToken } from './cards';
import type { FormValue } from './form';
import { obj, num, str } from './params';
import { page, route, type Fake, type Route } from './routes';
import { newId, now, type Obj } from './store';

/** A new card PaymentMethod for a test card number; a number Stripe does not know is a 402 incorrect_number. */
export function cardPm({ store, cards }: Fake, number: string, account: string | null, extra: Obj = {}): Obj {
  const card = cardByNumber(number);
  if (!card) throw new StripeError(402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'card[number]' });
  const pm = store.put({
    id: newId('payment_method'), object: 'payment_method', type: 'card', created: now(), customer: null, livemode: false, metadata: {},
    billing_details: { name: null, email: null, phone: null, address: { line1: null, line2: null, city: null, state: null, postal_code: null, country: null } },
    card: { brand: card.brand, last4: card.number.slice(-4), exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, country: 'US', funding: 'credit' },
    ...extra,
  }, account);
  cards.set(pm.id as string, card.behaviour);
  return pm;
}

/** A pm_… id, or a test token (pm_card_visa …) which becomes a new PaymentMethod as in Stripe's test mode. */
export function resolvePm(fake: Fake, id: string | undefined, account: string | null, param = 'payment_method'): Obj | null {
  if (!id) return null;
  const token = cardByToken(id);
  if (token) return cardPm(fake, token.number, account);
  return fake.store.get('payment_method', id, account, param);
}

function billingDetails(v: FormValue | undefined, base: Obj): Obj {
  const b = obj(v);
  const address = obj(b.address);
  return {
    name: str(b.name) ?? base.name ?? null, email: str(b.email) ?? base.email ?? null, phone: str(b.phone) ?? base.phone ?? null,
    address: { ...base.address, ...Object.fromEntries(Object.entries(address).map(([k, val]) => [k, str(val) ?? null])) },
  };
}

export function paymentMethodRoutes(fake: Fake): Route[] {
  const { store: { get, all }, emit } = fake;
  return [
    route('POST', '/v1/payment_methods', (_m, p, a) => {
      if ((str(p.type) ?? 'card') !== 'card') throw invalid('Only card payment methods are supported here.', 'type');
      const card = obj(p.card);
      const token = str(card.token);
      const number = token ? cardByToken(token)?.number : str(card.number);
      if (!number) throw invalid('Missing required param: card[number].', 'card[number]');
      const pm = cardPm(fake, number, a);
      pm.billing_details = billingDetails(p.billing_details, pm.billing_details);
      if (num(card.exp_month)) pm.card.exp_month = num(card.exp_month);
      if (num(card.exp_year)) pm.card.exp_year = num(card.exp_year);
      return pm;
    }),
    route('GET', '/v1/payment_methods', (_m, q, a) => page(all('payment_method', a).filter((pm) => !q.customer || pm.customer === q.customer), q, '/v1/payment_methods')),
    route('GET', '/v1/payment_methods/([^/]+)', (m, _p, a) => resolvePm(fake, m[1], a)!),
    route('POST', '/v1/payment_methods/([^/]+)', (m, p, a) => {
      const pm = get('payment_method', m[1], a);
      if (p.billing_details) pm.billing_details = billingDetails(p.billing_details, pm.billing_details);
      return pm;
    }),
    route('POST', '/v1/payment_methods/([^/]+)/attach', (m, p, a, req) => {
      const pm = resolvePm(fake, m[1], a)!;
      const customer = get('customer', str(p.customer), a, 'customer');
      if (pm.customer && pm.customer !== customer.id) throw invalid('This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.');
      pm.customer = customer.id;
      emit('payment_method.attached', pm, a, undefined, req);
      return pm;
    }),
    route('POST', '/v1/payment_methods/([^/]+)/detach', (m, _p, a, req) => {
      const pm = get('payment_method', m[1], a);
      pm.customer = null;
      emit('payment_method.detached', pm, a, undefined, req);
      return pm;
    }),
  ];
}
