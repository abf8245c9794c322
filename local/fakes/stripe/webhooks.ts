// Events and their delivery: every state change makes an event, delivered to the webhook endpoints signed exactly as
// Stripe signs (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`); connected accounts' events (with
// `account`) go to Connect endpoints, the platform's to the others. POST /v1/webhook_endpoints adds one.
import { createHmac, randomBytes } from 'node:crypto';
import { bool, list, str } from './params';
import { route, type RequestInfo, type Route } from './routes';
import { invalid } from './errors';
import { clone, newId, now, type Obj } from './store';

export interface WebhookEndpoint {
  id: string;
  url: string;
  secret: string;
  /** Receives connected accounts' events (a Connect endpoint) instead of the platform's. */
  connect: boolean;
}

export interface Delivery {
  eventId: string;
  type: string;
  url: string;
  status: number;
}

export type Emit = (type: string, object: Obj, account: string | null, previous?: Obj, request?: RequestInfo) => Obj;

/** Stripe's signature header for a payload: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">. */
export function signPayload(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface Webhooks {
  events: Obj[];
  deliveries: Delivery[];
  emit: Emit;
  addEndpoint(endpoint: Omit<WebhookEndpoint, 'id'>): WebhookEndpoint;
  /** Delivers an event again to every endpoint it is for; each endpoint's status (0: unreachable). */
  redeliver(event: Obj): Promise<number[]>;
  /** Waits until every delivery started so far has been answered. */
  settle(): Promise<void>;
}

/** How long after an event its webhooks leave. */
const WEBHOOK_DELAY_MS = 20;

/** `deliver: false` makes events without sending them (tests that replay by hand). */
export function createWebhooks(deliver: boolean): Webhooks {
  const events: Obj[] = [];
  const deliveries: Delivery[] = [];
  const endpoints: WebhookEndpoint[] = [];
  const inflight = new Set<Promise<unknown>>();
  /** Each endpoint's deliveries, in order: the next leaves when the one before has been answered. */
  const queues = new Map<string, Promise<unknown>>();
  const targetsOf = (event: Obj) => endpoints.filter((e) => e.connect === Boolean(event.account));

  async function send(event: Obj, endpoint: WebhookEndpoint): Promise<number> {
    const payload = JSON.stringify(event, null, 2);
    let status = 0;
    try {
      const res = await fetch(endpoint.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signPayload(payload, endpoint.secret), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    deliveries.push({ eventId: event.id as string, type: event.type as string, url: endpoint.url, status });
    return status;
  }

  const emit: Emit = (type, object, account, previous, request) => {
    const event: Obj = {
      id: newId('event'), object: 'event', api_version: '2026-10-28.endive', created: now(), livemode: false, pending_webhooks: 0, type,
      data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
      request: { id: `req_${randomBytes(8).toString('hex')}`, idempotency_key: request?.idempotencyKey ?? null },
      ...(account ? { account } : {}),
    };
    events.push(event);
    if (deliver) {
      const targets = targetsOf(event);
      event.pending_webhooks = targets.length;
      // Stripe delivers after answering the request, a moment later, and may send an endpoint its events one at a
      // time; so does this. Delivered at once and side by side, an event races the caller's own handling of the
      // answer and the other events for the same documents (a payment applied by both, a subscription's five events
      // on one workspace), and Google's Firestore emulator settles each such lock collision only after seconds.
      // Tests that need another order or a repeat send them by hand (redeliver, /__events/{id}/resend).
      for (const endpoint of targets) {
        const previous = queues.get(endpoint.id) ?? Promise.resolve();
        const p = previous.then(() => new Promise((r) => setTimeout(r, WEBHOOK_DELAY_MS))).then(() => send(event, endpoint));
        queues.set(endpoint.id, p.catch(() => undefined));
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
      }
    }
    return event;
  };

  return {
    events,
    deliveries,
    emit,
    addEndpoint(e) {
      const endpoint = { id: newId('webhook_endpoint'), ...e };
      endpoints.push(endpoint);
      return endpoint;
    },
    redeliver: (event) => Promise.all(targetsOf(event).map((e) => send(event, e))),
    async settle() {
      while (inflight.size > 0) await Promise.all([...inflight]);
    },
  };
}

export function webhookEndpointRoutes(webhooks: Webhooks): Route[] {
  return [
    route('POST', '/v1/webhook_endpoints', (_m, p) => {
      const url = str(p.url);
      if (!url) throw invalid('Missing required param: url.', 'url');
      const e = webhooks.addEndpoint({ url, secret: `whsec_${randomBytes(16).toString('hex')}`, connect: bool(p.connect) === true });
      return { id: e.id, object: 'webhook_endpoint', url: e.url, secret: e.secret, enabled_events: list(p.enabled_events), application: null, status: 'enabled', created: now() };
    }),
  ];
}
