// Customers and their balance transactions.
import { invalid } from './errors';
import { metadataOf, num, obj, str } from './params';
import { page, route, type Fake, type Route } from './routes';
import { newId, now } from './store';

export function customerRoutes({ store: { put, get, all }, emit }: Fake): Route[] {
  return [
    route('POST', '/v1/customers', (_m, p, a) => put({
      id: newId('customer'), object: 'customer', created: now(), email: str(p.email) ?? null, name: str(p.name) ?? null, phone: str(p.phone) ?? null,
      address: p.address ? obj(p.address) : null, balance: 0, currency: null, livemode: false, metadata: metadataOf(p.metadata), deleted: undefined,
      invoice_settings: { default_payment_method: str(obj(p.invoice_settings).default_payment_method) ?? null },
    }, a)),
    route('GET', '/v1/customers', (_m, q, a) => page(all('customer', a).filter((c) => !q.email || c.email === q.email), q, '/v1/customers')),
    route('GET', '/v1/customers/([^/]+)', (m, _p, a) => get('customer', m[1], a)),
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
    }),
    route('POST', '/v1/customers/([^/]+)/balance_transactions', (m, p, a, req) => {
      const c = get('customer', m[1], a);
      const amount = num(p.amount);
      if (amount === undefined || !Number.isInteger(amount)) throw invalid('Invalid integer: amount', 'amount');
      c.balance = Number(c.balance) + amount;
      c.currency = c.currency ?? str(p.currency) ?? 'usd';
      const t = put({ id: newId('customer_balance_transaction'), object: 'customer_balance_transaction', amount, currency: c.currency, customer: c.id, description: str(p.description) ?? null, ending_balance: c.balance, type: 'adjustment', created: now(), metadata: metadataOf(p.metadata) }, a);
      emit('customer.updated', c, a, undefined, req);
      return t;
    }),
    route('GET', '/v1/customers/([^/]+)/balance_transactions', (m, q, a) => page(all('customer_balance_transaction', a).filter((t) => t.customer === m[1]), q, `/v1/customers/${m[1]}/balance_transactions`)),
    route('GET', '/v1/customers/([^/]+)/payment_methods', (m, q, a) => page(all('payment_method', a).filter((pm) => pm.customer === m[1]), q, `/v1/customers/${m[1]}/payment_methods`)),
  ];
}
