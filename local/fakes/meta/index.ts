// A stand-in for Meta: the Graph API calls Parley makes (token exchanges, pages, subscriptions, the WhatsApp Cloud
// API, templates, the Messenger/Instagram Send API), Meta's webhooks (signed with the app secret exactly as Meta
// signs them, delivered to the callback URL the app subscribed with POST /{app-id}/subscriptions after the
// hub.challenge handshake), the Facebook JS SDK and login popup (sdk.ts), and the channel simulator's API
// (/__sim/*, CORS *). Everything it receives is recorded: GET /__recorded, DELETE /__recorded.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  messagingPayload, metaJson, signatureHeaders, whatsappInboundPayload, whatsappStatusPayload,
  type WhatsappInbound, type WhatsappStatus,
} from './payloads';
import { profileView, type SimProfile } from './profiles';
import { loginPopup, sdkScript } from './sdk';
import { digits, FAKE_LEGACY, FAKE_NUMBERS, FAKE_PAGES, FAKE_USER, FAKE_WABA_ID, type FakeNumber, type FakePage } from './world';

export { metaJson, signatureHeaders } from './payloads';
export { FAKE_LEGACY, FAKE_NUMBERS, FAKE_PAGES, FAKE_USER, FAKE_WABA_ID } from './world';

const DAY_MS = 24 * 3600 * 1000;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The bearer's kind (user, page, business, legacy, app), never the token itself. */
  auth: string | null;
  body: unknown;
  ts: number;
}

export interface RecordedWebhook {
  url: string;
  object: string;
  status: number;
  body: unknown;
  ts: number;
}

export interface ThreadMessage {
  from: 'user' | 'agent';
  text: string;
  at: number;
  messageId: string;
  status?: WhatsappStatus;
}

type Token =
  | { kind: 'user-short' | 'user-long' }
  | { kind: 'page'; pageId: string }
  | { kind: 'business'; wabaIds: string[] }
  | { kind: 'legacy' }
  | { kind: 'app' };

interface Subscription {
  object: string;
  callbackUrl: string;
  verifyToken: string;
  fields: string[];
}

export interface MetaFakeOptions {
  port: number;
  appId?: string;
  appSecret?: string;
  /** Status webhooks (sent, delivered) after a WhatsApp send; off in tests that count webhooks. */
  statusCallbacks?: boolean;
  statusDelayMs?: number;
}

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

export interface SimInbound {
  endpointId: string;
  userId: string;
  userName?: string;
  text?: string;
  /** WhatsApp message type other than text (image, audio, location, interactive …), or a Messenger attachment. */
  type?: string;
  /** Reuse a provider message id (a retried delivery of the same message). */
  messageId?: string;
  /** Deliver the same webhook this many times (Meta retries). */
  repeat?: number;
  /** Messenger/Instagram: Meta refuses to read this user's profile (an error instead of the name). */
  profileRefused?: boolean;
}

class GraphFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number,
    readonly type = 'OAuthException',
    readonly subcode?: number,
  ) {
    super(message);
  }
}

const newId = (prefix = ''): string => `${prefix}${BigInt(`0x${randomBytes(7).toString('hex')}`).toString().slice(0, 16)}`;
const newToken = (prefix: string): string => `${prefix}${randomBytes(24).toString('base64url')}`;

export async function start(opts: MetaFakeOptions): Promise<MetaFake> {
  const appId = opts.appId ?? 'local-meta-app';
  const appSecret = opts.appSecret ?? 'local-meta-secret';
  const statusCallbacks = opts.statusCallbacks ?? true;
  const statusDelayMs = opts.statusDelayMs ?? 30;

  const tokens = new Map<string, Token>([[FAKE_LEGACY.accessToken, { kind: 'legacy' }]]);
  const codes = new Map<string, { wabaIds: string[] }>();
  const subscriptions = new Map<string, Subscription>();
  const pageSubscriptions = new Map<string, string[]>();
  const wabaSubscriptions = new Set<string>();
  const registered = new Map<string, string>();
  const templates = new Map<string, { id: string; name: string; language: string; category: string; status: string }>();
  const threads = new Map<string, ThreadMessage[]>();
  const lastInbound = new Map<string, number>();
  /** Messenger and Instagram users the simulator wrote as, by PSID/IGSID. */
  const profiles = new Map<string, SimProfile>();
  const recorded: RecordedRequest[] = [];
  const webhooks: RecordedWebhook[] = [];
  const allNumbers: FakeNumber[] = [...FAKE_NUMBERS, FAKE_LEGACY.number];
  let origin = '';

  const threadKey = (endpointId: string, userId: string): string => `${endpointId}\n${userId}`;
  const threadOf = (endpointId: string, userId: string): ThreadMessage[] => {
    const key = threadKey(endpointId, userId);
    if (!threads.has(key)) threads.set(key, []);
    return threads.get(key)!;
  };

  // ------------------------------------------------------------ webhooks

  async function deliver(object: string, payload: unknown, secret = appSecret, url?: string): Promise<number> {
    const target = url ?? subscriptions.get(object)?.callbackUrl;
    if (!target) return 0;
    const body = metaJson(payload);
    let status = 0;
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'facebookexternalua', ...signatureHeaders(secret, body) },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    webhooks.push({ url: target, object, status, body: payload, ts: Date.now() });
    return status;
  }

  function sendStatuses(number: FakeNumber, wamid: string, recipient: string, statuses: WhatsappStatus[]): void {
    if (!statusCallbacks) return;
    void (async () => {
      for (const status of statuses) {
        await new Promise((r) => setTimeout(r, statusDelayMs));
        const message = [...threads.values()].flat().find((m) => m.messageId === wamid);
        if (message) message.status = status;
        await deliver('whatsapp_business_account', whatsappStatusPayload(number, wamid, recipient, status, Date.now()));
      }
    })();
  }

  // ------------------------------------------------------------ simulator

  function endpoints(): Array<{ id: string; channel: 'whatsapp' | 'messenger' | 'instagram'; label: string }> {
    const list: Array<{ id: string; channel: 'whatsapp' | 'messenger' | 'instagram'; label: string }> = [];
    for (const n of FAKE_NUMBERS) {
      if (registered.has(n.id) && wabaSubscriptions.has(n.wabaId)) list.push({ id: `wa:${n.id}`, channel: 'whatsapp', label: `${n.display_phone_number} (${n.verified_name})` });
    }
    for (const p of FAKE_PAGES) {
      if (!pageSubscriptions.has(p.id)) continue;
      list.push({ id: `page:${p.id}`, channel: 'messenger', label: p.name });
      if (p.instagram) list.push({ id: `ig:${p.instagram.id}`, channel: 'instagram', label: `@${p.instagram.username}` });
    }
    return list;
  }

  async function inbound(input: SimInbound): Promise<{ delivered: boolean; status: number; messageId: string }> {
    const [kind, id] = input.endpointId.split(':');
    const now = Date.now();
    const name = input.userName?.trim() || 'Simulated user';
    let object: string;
    let payload: unknown;
    let messageId: string;
    let userId = input.userId;
    if (kind === 'wa') {
      const number = FAKE_NUMBERS.find((n) => n.id === id);
      if (!number) throw new GraphFailure(404, 'Unknown endpoint', 100);
      userId = digits(input.userId);
      messageId = input.messageId ?? `wamid.${randomBytes(18).toString('base64url')}`;
      const type = input.type ?? 'text';
      const message: WhatsappInbound =
        type === 'text' ? { type: 'text', text: input.text ?? '' }
          : type === 'interactive' ? { type: 'interactive', title: input.text ?? 'Yes' }
            : type === 'button' ? { type: 'button', text: input.text ?? 'Yes' }
              : type === 'location' ? { type: 'location' }
                : { type: type as 'image' };
      object = 'whatsapp_business_account';
      payload = whatsappInboundPayload(number, { waId: userId, name }, messageId, message, now);
    } else if (kind === 'page' || kind === 'ig') {
      const page = FAKE_PAGES.find((p) => (kind === 'page' ? p.id === id : p.instagram?.id === id));
      if (!page) throw new GraphFailure(404, 'Unknown endpoint', 100);
      messageId = input.messageId ?? `m_${randomBytes(18).toString('base64url')}`;
      object = kind === 'page' ? 'page' : 'instagram';
      const accountId = kind === 'page' ? page.id : page.instagram!.id;
      profiles.set(userId, { channel: kind === 'page' ? 'messenger' : 'instagram', pageId: page.id, userName: name, refused: input.profileRefused === true });
      payload = messagingPayload(
        object as 'page' | 'instagram',
        accountId,
        { senderId: userId, recipientId: accountId, mid: messageId, ...(input.type && input.type !== 'text' ? { attachment: input.type } : { text: input.text ?? '' }) },
        now,
      );
    } else {
      throw new GraphFailure(404, 'Unknown endpoint', 100);
    }
    const thread = threadOf(input.endpointId, userId);
    if (!thread.some((m) => m.messageId === messageId)) thread.push({ from: 'user', text: input.text ?? `[${input.type}]`, at: now, messageId });
    lastInbound.set(threadKey(input.endpointId, userId), now);
    let status = 0;
    for (let i = 0; i < Math.max(1, Math.min(input.repeat ?? 1, 10)); i++) status = await deliver(object, payload);
    return { delivered: status >= 200 && status < 300, status, messageId };
  }

  // ------------------------------------------------------------ Graph

  function bearer(req: IncomingMessage, query: URLSearchParams): { token: string; info: Token } | null {
    const header = req.headers.authorization;
    const token = (header?.startsWith('Bearer ') ? header.slice(7).trim() : null) ?? query.get('access_token');
    if (!token) return null;
    if (token === `${appId}|${appSecret}`) return { token, info: { kind: 'app' } };
    const info = tokens.get(token);
    return info ? { token, info } : null;
  }

  function requireToken(auth: { info: Token } | null, ...kinds: Token['kind'][]): Token {
    if (!auth) throw new GraphFailure(400, 'Invalid OAuth access token - Cannot parse access token', 190);
    if (!kinds.includes(auth.info.kind)) throw new GraphFailure(400, '(#200) Permissions error', 200);
    return auth.info;
  }

  function pageView(p: FakePage, withToken: boolean): Record<string, unknown> {
    let pageToken: string | undefined;
    if (withToken) {
      pageToken = [...tokens.entries()].find(([, t]) => t.kind === 'page' && t.pageId === p.id)?.[0];
      if (!pageToken) {
        pageToken = newToken('EAAPAGE');
        tokens.set(pageToken, { kind: 'page', pageId: p.id });
      }
    }
    return {
      id: p.id,
      name: p.name,
      category: 'Software',
      ...(pageToken ? { access_token: pageToken } : {}),
      picture: { data: { url: p.pictureUrl, is_silhouette: false, height: 50, width: 50 } },
      ...(p.instagram ? { instagram_business_account: { id: p.instagram.id, username: p.instagram.username, name: p.instagram.name } } : {}),
      tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
    };
  }

  const numberById = (id: string): FakeNumber | undefined => allNumbers.find((n) => n.id === id);
  const mayUseWaba = (token: Token, wabaId: string): boolean =>
    (token.kind === 'business' && token.wabaIds.includes(wabaId)) || (token.kind === 'legacy' && wabaId === FAKE_LEGACY.wabaId);

  async function graph(method: string, segments: string[], query: URLSearchParams, body: Record<string, unknown>, auth: { info: Token } | null): Promise<unknown> {
    const [first, second] = segments;
    // ---- token exchanges
    if (first === 'oauth' && second === 'access_token' && method === 'GET') {
      if (query.get('client_id') !== appId || query.get('client_secret') !== appSecret) throw new GraphFailure(400, 'Error validating client secret.', 1);
      if (query.get('grant_type') === 'fb_exchange_token') {
        const short = query.get('fb_exchange_token') ?? '';
        if (tokens.get(short)?.kind !== 'user-short' && tokens.get(short)?.kind !== 'user-long') throw new GraphFailure(400, 'Invalid OAuth access token - Cannot parse access token', 190);
        const long = newToken('EAALONG');
        tokens.set(long, { kind: 'user-long' });
        return { access_token: long, token_type: 'bearer', expires_in: 5183944 };
      }
      const code = query.get('code');
      if (code) {
        const granted = codes.get(code);
        if (!granted) throw new GraphFailure(400, 'This authorization code has been used.', 100, 'OAuthException', 36009);
        codes.delete(code);
        const token = newToken('EAABIZ');
        tokens.set(token, { kind: 'business', wabaIds: granted.wabaIds });
        return { access_token: token, token_type: 'bearer' };
      }
      throw new GraphFailure(400, 'Missing grant_type or code.', 100);
    }
    if (first === 'debug_token' && method === 'GET') {
      const info = tokens.get(query.get('input_token') ?? '');
      return { data: { app_id: appId, is_valid: Boolean(info), type: info?.kind === 'page' ? 'PAGE' : 'USER', scopes: ['pages_messaging', 'whatsapp_business_messaging'] } };
    }
    // ---- the user
    if (first === 'me' && !second && method === 'GET') {
      requireToken(auth, 'user-short', 'user-long', 'business');
      return { id: FAKE_USER.id, name: FAKE_USER.name };
    }
    if (first === 'me' && second === 'accounts' && method === 'GET') {
      requireToken(auth, 'user-short', 'user-long');
      return { data: FAKE_PAGES.map((p) => pageView(p, true)), paging: { cursors: { before: 'QVFI', after: 'QVFJ' } } };
    }
    // ---- Send API (Messenger and Instagram)
    if ((first === 'me' || FAKE_PAGES.some((p) => p.id === first)) && second === 'messages' && method === 'POST') {
      const token = requireToken(auth, 'page') as Extract<Token, { kind: 'page' }>;
      const page = FAKE_PAGES.find((p) => p.id === token.pageId)!;
      const recipient = (body.recipient as { id?: string } | undefined)?.id;
      const text = (body.message as { text?: string } | undefined)?.text;
      if (!recipient) throw new GraphFailure(400, '(#100) The parameter recipient is required', 100);
      if (typeof body.sender_action === 'string') return { recipient_id: recipient };
      if (typeof text !== 'string' || !text) throw new GraphFailure(400, '(#100) Message cannot be empty, must provide valid attachment or text', 100);
      const pageKey = `page:${page.id}`;
      const igKey = page.instagram ? `ig:${page.instagram.id}` : null;
      const isInstagram = igKey !== null && threads.has(threadKey(igKey, recipient)) && !threads.has(threadKey(pageKey, recipient));
      const endpointId = isInstagram ? igKey! : pageKey;
      if (!lastInbound.has(threadKey(endpointId, recipient))) throw new GraphFailure(400, '(#100) No matching user found', 100, 'OAuthException', 2018001);
      // The standard window is 24 hours after the user's last message; a person replying may tag HUMAN_AGENT for 7 days.
      const since = Date.now() - lastInbound.get(threadKey(endpointId, recipient))!;
      const humanAgent = body.messaging_type === 'MESSAGE_TAG' && body.tag === 'HUMAN_AGENT';
      if (since > (humanAgent ? 7 * DAY_MS : DAY_MS)) {
        throw new GraphFailure(400, '(#10) This message is sent outside of allowed window.', 10, 'OAuthException', 2018278);
      }
      const mid = `m_${randomBytes(18).toString('base64url')}`;
      threadOf(endpointId, recipient).push({ from: 'agent', text, at: Date.now(), messageId: mid });
      if (isInstagram && page.instagram) {
        // Instagram reports the business's own messages back as echoes.
        void deliver('instagram', messagingPayload('instagram', page.instagram.id, { senderId: page.instagram.id, recipientId: recipient, mid, text, isEcho: true }, Date.now()));
      } else if (pageSubscriptions.get(page.id)?.includes('message_echoes')) {
        void deliver('page', messagingPayload('page', page.id, { senderId: page.id, recipientId: recipient, mid, text, isEcho: true }, Date.now()));
      }
      return { recipient_id: recipient, message_id: mid };
    }
    // ---- Messenger and Instagram user profiles (the page's token)
    const profile = first && !second && method === 'GET' ? profiles.get(first) : undefined;
    if (profile) {
      const token = requireToken(auth, 'page') as Extract<Token, { kind: 'page' }>;
      if (token.pageId !== profile.pageId || profile.refused) {
        throw new GraphFailure(400, `Unsupported get request. Object with ID '${first}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 100, 'GraphMethodException', 33);
      }
      return profileView(first!, profile, (query.get('fields') ?? '').split(',').map((f) => f.trim()).filter(Boolean));
    }
    // ---- our app's webhook subscriptions
    if (first === appId && second === 'subscriptions') {
      requireToken(auth, 'app');
      if (method === 'GET') {
        return { data: [...subscriptions.values()].map((s) => ({ object: s.object, callback_url: s.callbackUrl, active: true, fields: s.fields.map((name) => ({ name, version: 'v18.0' })) })) };
      }
      if (method === 'POST') {
        const object = String(body.object ?? query.get('object') ?? '');
        const callbackUrl = String(body.callback_url ?? query.get('callback_url') ?? '');
        const verifyToken = String(body.verify_token ?? query.get('verify_token') ?? '');
        const fields = String(body.fields ?? query.get('fields') ?? '').split(',').map((f) => f.trim()).filter(Boolean);
        if (!['whatsapp_business_account', 'page', 'instagram', 'user'].includes(object)) throw new GraphFailure(400, '(#100) Invalid object', 100);
        // Meta verifies the callback before saving it: GET with hub.mode, hub.challenge, hub.verify_token.
        const challenge = String(Math.floor(Math.random() * 1e9));
        const check = new URL(callbackUrl);
        check.searchParams.set('hub.mode', 'subscribe');
        check.searchParams.set('hub.challenge', challenge);
        check.searchParams.set('hub.verify_token', verifyToken);
        let echoed = '';
        try {
          echoed = (await (await fetch(check, { signal: AbortSignal.timeout(10_000) })).text()).trim();
        } catch {
          echoed = '';
        }
        if (echoed !== challenge) throw new GraphFailure(400, `(#2200) Callback verification failed with the following errors: HTTP Status Code = 403; HTTP Message = Forbidden`, 2200);
        subscriptions.set(object, { object, callbackUrl, verifyToken, fields });
        return { success: true };
      }
      if (method === 'DELETE') {
        subscriptions.delete(String(query.get('object') ?? body.object ?? ''));
        return { success: true };
      }
    }
    // ---- pages
    const page = FAKE_PAGES.find((p) => p.id === first);
    if (page && second === 'subscribed_apps') {
      const token = requireToken(auth, 'page') as Extract<Token, { kind: 'page' }>;
      if (token.pageId !== page.id) throw new GraphFailure(400, '(#210) A page access token is required to request this resource.', 210);
      if (method === 'GET') {
        const fields = pageSubscriptions.get(page.id);
        return { data: fields ? [{ category: 'Business', link: 'https://parley.local/', name: 'Parley', id: appId, subscribed_fields: fields }] : [] };
      }
      if (method === 'POST') {
        const fields = String(body.subscribed_fields ?? query.get('subscribed_fields') ?? '').split(',').map((f) => f.trim()).filter(Boolean);
        if (fields.length === 0) throw new GraphFailure(400, '(#100) The parameter subscribed_fields is required.', 100);
        pageSubscriptions.set(page.id, fields);
        return { success: true };
      }
      if (method === 'DELETE') {
        pageSubscriptions.delete(page.id);
        return { success: true };
      }
    }
    if (page && !second && method === 'GET') {
      requireToken(auth, 'page', 'user-long', 'user-short');
      return pageView(page, false);
    }
    // ---- WhatsApp Business Accounts
    const wabaId = [FAKE_WABA_ID, FAKE_LEGACY.wabaId].find((w) => w === first);
    if (wabaId) {
      const token = requireToken(auth, 'business', 'legacy');
      if (!mayUseWaba(token, wabaId)) throw new GraphFailure(403, '(#200) You do not have permission to access this WhatsApp Business Account.', 200);
      if (second === 'phone_numbers' && method === 'GET') {
        return {
          data: allNumbers.filter((n) => n.wabaId === wabaId).map((n) => ({
            verified_name: n.verified_name, code_verification_status: 'VERIFIED', display_phone_number: n.display_phone_number,
            quality_rating: 'GREEN', platform_type: registered.has(n.id) ? 'CLOUD_API' : 'NOT_APPLICABLE',
            throughput: { level: 'STANDARD' }, status: n.status, id: n.id,
          })),
          paging: { cursors: { before: 'QVFI', after: 'QVFJ' } },
        };
      }
      if (second === 'subscribed_apps') {
        if (method === 'POST') wabaSubscriptions.add(wabaId);
        if (method === 'DELETE') wabaSubscriptions.delete(wabaId);
        if (method === 'GET') return { data: wabaSubscriptions.has(wabaId) ? [{ whatsapp_business_api_data: { id: appId, link: 'https://parley.local/', name: 'Parley' } }] : [] };
        return { success: true };
      }
      if (second === 'message_templates' && method === 'POST') {
        const name = String(body.name ?? '');
        const language = String(body.language ?? '');
        const category = String(body.category ?? '');
        const components = Array.isArray(body.components) ? (body.components as Array<{ type?: string; text?: string }>) : [];
        if (!/^[a-z0-9_]{1,512}$/.test(name)) throw new GraphFailure(400, '(#100) Invalid parameter', 100, 'OAuthException', 2388042);
        if (!['UTILITY', 'MARKETING', 'AUTHENTICATION'].includes(category)) throw new GraphFailure(400, '(#100) Param category must be one of {UTILITY, MARKETING, AUTHENTICATION}', 100);
        if (!components.some((c) => c.type === 'BODY' && c.text)) throw new GraphFailure(400, '(#100) Param components must contain a BODY component', 100);
        const key = `${wabaId}/${name}/${language}`;
        if (templates.has(key)) throw new GraphFailure(400, 'Message template already exists', 100, 'OAuthException', 2388024);
        const template = { id: newId(), name, language, category, status: 'PENDING' };
        templates.set(key, template);
        return { id: template.id, status: template.status, category };
      }
      if (second === 'message_templates' && method === 'GET') {
        return { data: [...templates.entries()].filter(([k]) => k.startsWith(`${wabaId}/`)).map(([, t]) => t) };
      }
    }
    // ---- phone numbers
    const number = first ? numberById(first) : undefined;
    if (number) {
      const token = requireToken(auth, 'business', 'legacy');
      if (!mayUseWaba(token, number.wabaId)) throw new GraphFailure(403, '(#200) You do not have permission to access this phone number.', 200);
      if (second === 'register' && method === 'POST') {
        if (body.messaging_product !== 'whatsapp') throw new GraphFailure(400, '(#100) The parameter messaging_product is required.', 100);
        if (!/^[0-9]{6}$/.test(String(body.pin ?? ''))) throw new GraphFailure(400, '(#100) Param pin must be 6 digits', 100);
        registered.set(number.id, String(body.pin));
        return { success: true };
      }
      if (second === 'deregister' && method === 'POST') {
        registered.delete(number.id);
        return { success: true };
      }
      if (second === 'messages' && method === 'POST') {
        if (body.messaging_product !== 'whatsapp') throw new GraphFailure(400, '(#100) The parameter messaging_product is required.', 100);
        if (token.kind === 'business' && !registered.has(number.id)) throw new GraphFailure(400, '(#133010) Account not registered', 133010);
        const to = digits(String(body.to ?? ''));
        if (!to) throw new GraphFailure(400, '(#100) The parameter to is required.', 100);
        const type = String(body.type ?? 'text');
        const text = type === 'text' ? (body.text as { body?: string } | undefined)?.body : `[template ${(body.template as { name?: string } | undefined)?.name ?? ''}]`;
        if (type === 'text' && (typeof text !== 'string' || !text)) throw new GraphFailure(400, '(#100) The parameter text[\'body\'] is required.', 100);
        const wamid = `wamid.${randomBytes(18).toString('base64url')}`;
        const endpointId = `wa:${number.id}`;
        threadOf(endpointId, to).push({ from: 'agent', text: text ?? '', at: Date.now(), messageId: wamid });
        // Free-form text needs the customer's message in the last 24 hours; Meta accepts the send and reports the
        // failure in a status webhook (templates may start a conversation).
        const open = (lastInbound.get(threadKey(endpointId, to)) ?? 0) > Date.now() - DAY_MS;
        sendStatuses(number, wamid, to, type === 'text' && !open ? ['failed'] : ['sent', 'delivered']);
        return { messaging_product: 'whatsapp', contacts: [{ input: String(body.to), wa_id: to }], messages: [{ id: wamid }] };
      }
      if (!second && method === 'GET') {
        return { verified_name: number.verified_name, display_phone_number: number.display_phone_number, id: number.id, quality_rating: 'GREEN', status: number.status };
      }
    }
    throw new GraphFailure(400, `Unsupported ${method} request. Object with ID '${first ?? ''}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 100, 'GraphMethodException', 33);
  }

  // ------------------------------------------------------------ HTTP

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function parseBody(text: string, contentType: string | undefined): Record<string, unknown> {
    if (!text) return {};
    if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
    try {
      const value = JSON.parse(text) as unknown;
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    } catch {
      return Object.fromEntries(new URLSearchParams(text));
    }
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  }

  const simCors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET,POST,DELETE,OPTIONS' };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const method = req.method ?? 'GET';
      try {
        // ---- fake controls and simulator
        if (url.pathname.startsWith('/__sim/') || url.pathname === '/__recorded') {
          if (method === 'OPTIONS') {
            res.writeHead(204, simCors);
            res.end();
            return;
          }
          if (url.pathname === '/__recorded') {
            if (method === 'DELETE') {
              recorded.length = 0;
              webhooks.length = 0;
              send(res, 200, { ok: true }, simCors);
            } else send(res, 200, { requests: recorded, webhooks }, simCors);
            return;
          }
          if (url.pathname === '/__sim/endpoints' && method === 'GET') {
            send(res, 200, { endpoints: endpoints() }, simCors);
            return;
          }
          if (url.pathname === '/__sim/thread' && method === 'GET') {
            const endpointId = url.searchParams.get('endpointId') ?? '';
            const userId = endpointId.startsWith('wa:') ? digits(url.searchParams.get('userId') ?? '') : url.searchParams.get('userId') ?? '';
            const messages = threads.get(threadKey(endpointId, userId)) ?? [];
            // The user has now seen the agent's messages: WhatsApp reports them read.
            if (endpointId.startsWith('wa:')) {
              const number = FAKE_NUMBERS.find((n) => `wa:${n.id}` === endpointId);
              for (const m of messages) {
                if (number && m.from === 'agent' && m.status === 'delivered') {
                  m.status = 'read';
                  if (statusCallbacks) void deliver('whatsapp_business_account', whatsappStatusPayload(number, m.messageId, userId, 'read', Date.now()));
                }
              }
            }
            send(res, 200, { messages: messages.map(({ from, text, at, messageId }) => ({ from, text, at, messageId })) }, simCors);
            return;
          }
          if (url.pathname === '/__sim/inbound' && method === 'POST') {
            const input = parseBody(await readBody(req), 'application/json') as unknown as SimInbound;
            if (typeof input.endpointId !== 'string' || typeof input.userId !== 'string' || !input.userId) {
              send(res, 400, { error: 'endpointId and userId are required' }, simCors);
              return;
            }
            send(res, 200, await inbound(input), simCors);
            return;
          }
          if (url.pathname === '/__sim/verify-webhook' && method === 'POST') {
            // The Legacy Method: what Meta's App Dashboard does when the owner pastes the callback URL and verify token.
            const input = parseBody(await readBody(req), 'application/json') as { url?: string; verifyToken?: string };
            const challenge = String(Math.floor(Math.random() * 1e9));
            const check = new URL(String(input.url ?? ''));
            check.searchParams.set('hub.mode', 'subscribe');
            check.searchParams.set('hub.challenge', challenge);
            check.searchParams.set('hub.verify_token', String(input.verifyToken ?? ''));
            let status = 0;
            let echoed = '';
            try {
              const r = await fetch(check, { signal: AbortSignal.timeout(10_000) });
              status = r.status;
              echoed = (await r.text()).trim();
            } catch {
              status = 0;
            }
            send(res, 200, { verified: echoed === challenge, status }, simCors);
            return;
          }
          if (url.pathname === '/__sim/legacy-inbound' && method === 'POST') {
            // A message to the legacy number, signed with the legacy app's own secret, to the URL given.
            const input = parseBody(await readBody(req), 'application/json') as { url?: string; userId?: string; userName?: string; text?: string; messageId?: string };
            const userId = digits(String(input.userId ?? ''));
            const messageId = input.messageId ?? `wamid.${randomBytes(18).toString('base64url')}`;
            const payload = whatsappInboundPayload(FAKE_LEGACY.number, { waId: userId, name: input.userName ?? 'Simulated user' }, messageId, { type: 'text', text: String(input.text ?? '') }, Date.now());
            lastInbound.set(threadKey(`wa:${FAKE_LEGACY.number.id}`, userId), Date.now());
            threadOf(`wa:${FAKE_LEGACY.number.id}`, userId).push({ from: 'user', text: String(input.text ?? ''), at: Date.now(), messageId });
            const status = await deliver('whatsapp_business_account', payload, FAKE_LEGACY.appSecret, String(input.url ?? ''));
            send(res, 200, { delivered: status >= 200 && status < 300, status, messageId }, simCors);
            return;
          }
          send(res, 404, { error: 'not found' }, simCors);
          return;
        }
        // ---- the JS SDK and the login popup (local only)
        if (url.pathname === '/sdk.js' || url.pathname === '/en_US/sdk.js') {
          res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
          res.end(sdkScript(origin));
          return;
        }
        if (url.pathname === '/dialog/oauth' || /^\/v\d+\.\d+\/dialog\/oauth$/.test(url.pathname)) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          res.end(loginPopup({
            origin,
            openerOrigin: url.searchParams.get('opener_origin') || '*',
            configId: url.searchParams.get('config_id'),
            numbers: FAKE_NUMBERS,
            userName: FAKE_USER.name,
          }));
          return;
        }
        if (url.pathname === '/__popup/grant' && method === 'POST') {
          const input = parseBody(await readBody(req), 'application/json') as { kind?: string; waba_id?: string };
          if (input.kind === 'code') {
            const code = newToken('AQ');
            codes.set(code, { wabaIds: [FAKE_WABA_ID] });
            send(res, 200, { code, userID: FAKE_USER.id });
          } else {
            const token = newToken('EAASHORT');
            tokens.set(token, { kind: 'user-short' });
            send(res, 200, { accessToken: token, expiresIn: 6000, userID: FAKE_USER.id });
          }
          return;
        }
        // ---- Graph: /vXX.X/{segments}
        const match = /^\/v\d+\.\d+\/(.+)$/.exec(url.pathname) ?? /^\/(oauth\/access_token)$/.exec(url.pathname);
        if (!match) {
          send(res, 404, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } });
          return;
        }
        const segments = match[1]!.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
        const text = method === 'GET' || method === 'DELETE' ? '' : await readBody(req);
        const body = parseBody(text, req.headers['content-type']);
        const auth = bearer(req, url.searchParams);
        const query = Object.fromEntries([...url.searchParams.entries()].map(([k, v]) => [k, /token|secret|code/i.test(k) ? '[redacted]' : v]));
        recorded.push({ method, path: `/${segments.join('/')}`, query, auth: auth ? auth.info.kind : null, body, ts: Date.now() });
        send(res, 200, await graph(method, segments, url.searchParams, body, auth));
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
  });

  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    requests: () => [...recorded],
    webhooks: () => [...webhooks],
    inbound,
    thread: (endpointId, userId) => [...(threads.get(threadKey(endpointId, endpointId.startsWith('wa:') ? digits(userId) : userId)) ?? [])],
    ageConversation: (endpointId, userId, byMs) => {
      const key = threadKey(endpointId, endpointId.startsWith('wa:') ? digits(userId) : userId);
      const at = lastInbound.get(key);
      if (at !== undefined) lastInbound.set(key, at - byMs);
    },
    subscribedPages: () => [...pageSubscriptions.keys()],
    subscribedWabas: () => [...wabaSubscriptions],
    registeredNumbers: () => [...registered.keys()],
  };
}

/** What the functions need to use this fake instead of Meta. */
export function functionsEnv(url: string): Record<string, string> {
  return { META_GRAPH_BASE: url, META_APP_ID: 'local-meta-app', META_APP_SECRET: 'local-meta-secret', META_EMBEDDED_SIGNUP_CONFIG_ID: 'local-embedded-signup-config' };
}
