// Coupons and promotion codes, and what a coupon takes off an amount.
import { randomBytes } from 'node:crypto';
import { invalid } from './errors';
import { bool, list, metadataOf, num, obj, str, type Params } from './params';
import { page, route, type Fake, type Route } from './routes';
import { clone, newId, now, type Obj, type Store } from './store';

/** The coupon a request names (promotion_code, coupon, or discounts[0]); an inactive promotion code is refused. */
export function couponOf({ get }: Store, p: Params, account: string | null): Obj | null {
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

export function discounted(amount: number, coupon: Obj | null): number {
  if (!coupon) return amount;
  if (coupon.percent_off) return Math.round(amount * (1 - Number(coupon.percent_off) / 100));
  return Math.max(0, amount - Number(coupon.amount_off ?? 0));
}

export function couponRoutes({ store: { put, get, all } }: Fake): Route[] {
  return [
    route('POST', '/v1/coupons', (_m, p, a) => {
      const percent = num(p.percent_off);
      const amountOff = num(p.amount_off);
      if (percent === undefined && amountOff === undefined) throw invalid('Coupons require either percent_off or amount_off.', 'percent_off');
      return put({ id: str(p.id) ?? newId('coupon'), object: 'coupon', percent_off: percent ?? null, amount_off: amountOff ?? null, currency: amountOff !== undefined ? (str(p.currency) ?? 'usd') : null, duration: str(p.duration) ?? 'once', name: str(p.name) ?? null, valid: true, metadata: metadataOf(p.metadata), created: now() }, a);
    }),
    route('GET', '/v1/coupons/([^/]+)', (m, _p, a) => get('coupon', m[1], a)),
    route('POST', '/v1/promotion_codes', (_m, p, a) => {
      const promotion = obj(p.promotion);
      const couponId = str(promotion.coupon) ?? str(p.coupon);
      const coupon = get('coupon', couponId, a, 'promotion[coupon]');
      return put({ id: newId('promotion_code'), object: 'promotion_code', code: str(p.code) ?? randomBytes(4).toString('hex').toUpperCase(), active: bool(p.active) ?? true, promotion: { type: 'coupon', coupon: coupon.id }, coupon: clone(coupon), metadata: metadataOf(p.metadata), created: now() }, a);
    }),
    route('GET', '/v1/promotion_codes', (_m, q, a) => page(all('promotion_code', a).filter((c) => (!q.code || String(c.code).toUpperCase() === String(q.code).toUpperCase()) && (q.active === undefined || c.active === bool(q.active))), q, '/v1/promotion_codes')),
    route('GET', '/v1/promotion_codes/([^/]+)', (m, _p, a) => get('promotion_code', m[1], a)),
  ];
}
