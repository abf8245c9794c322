// A verified WhatsApp webhook change (field "messages"), for one connected endpoint: customer messages go to the
// pipeline (text, and the text of button and list replies); pictures, voice notes, locations … get a polite text
// fallback, once per message; status callbacks (sent, delivered, read, failed) update the conversation.
import { channelsApi, paths, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { firstDelivery } from '../meta/once';
import { acceptInbound, threadKeyOf, type AnswerQueue } from '../pipeline';
import { recordCustomerMessage } from './numbers';
import { whatsappSender } from './whatsapp-sender';

export interface WhatsappEndpoint {
  region: Region;
  db: Firestore;
  agentId: string;
  endpointId: string;
}

interface WaMessage {
  from?: unknown;
  id?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  interactive?: { button_reply?: { title?: unknown }; list_reply?: { title?: unknown } };
  button?: { text?: unknown };
}

interface WaStatus {
  id?: unknown;
  status?: unknown;
  recipient_id?: unknown;
  timestamp?: unknown;
  errors?: Array<{ code?: unknown; title?: unknown; message?: unknown }>;
}

export interface WhatsappChangeValue {
  metadata?: { phone_number_id?: unknown };
  contacts?: Array<{ wa_id?: unknown; profile?: { name?: unknown } }>;
  messages?: WaMessage[];
  statuses?: WaStatus[];
}

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The text a customer's message carries, or null for media and other kinds the agent cannot read. */
export function textOf(message: WaMessage): string | null {
  switch (message.type) {
    case 'text':
      return str(message.text?.body) || null;
    case 'interactive':
      return str(message.interactive?.button_reply?.title) || str(message.interactive?.list_reply?.title) || null;
    case 'button':
      return str(message.button?.text) || null;
    default:
      return null;
  }
}

/** Kinds that need no answer at all (a reaction, an edit notice). */
const SILENT_TYPES = new Set(['reaction', 'system', 'ephemeral', 'request_welcome', 'order']);

export async function handleWhatsappChange(queue: AnswerQueue, endpoint: WhatsappEndpoint, value: WhatsappChangeValue, now = Date.now()): Promise<void> {
  const names = new Map((value.contacts ?? []).map((c) => [str(c.wa_id), str(c.profile?.name)]));
  for (const message of value.messages ?? []) {
    const from = str(message.from);
    const id = str(message.id);
    if (!from || !id) continue;
    await recordCustomerMessage(endpoint.db, endpoint.endpointId, from, now);
    const text = textOf(message);
    if (text !== null) {
      await acceptInbound(queue, {
        channel: 'whatsapp',
        region: endpoint.region,
        agentId: endpoint.agentId,
        endpointId: endpoint.endpointId,
        providerMessageId: id,
        userId: from,
        userName: names.get(from) || from,
        text,
      }, now);
    } else if (!SILENT_TYPES.has(str(message.type)) && (await firstDelivery(endpoint.db, 'whatsapp', endpoint.endpointId, id, now))) {
      await whatsappSender
        .sendText({ region: endpoint.region, agentId: endpoint.agentId, endpointId: endpoint.endpointId, userId: from }, channelsApi.META_TEXTS.unsupportedMessage)
        .catch((error: unknown) => console.warn('[whatsapp] fallback reply failed:', error instanceof Error ? error.message : 'unknown'));
    }
  }
  for (const status of value.statuses ?? []) await applyStatus(endpoint, status, now);
}

const RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/** The conversation shows how far its last outgoing message got (sent → delivered → read, or failed and why). */
async function applyStatus(endpoint: WhatsappEndpoint, status: WaStatus, now: number): Promise<void> {
  const state = str(status.status);
  const userId = str(status.recipient_id);
  const messageId = str(status.id);
  if (!RANK[state] || !userId || !messageId) return;
  const thread = await endpoint.db.doc(paths.channelThread(endpoint.agentId, threadKeyOf({ channel: 'whatsapp', endpointId: endpoint.endpointId, userId }))).get();
  const conversationId = thread.get('conversationId');
  if (typeof conversationId !== 'string') return;
  const ref = endpoint.db.doc(paths.conversation(endpoint.agentId, conversationId));
  await endpoint.db.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).get('channelDelivery') as { messageId?: string; status?: string } | undefined;
    // Callbacks may arrive out of order: a message's status only moves forward.
    if (current?.messageId === messageId && (RANK[current.status ?? ''] ?? 0) >= RANK[state]!) return;
    const error = status.errors?.[0];
    tx.set(ref, {
      channelDelivery: {
        messageId,
        status: state,
        at: Number(str(status.timestamp)) * 1000 || now,
        ...(error ? { error: str(error.code) === '131047' ? channelsApi.META_TEXTS.waInitiate : str(error.message) || str(error.title) } : {}),
      },
    }, { merge: true });
  });
}
