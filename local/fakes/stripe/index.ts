// A Stripe API stand-in (https://docs.stripe.com/api) for what the official `stripe` client calls here: customers
// (+ balance transactions), payment methods, SetupIntents, PaymentIntents, products, prices, coupons, promotion codes,
// subscriptions (+ items), invoices, Checkout sessions, Connect accounts and account links, webhook endpoints — one
// module per resource. Bodies are form-encoded as Stripe's; errors have Stripe's shape and statuses (errors.ts); an
// Idempotency-Key replays the first answer and `Stripe-Account` scopes a request to a connected account (api.ts).
// Test cards behave as Stripe documents them (cards.ts). Every state change makes an event, delivered signed as
// Stripe signs (webhooks.ts). The fake-only routes (recorded requests, events, 3-D Secure, Checkout and onboarding
// pages) are in fake-pages.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from '../listen';
import { createApi, type RecordedRequest } from './api';
import type { CardBehaviour } from './cards';
import { checkoutRoutes } from './checkout';
import { connectAccountRoutes } from './connect-accounts';
import { couponRoutes } from './coupons';
import { customerRoutes } from './customers';
import { answerFakePage } from './fake-pages';
import { decodeForm } from './form';
import { readBody, send } from './http';
import { invoiceRoutes } from './invoices';
import { paymentIntentRoutes } from './payment-intents';
import { paymentMethodRoutes } from './payment-methods';
import { productRoutes } from './products';
import type { Fake } from './routes';
import { setupIntentRoutes } from './setup-intents';
import { createStore, type Obj } from './store';
import { subscriptionRoutes } from './subscriptions';
import { createWebhooks, webhookEndpointRoutes, type Delivery, type WebhookEndpoint } from './webhooks';

export type { RecordedRequest } from './api';
export { signPayload, type Delivery, type WebhookEndpoint } from './webhooks';

export interface StartOptions {
  port: number;
  /** The platform's webhook endpoint (default: the local app's {hosting}/stripe/webhook; null: none). */
  webhookUrl?: string | null;
  webhookSecret?: string;
  /** The Connect webhook endpoint (default: {hosting}/stripe/connect/webhook; null: none). */
  connectWebhookUrl?: string | null;
  connectWebhookSecret?: string;
  /** false: events are made but only delivered through /__events/{id}/resend (tests that replay by hand). */
  deliverWebhooks?: boolean;
}

export interface FakeStripe {
  url: string;
  stop(): Promise<void>;
  recorded: RecordedRequest[];
  events: Obj[];
  deliveries: Delivery[];
  /** Waits until every delivery started so far has been answered. */
  settle(): Promise<void>;
  addWebhookEndpoint(endpoint: Omit<WebhookEndpoint, 'id'>): WebhookEndpoint;
}

export async function start(opts: StartOptions): Promise<FakeStripe> {
  const webhooks = createWebhooks(opts.deliverWebhooks !== false);
  let baseUrl = '';
  const fake: Fake = { store: createStore(), emit: webhooks.emit, cards: new Map<string, CardBehaviour>(), authenticated: new Set<string>(), baseUrl: () => baseUrl };
  const recorded: RecordedRequest[] = [];
  // On the local stack (started with a port only) events go to the app's Hosting, which rewrites /stripe to the API.
  const hosting = `http://127.0.0.1:${process.env.PARLEY_PORT_HOSTING ?? '5000'}`;
  const platformUrl = opts.webhookUrl === undefined ? `${hosting}/stripe/webhook` : opts.webhookUrl;
  const connectUrl = opts.connectWebhookUrl === undefined ? `${hosting}/stripe/connect/webhook` : opts.connectWebhookUrl;
  if (platformUrl) webhooks.addEndpoint({ url: platformUrl, secret: opts.webhookSecret ?? 'whsec_local_fake', connect: false });
  if (connectUrl) webhooks.addEndpoint({ url: connectUrl, secret: opts.connectWebhookSecret ?? opts.webhookSecret ?? 'whsec_local_fake', connect: true });

  const api = createApi(fake, [
    ...customerRoutes(fake), ...paymentMethodRoutes(fake), ...setupIntentRoutes(fake), ...paymentIntentRoutes(fake), ...productRoutes(fake),
    ...couponRoutes(fake), ...subscriptionRoutes(fake), ...invoiceRoutes(fake), ...checkoutRoutes(fake), ...connectAccountRoutes(fake),
    ...webhookEndpointRoutes(webhooks),
  ], recorded);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET,POST,DELETE', 'access-control-allow-headers': '*' });
      res.end();
      return;
    }
    const text = method === 'GET' ? url.search.slice(1) : await readBody(req);
    const params = decodeForm(method === 'GET' ? text : `${url.search.slice(1)}${url.search && text ? '&' : ''}${text}`);
    if (await answerFakePage(fake, webhooks, recorded, req, res, url)) return;
    api(req, res, url.pathname, params);
  }

  const server = await listen((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } }));
  }, opts.port);
  baseUrl = server.url;
  return {
    ...server,
    recorded,
    events: webhooks.events,
    deliveries: webhooks.deliveries,
    addWebhookEndpoint: webhooks.addEndpoint,
    settle: webhooks.settle,
  };
}
