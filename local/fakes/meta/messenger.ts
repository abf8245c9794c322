// The Send API for Messenger and Instagram (POST /me/messages with the page's token): to a user who wrote within
// the last 24 hours (7 days tagged HUMAN_AGENT); Instagram reports our message back as an echo.
import { randomBytes } from 'node:crypto';
import { PASS, requireToken, type GraphCall } from './graph-call';
import { messagingPayload } from './payloads';
import { DAY_MS, GraphFailure, type Token } from './state';
import { deliver } from './webhooks';
import { FAKE_PAGES } from './world';

export function sendApiRoutes({ state, method, first, second, body, auth }: GraphCall): unknown {
  if (!((first === 'me' || FAKE_PAGES.some((p) => p.id === first)) && second === 'messages' && method === 'POST')) return PASS;
  const { threads, threadKey, lastInbound } = state;
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
  state.threadOf(endpointId, recipient).push({ from: 'agent', text, at: Date.now(), messageId: mid });
  if (isInstagram && page.instagram) {
    // Instagram reports the business's own messages back as echoes.
    void deliver(state, 'instagram', messagingPayload('instagram', page.instagram.id, { senderId: page.instagram.id, recipientId: recipient, mid, text, isEcho: true }, Date.now()));
  } else if (state.pageSubscriptions.get(page.id)?.includes('message_echoes')) {
    void deliver(state, 'page', messagingPayload('page', page.id, { senderId: page.id, recipientId: recipient, mid, text, isEcho: true }, Date.now()));
  }
  return { recipient_id: recipient, message_id: mid };
}
