// voiceglow/{agentId}/channelThreads/{key}: which conversation a channel user has with the agent. The
// conversation id is random (it is a capability on the widget's public API), so it cannot be derived from the
// user's id: the first message creates the thread and its conversation together (one batch, the thread with a
// "does not exist" precondition); concurrent first messages find the winner's. Function-only.
import { createHash } from 'node:crypto';
import { paths } from '@parley/core';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { createConversation, newConversationId } from '../../conversations';
import type { InboundMessage } from './types';

export interface Thread {
  conversationId: string;
  channel: InboundMessage['channel'];
  endpointId: string;
  userId: string;
  userName: string;
  createdAt: number;
  /** When the user was last told the agent cannot answer (no credits …): told once until an answer goes through. */
  noticeAt?: number;
}

export function threadKeyOf(message: Pick<InboundMessage, 'channel' | 'endpointId' | 'userId'>): string {
  return `${message.channel}_${createHash('sha256').update(`${message.endpointId}\n${message.userId}`).digest('base64url').slice(0, 40)}`;
}

/** The user's thread (and conversation), created with the first message. */
export async function ensureThread(
  db: Firestore,
  message: InboundMessage,
  ownerID: string,
  now: number,
  /** The thread's document as read a moment ago (used when it is this thread's). */
  read?: DocumentSnapshot,
): Promise<{ key: string; thread: Thread; created: boolean }> {
  const key = threadKeyOf(message);
  const ref = db.doc(paths.channelThread(message.agentId, key));
  const existing = read?.ref.path === ref.path ? read : await ref.get();
  if (existing.exists) return { key, thread: existing.data() as Thread, created: false };
  const thread: Thread = {
    conversationId: newConversationId(),
    channel: message.channel,
    endpointId: message.endpointId,
    userId: message.userId,
    userName: message.userName,
    createdAt: now,
  };
  try {
    // The conversation is made where every conversation is (conversations' createConversation), with its thread.
    await createConversation(
      db,
      {
        id: thread.conversationId,
        agentId: message.agentId,
        ownerID,
        channel: message.channel,
        channelUser: { id: message.userId, name: message.userName, endpointId: message.endpointId },
      },
      now,
      [{ path: ref.path, data: thread }],
    );
    return { key, thread, created: true };
  } catch (error) {
    if ((error as { code?: number }).code !== 6) throw error;
    // Another message of the same user created it a moment earlier.
    const winner = await ref.get();
    return { key, thread: winner.data() as Thread, created: false };
  }
}

export async function setThreadNotice(db: Firestore, agentId: string, key: string, noticeAt: number | null): Promise<void> {
  const { FieldValue } = await import('firebase-admin/firestore');
  await db.doc(paths.channelThread(agentId, key)).update({ noticeAt: noticeAt ?? FieldValue.delete() });
}
