// The fake-only routes: GET/DELETE /__recorded (requests received), GET /__events, POST /__events/{id}/resend
// (delivers again, answers each endpoint's status), the 3-D Secure challenge (GET /__3ds/{pi}, POST …/complete|fail),
// the Checkout page (GET /checkout/{cs}; POST /checkout/{cs}/pay pays with the test card 4242 and redirects to
// success_url; POST /__checkout/{cs}/complete answers JSON), GET /connect/onboard/{acct} (finishes onboarding and
// redirects to the link's return_url), the hosted invoice page and Stripe.js (/v3).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkoutPage, completeCheckout, sessionById } from './checkout';
import { finishOnboarding } from './connect-accounts';
import { StripeError } from './errors';
import { html, redirect, send } from './http';
import { invoicePage } from './invoices';
import { finishChallenge } from './payment-intents';
import type { Fake } from './routes';
import { clone, type Obj } from './store';
import { stripeJsSource } from './stripe-js';
import type { Webhooks } from './webhooks';

const challengePage = (id: string) =>
  `<!doctype html><title>3D Secure 2 Test Page</title><h1>3D Secure 2 Test Page</h1><form method="post" action="/__3ds/${id}/complete"><button>Complete</button></form><form method="post" action="/__3ds/${id}/fail"><button>Fail</button></form>`;

/** Answers a fake-only route; false when the path is the API's. */
export async function answerFakePage(fake: Fake, webhooks: Webhooks, recorded: unknown[], req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  const stripeErrorOr = (error: unknown) => {
    if (!(error instanceof StripeError)) throw error;
    send(res, error.status, { error: error.body });
  };
  if (path === '/__recorded') {
    if (method === 'DELETE') recorded.length = 0;
    send(res, 200, { requests: recorded, deliveries: webhooks.deliveries });
    return true;
  }
  if (path === '/__events' && method === 'GET') {
    send(res, 200, { data: webhooks.events });
    return true;
  }
  let m = /^\/__events\/([^/]+)\/resend$/.exec(path);
  if (m && method === 'POST') {
    const event = webhooks.events.find((e) => e.id === m![1]);
    if (!event) send(res, 404, { error: { type: 'invalid_request_error', message: 'No such event' } });
    else send(res, 200, { statuses: await webhooks.redeliver(event) });
    return true;
  }
  m = /^\/__3ds\/([^/]+)(?:\/(complete|fail))?$/.exec(path);
  if (m) {
    const pi = fake.store.byId(m[1]!);
    if (!pi || pi.object !== 'payment_intent') send(res, 404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    else if (!m[2]) html(res, 200, challengePage(pi.id as string));
    else {
      finishChallenge(fake, pi, m[2] as 'complete' | 'fail');
      send(res, 200, clone(pi));
    }
    return true;
  }
  m = /^\/checkout\/([^/]+)$/.exec(path);
  if (m && method === 'GET') {
    const session = sessionById(fake, m[1]!);
    html(res, session ? 200 : 404, session ? checkoutPage(fake, session) : 'Not found');
    return true;
  }
  m = /^\/(?:__checkout\/([^/]+)\/complete|checkout\/([^/]+)\/(pay|complete))$/.exec(path);
  if (m) {
    let session: Obj;
    try {
      session = completeCheckout(fake, (m[1] ?? m[2])!);
    } catch (error) {
      stripeErrorOr(error);
      return true;
    }
    // The page's form (POST …/pay) and a browser's GET go on to success_url; the fake-only POST answers JSON.
    if (method === 'GET' || m[3] === 'pay') redirect(res, session.success_url as string);
    else send(res, 200, clone(session));
    return true;
  }
  m = /^\/connect\/onboard\/([^/]+)$/.exec(path);
  if (m) {
    try {
      finishOnboarding(fake, m[1]!);
    } catch (error) {
      stripeErrorOr(error);
      return true;
    }
    const back = url.searchParams.get('return_url');
    if (method === 'GET' && back) redirect(res, back);
    else send(res, 200, { ok: true });
    return true;
  }
  m = /^\/invoices\/([^/.]+)/.exec(path);
  if (m) {
    const invoice = fake.store.byId(m[1]!);
    html(res, invoice ? 200 : 404, invoice ? invoicePage(invoice) : 'Not found');
    return true;
  }
  if (path === '/v3' || path === '/v3/') {
    res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
    res.end(stripeJsSource(fake.baseUrl()));
    return true;
  }
  return false;
}
