// The catalogue: products, their prices (one-time or recurring) and tax rates (exclusive: added on top of the
// subtotal).
import { invalid } from './errors';
import { bool, list, metadataOf, num, obj, str } from './params';
import { page, route, type Fake, type Route } from './routes';
import { newId, now } from './store';

export function productRoutes({ store: { put, get, all } }: Fake): Route[] {
  return [
    route('POST', '/v1/products', (_m, p, a) => {
      if (!str(p.name)) throw invalid('Missing required param: name.', 'name');
      return put({ id: str(p.id) ?? newId('product'), object: 'product', name: str(p.name), description: str(p.description) ?? null, active: bool(p.active) ?? true, metadata: metadataOf(p.metadata), marketing_features: list(p.marketing_features).map((f) => ({ name: str(obj(f).name) })), default_price: null, created: now() }, a);
    }),
    route('GET', '/v1/products', (_m, q, a) => page(all('product', a).filter((pr) => q.active === undefined || pr.active === bool(q.active)), q, '/v1/products')),
    route('GET', '/v1/products/([^/]+)', (m, _p, a) => get('product', m[1], a)),
    route('POST', '/v1/products/([^/]+)', (m, p, a) => {
      const pr = get('product', m[1], a);
      if (p.name) pr.name = str(p.name);
      if (p.description !== undefined) pr.description = str(p.description) || null;
      if (p.active !== undefined) pr.active = bool(p.active);
      if (p.metadata) pr.metadata = metadataOf(p.metadata, pr.metadata);
      if (p.marketing_features) pr.marketing_features = list(p.marketing_features).map((f) => ({ name: str(obj(f).name) }));
      if (p.default_price) pr.default_price = str(p.default_price);
      return pr;
    }),
    route('POST', '/v1/prices', (_m, p, a) => {
      const product = str(p.product) ?? (p.product_data ? put({ id: newId('product'), object: 'product', name: str(obj(p.product_data).name), active: true, metadata: {}, created: now() }, a).id : undefined);
      if (!product) throw invalid('Missing required param: product.', 'product');
      get('product', product, a, 'product');
      const amount = num(p.unit_amount);
      if (amount === undefined || !Number.isInteger(amount) || amount < 0) throw invalid('Invalid integer: unit_amount', 'unit_amount');
      const recurring = p.recurring ? { interval: str(obj(p.recurring).interval) ?? 'month', interval_count: num(obj(p.recurring).interval_count) ?? 1 } : null;
      return put({ id: newId('price'), object: 'price', product, unit_amount: amount, currency: (str(p.currency) ?? 'usd').toLowerCase(), active: bool(p.active) ?? true, recurring, type: recurring ? 'recurring' : 'one_time', lookup_key: str(p.lookup_key) ?? null, metadata: metadataOf(p.metadata), nickname: str(p.nickname) ?? null, created: now() }, a);
    }),
    route('GET', '/v1/prices', (_m, q, a) => {
      const keys = list(q.lookup_keys).map(String);
      return page(all('price', a).filter((pr) => (!q.product || pr.product === q.product) && (q.active === undefined || pr.active === bool(q.active)) && (keys.length === 0 || keys.includes(String(pr.lookup_key)))), q, '/v1/prices');
    }),
    route('GET', '/v1/prices/([^/]+)', (m, _p, a) => get('price', m[1], a)),
    route('POST', '/v1/prices/([^/]+)', (m, p, a) => {
      const pr = get('price', m[1], a);
      if (p.active !== undefined) pr.active = bool(p.active);
      if (p.metadata) pr.metadata = metadataOf(p.metadata, pr.metadata);
      return pr;
    }),
    route('POST', '/v1/tax_rates', (_m, p, a) => {
      const percentage = num(p.percentage);
      if (percentage === undefined) throw invalid('Missing required param: percentage.', 'percentage');
      return put({ id: newId('tax_rate'), object: 'tax_rate', percentage, display_name: str(p.display_name) ?? 'Tax', description: str(p.description) ?? null, inclusive: bool(p.inclusive) ?? false, country: str(p.country) ?? null, active: true, metadata: metadataOf(p.metadata), created: now() }, a);
    }),
    route('GET', '/v1/tax_rates', (_m, q, a) => page(all('tax_rate', a), q, '/v1/tax_rates')),
  ];
}
