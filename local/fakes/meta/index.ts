// A stand-in for Meta: the Graph API calls Parley makes (tokens.ts, pages.ts, messenger.ts, app-subscriptions.ts,
// whatsapp.ts, dispatched by graph.ts), Meta's webhooks (webhooks.ts: signed with the app secret exactly as Meta
// signs them, delivered to the callback URL the app subscribed with POST /{app-id}/subscriptions after the
// hub.challenge handshake), the Facebook JS SDK and login popup (login.ts, sdk.ts), and the channel simulator's API
// (simulator.ts: /__sim/*, CORS *). Everything it receives is recorded: GET /__recorded, DELETE /__recorded.
import { randomBytes } from 'node:crypto';
import { listen } from '../listen';
import { graph } from './graph';
import { parseBody, readBody, send, simCors } from './http';
import { answerLogin } from './login';
import { answerSimulator, inbound, type SimInbound } from './simulator';
import { createState, GraphFailure, type MetaFakeOptions, type RecordedRequest, type RecordedWebhook, type ThreadMessage } from './state';
import { bearer } from './tokens';
import { digits } from './world';

export { metaJson, signatureHeaders } from './payloads';
export { FAKE_LEGACY, FAKE_NUMBERS, FAKE_PAGES, FAKE_USER, FAKE_WABA_ID } from './world';
export type { SimInbound } from './simulator';
export type { MetaFakeOptions, RecordedRequest, RecordedWebhook, ThreadMessage } from './state';

export interface MetaFake {
  url: string;
  stop(): Promise<void>;
  requests(): RecordedRequest[];
  webhooks(): RecordedWebhook[];
  /** Simulates a user writing to a connected endpoint (what POST /__sim/inbound does). */
  inbound(input: SimInbound): Promise<{ delivered: boolean; status: number; messageId: string }>;
  thread(endpointId: string, userId: string): ThreadMessage[];
  /** Makes a user's last message older (the 24-hour window closes). */
  ageConversation(endpointId: string, userId: string, byMs: number): void;
  /** Whether our app is subscribed to the page / WABA right now. */
  subscribedPages(): string[];
  subscribedWabas(): string[];
  registeredNumbers(): string[];
}

export async function start(opts: MetaFakeOptions): Promise<MetaFake> {
  const state = createState(opts);
  const { recorded, webhooks, threads, threadKey, lastInbound } = state;
  const userKey = (endpointId: string, userId: string) => threadKey(endpointId, endpointId.startsWith('wa:') ? digits(userId) : userId);

  const server = await listen((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const method = req.method ?? 'GET';
      try {
        if (url.pathname.startsWith('/__sim/') || url.pathname === '/__recorded') return await answerSimulator(state, req, res, url);
        if (await answerLogin(state, req, res, url)) return;
        // ---- Graph: /vXX.X/{segments}
        const match = /^\/v\d+\.\d+\/(.+)$/.exec(url.pathname) ?? /^\/(oauth\/access_token)$/.exec(url.pathname);
        if (!match) {
          send(res, 404, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } });
          return;
        }
        const segments = match[1]!.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
        const text = method === 'GET' || method === 'DELETE' ? '' : await readBody(req);
        const body = parseBody(text, req.headers['content-type']);
        const auth = bearer(state, req, url.searchParams);
        const query = Object.fromEntries([...url.searchParams.entries()].map(([k, v]) => [k, /token|secret|code/i.test(k) ? '[redacted]' : v]));
        recorded.push({ method, path: `/${segments.join('/')}`, query, auth: auth ? auth.info.kind : null, body, ts: Date.now() });
        send(res, 200, await graph({ state, method, first: segments[0], second: segments[1], query: url.searchParams, body, auth }));
      } catch (error) {
        if (error instanceof GraphFailure) {
          send(res, error.status, {
            error: { message: error.message, type: error.type, code: error.code, ...(error.subcode ? { error_subcode: error.subcode } : {}), fbtrace_id: randomBytes(8).toString('base64url') },
          }, url.pathname.startsWith('/__sim/') ? simCors : {});
        } else {
          send(res, 500, { error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2 } });
        }
      }
    })();
  }, opts.port);
  state.origin = server.url;

  return {
    ...server,
    requests: () => [...recorded],
    webhooks: () => [...webhooks],
    inbound: (input) => inbound(state, input),
    thread: (endpointId, userId) => [...(threads.get(userKey(endpointId, userId)) ?? [])],
    ageConversation: (endpointId, userId, byMs) => {
      const key = userKey(endpointId, userId);
      const at = lastInbound.get(key);
      if (at !== undefined) lastInbound.set(key, at - byMs);
    },
    subscribedPages: () => [...state.pageSubscriptions.keys()],
    subscribedWabas: () => [...state.wabaSubscriptions],
    registeredNumbers: () => [...state.registered.keys()],
  };
}

/** What the functions need to use this fake instead of Meta. */
export function functionsEnv(url: string): Record<string, string> {
  return { META_GRAPH_BASE: url, META_APP_ID: 'local-meta-app', META_APP_SECRET: 'local-meta-secret', META_EMBEDDED_SIGNUP_CONFIG_ID: 'local-embedded-signup-config' };
}
