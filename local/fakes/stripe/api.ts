// The API's door: the key (a publishable key may only do what Stripe.js does), `Stripe-Account`, an
// Idempotency-Key's replay of the first answer, the route, `expand[]`, and a record of every request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StripeError } from './errors';
import type { FormValue } from './form';
import { send } from './http';
import { list, type Params } from './params';
import type { Fake, Route } from './routes';
import type { Obj } from './store';

export interface RecordedRequest {
  method: string;
  path: string;
  account: string | null;
  idempotencyKey: string | null;
  params: Record<string, FormValue>;
  status: number;
  ts: number;
}

/** A publishable key (Stripe.js in the browser) may create cards and confirm or read an intent whose client secret it holds. */
const PUBLISHABLE = [['POST', /^\/v1\/payment_methods$/], ['POST', /^\/v1\/(payment|setup)_intents\/[^/]+\/confirm$/], ['GET', /^\/v1\/(payment|setup)_intents\/[^/]+$/]] as const;

export function createApi(fake: Fake, routes: Route[], recorded: RecordedRequest[]) {
  const idempotent = new Map<string, { status: number; body: Obj }>();

  function publishableMay(method: string, path: string, params: Params): boolean {
    const allowed = PUBLISHABLE.some(([m, re]) => m === method && re.test(path));
    const intentId = /^\/v1\/(?:payment|setup)_intents\/([^/]+)/.exec(path)?.[1];
    const intent = intentId ? fake.store.byId(intentId) : undefined;
    const secretOk = !intentId || (intent && typeof params.client_secret === 'string' && params.client_secret === intent.client_secret);
    return allowed && Boolean(secretOk);
  }

  function run(method: string, path: string, params: Params, account: string | null, idempotencyKey: string | null): { status: number; body: Obj } {
    const found = routes.find(([rm, re]) => rm === method && re.test(path));
    try {
      if (!found) throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
      if (account && account !== 'acct_platform') fake.store.get('account', account, null, 'Stripe-Account');
      const result = found[2](found[1].exec(path)!, params, account, { idempotencyKey });
      const expands = list(params.expand).map(String);
      return { status: 200, body: expands.length ? fake.store.expand(result, expands) : JSON.parse(JSON.stringify(result)) };
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return { status: error.status, body: { error: { ...error.body, request_log_url: null } } };
    }
  }

  return function answer(req: IncomingMessage, res: ServerResponse, path: string, params: Params): void {
    const method = req.method ?? 'GET';
    const auth = req.headers.authorization ?? '';
    if (/^Bearer pk_(test|live)_\S+$/.test(auth)) {
      if (!publishableMay(method, path, params)) {
        recorded.push({ method, path, account: null, idempotencyKey: null, params, status: 401, ts: Date.now() });
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key. Please use a secret API key.' } });
      }
      delete params.client_secret;
    }
    const account = (req.headers['stripe-account'] as string | undefined) ?? null;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const record = (status: number) => recorded.push({ method, path, account, idempotencyKey, params, status, ts: Date.now() });
    if (!/^Bearer (sk|pk)_(test|live)_\S+$/.test(auth)) {
      record(401);
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const key = idempotencyKey && method === 'POST' ? `${account ?? ''}|${idempotencyKey}` : null;
    const replay = key ? idempotent.get(key) : undefined;
    if (replay) {
      record(replay.status);
      return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey! });
    }
    const { status, body } = run(method, path, params, account, idempotencyKey);
    if (key && status !== 404) idempotent.set(key, { status, body });
    record(status);
    send(res, status, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  };
}
