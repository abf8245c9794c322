// SetupIntents: saving a card for later, declined as the test card says.
import { cardError, invalid } from './errors';
import { metadataOf, str } from './params';
import { resolvePm } from './payment-methods';
import { route, type Fake, type Route } from './routes';
import { clientSecret, clone, newId, now } from './store';

export function setupIntentRoutes(fake: Fake): Route[] {
  const { store: { put, get }, emit, cards } = fake;
  return [
    route('POST', '/v1/setup_intents', (_m, p, a, req) => {
      if (p.customer) get('customer', str(p.customer), a, 'customer');
      const pm = resolvePm(fake, str(p.payment_method), a);
      const si = put({ id: newId('setup_intent'), object: 'setup_intent', customer: str(p.customer) ?? null, payment_method: pm?.id ?? null, status: 'requires_payment_method', usage: str(p.usage) ?? 'off_session', created: now(), metadata: metadataOf(p.metadata), next_action: null, last_setup_error: null, payment_method_types: ['card'] }, a);
      si.client_secret = clientSecret(si.id as string);
      emit('setup_intent.created', si, a, undefined, req);
      return si;
    }),
    route('GET', '/v1/setup_intents/([^/]+)', (m, _p, a) => get('setup_intent', m[1], a)),
    route('POST', '/v1/setup_intents/([^/]+)/confirm', (m, p, a, req) => {
      const si = get('setup_intent', m[1], a);
      const pm = resolvePm(fake, str(p.payment_method), a) ?? (si.payment_method ? get('payment_method', si.payment_method as string, a) : null);
      if (!pm) throw invalid("You cannot confirm this SetupIntent because it's missing a payment method.", 'payment_method');
      const behaviour = cards.get(pm.id as string);
      if (behaviour === 'decline') {
        si.last_setup_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
        throw cardError('card_declined', 'generic_decline', 'Your card was declined.', { setup_intent: clone(si) });
      }
      Object.assign(si, { payment_method: pm.id, status: 'succeeded' });
      if (si.customer) pm.customer = si.customer;
      emit('setup_intent.succeeded', si, a, undefined, req);
      return si;
    }),
  ];
}
