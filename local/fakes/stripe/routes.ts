// The API's route table: each resource module returns its routes; a handler gets the path's match, the parameters,
// the `Stripe-Account` (null: the platform) and the request's Idempotency-Key (carried into its events).
import type { CardBehaviour } from './cards';
import { num, type Params } from './params';
import type { Obj, Store } from './store';
import type { Emit } from './webhooks';

export interface RequestInfo {
  idempotencyKey: string | null;
}

export type Handler = (m: RegExpExecArray, p: Params, account: string | null, req: RequestInfo) => Obj;
export type Route = [method: string, path: RegExp, handler: Handler];

export const route = (method: string, path: string, handler: Handler): Route => [method, new RegExp(`^${path}$`), handler];

/** What every resource shares: the objects, the events, the test cards' behaviour and the fake's own URL. */
export interface Fake {
  store: Store;
  emit: Emit;
  /** How each card PaymentMethod behaves when charged (from its test card number). */
  cards: Map<string, CardBehaviour>;
  /** PaymentIntents whose 3-D Secure challenge was completed. */
  authenticated: Set<string>;
  baseUrl(): string;
}

/** A list answer: newest first, `limit` (10, at most 100) of them. */
export function page(items: Obj[], q: Params, url: string): Obj {
  const limit = Math.min(100, num(q.limit) ?? 10);
  const sorted = [...items].sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0));
  return { object: 'list', data: sorted.slice(0, limit), has_more: sorted.length > limit, url };
}
