// The fake's objects, each kept under its id and scoped by account: an object made with `Stripe-Account` is found
// only with that header, as on Stripe; ids carry Stripe's prefixes.
import { randomBytes } from 'node:crypto';
import { missing } from './errors';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe objects are open-ended JSON
export type Obj = Record<string, any>;

const PREFIX: Record<string, string> = {
  customer: 'cus', payment_method: 'pm', setup_intent: 'seti', payment_intent: 'pi', product: 'prod', price: 'price', coupon: 'coupon',
  promotion_code: 'promo', subscription: 'sub', subscription_item: 'si', invoice: 'in', 'checkout.session': 'cs_test', account: 'acct',
  account_link: 'link', tax_rate: 'txr', customer_balance_transaction: 'cbtxn', charge: 'ch', event: 'evt', webhook_endpoint: 'we',
};
export const newId = (object: string) => `${PREFIX[object] ?? object}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const now = () => Math.floor(Date.now() / 1000);
export const clone = <T>(o: T): T => JSON.parse(JSON.stringify(o)) as T;
/** A client secret for an intent: `<id>_secret_<random>`. */
export const clientSecret = (id: string) => `${id}_secret_${randomBytes(12).toString('hex')}`;

/** The connected account an object belongs to (null: the platform's). */
export const accountOf = (o: Obj): string | null => (o as { __account?: string }).__account ?? null;

export interface Store {
  put(o: Obj, account: string | null): Obj;
  /** The object of that kind and account, or Stripe's 404 naming `param`. */
  get(object: string, id: string | undefined, account: string | null, param?: string): Obj;
  all(object: string, account: string | null): Obj[];
  /** Any object by id, whatever its account (the fake-only pages). */
  byId(id: string): Obj | undefined;
  /** A copy with the `expand[]` paths replaced by the objects they name. */
  expand(o: Obj, paths: string[]): Obj;
}

export function createStore(): Store {
  const objects = new Map<string, Obj>();
  const expand = (o: Obj, paths: string[]): Obj => {
    const out = clone(o);
    for (const path of paths) {
      const [head, ...rest] = path.replace(/^data\./, '').split('.');
      const value = out[head!];
      if (typeof value === 'string' && objects.has(value)) out[head!] = expand(objects.get(value)!, rest.length ? [rest.join('.')] : []);
      else if (value && typeof value === 'object' && rest.length) out[head!] = expand(value as Obj, [rest.join('.')]);
    }
    return out;
  };
  return {
    put(o, account) {
      if (account) Object.defineProperty(o, '__account', { value: account, enumerable: false, writable: true });
      objects.set(o.id as string, o);
      return o;
    },
    get(object, id, account, param = 'id') {
      const o = id ? objects.get(id) : undefined;
      if (!o || o.object !== object || accountOf(o) !== account) throw missing(object.replace('.', ' '), id ?? '', param);
      return o;
    },
    all: (object, account) => [...objects.values()].filter((o) => o.object === object && accountOf(o) === account),
    byId: (id) => objects.get(id),
    expand,
  };
}
