// The channel simulator's API (CORS *): the connected endpoints (wa:{phoneId}, page:{pageId}, ig:{igId}), a user
// writing to one (Meta's webhook follows), a conversation's messages (WhatsApp then reports the agent's read), the
// App Dashboard's Legacy Method check and a message to the legacy number; and GET/DELETE /__recorded.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, send, simCors } from './http';
import { messagingPayload, whatsappInboundPayload, whatsappStatusPayload, type WhatsappInbound } from './payloads';
import { GraphFailure, handshake, type MetaState } from './state';
import { deliver } from './webhooks';
import { digits, FAKE_LEGACY, FAKE_NUMBERS, FAKE_PAGES } from './world';

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

type Endpoint = { id: string; channel: 'whatsapp' | 'messenger' | 'instagram'; label: string };

function endpoints({ registered, wabaSubscriptions, pageSubscriptions }: MetaState): Endpoint[] {
  const list: Endpoint[] = [];
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

/** A simulated user writes to a connected endpoint: the thread gains the message and Meta's webhook is delivered. */
export async function inbound(state: MetaState, input: SimInbound): Promise<{ delivered: boolean; status: number; messageId: string }> {
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
    state.profiles.set(userId, { channel: kind === 'page' ? 'messenger' : 'instagram', pageId: page.id, userName: name, refused: input.profileRefused === true });
    payload = messagingPayload(
      object as 'page' | 'instagram',
      accountId,
      { senderId: userId, recipientId: accountId, mid: messageId, ...(input.type && input.type !== 'text' ? { attachment: input.type } : { text: input.text ?? '' }) },
      now,
    );
  } else {
    throw new GraphFailure(404, 'Unknown endpoint', 100);
  }
  const thread = state.threadOf(input.endpointId, userId);
  if (!thread.some((m) => m.messageId === messageId)) thread.push({ from: 'user', text: input.text ?? `[${input.type}]`, at: now, messageId });
  state.lastInbound.set(state.threadKey(input.endpointId, userId), now);
  let status = 0;
  for (let i = 0; i < Math.max(1, Math.min(input.repeat ?? 1, 10)); i++) status = await deliver(state, object, payload);
  return { delivered: status >= 200 && status < 300, status, messageId };
}

/** A conversation's messages; the user has now seen the agent's: WhatsApp reports them read. */
function threadMessages(state: MetaState, endpointId: string, rawUserId: string) {
  const userId = endpointId.startsWith('wa:') ? digits(rawUserId) : rawUserId;
  const messages = state.threads.get(state.threadKey(endpointId, userId)) ?? [];
  if (endpointId.startsWith('wa:')) {
    const number = FAKE_NUMBERS.find((n) => `wa:${n.id}` === endpointId);
    for (const m of messages) {
      if (number && m.from === 'agent' && m.status === 'delivered') {
        m.status = 'read';
        if (state.statusCallbacks) void deliver(state, 'whatsapp_business_account', whatsappStatusPayload(number, m.messageId, userId, 'read', Date.now()));
      }
    }
  }
  return messages.map(({ from, text, at, messageId }) => ({ from, text, at, messageId }));
}

/** A message to the legacy number, signed with the legacy app's own secret, to the URL given. */
async function legacyInbound(state: MetaState, input: { url?: string; userId?: string; userName?: string; text?: string; messageId?: string }) {
  const userId = digits(String(input.userId ?? ''));
  const messageId = input.messageId ?? `wamid.${randomBytes(18).toString('base64url')}`;
  const payload = whatsappInboundPayload(FAKE_LEGACY.number, { waId: userId, name: input.userName ?? 'Simulated user' }, messageId, { type: 'text', text: String(input.text ?? '') }, Date.now());
  state.lastInbound.set(state.threadKey(`wa:${FAKE_LEGACY.number.id}`, userId), Date.now());
  state.threadOf(`wa:${FAKE_LEGACY.number.id}`, userId).push({ from: 'user', text: String(input.text ?? ''), at: Date.now(), messageId });
  const status = await deliver(state, 'whatsapp_business_account', payload, FAKE_LEGACY.appSecret, String(input.url ?? ''));
  return { delivered: status >= 200 && status < 300, status, messageId };
}

/** Answers /__sim/* and /__recorded (the caller has checked the path). */
export async function answerSimulator(state: MetaState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  if (method === 'OPTIONS') {
    res.writeHead(204, simCors);
    res.end();
    return;
  }
  if (path === '/__recorded') {
    if (method === 'DELETE') {
      state.recorded.length = 0;
      state.webhooks.length = 0;
      send(res, 200, { ok: true }, simCors);
    } else send(res, 200, { requests: state.recorded, webhooks: state.webhooks }, simCors);
    return;
  }
  if (path === '/__sim/endpoints' && method === 'GET') return send(res, 200, { endpoints: endpoints(state) }, simCors);
  if (path === '/__sim/thread' && method === 'GET') {
    return send(res, 200, { messages: threadMessages(state, url.searchParams.get('endpointId') ?? '', url.searchParams.get('userId') ?? '') }, simCors);
  }
  if (path === '/__sim/inbound' && method === 'POST') {
    const input = (await readJson(req)) as unknown as SimInbound;
    if (typeof input.endpointId !== 'string' || typeof input.userId !== 'string' || !input.userId) return send(res, 400, { error: 'endpointId and userId are required' }, simCors);
    return send(res, 200, await inbound(state, input), simCors);
  }
  if (path === '/__sim/verify-webhook' && method === 'POST') {
    // The Legacy Method: what Meta's App Dashboard does when the owner pastes the callback URL and verify token.
    const input = (await readJson(req)) as { url?: string; verifyToken?: string };
    return send(res, 200, await handshake(String(input.url ?? ''), String(input.verifyToken ?? '')), simCors);
  }
  if (path === '/__sim/legacy-inbound' && method === 'POST') return send(res, 200, await legacyInbound(state, await readJson(req)), simCors);
  send(res, 404, { error: 'not found' }, simCors);
}
