// conversation.ended for conversations that went quiet: a conversation with no message for CONVERSATION_IDLE_END_MS
// has ended (as Chats shows it). A scheduled run finds them by a range on `lastMessageAt` (a due-indexed query, never
// a scan) over a window twice its interval wide, so every end is seen by two runs (its delivery id makes the second a
// no-op) and one missed run loses nothing. A call's conversation ends with its call (voice's callEnded), not here.
import { COLLECTIONS, CONVERSATION_IDLE_END_MS, REGIONS, type Region } from '@parley/core';
import type { DocumentSnapshot, Firestore, QuerySnapshot } from 'firebase-admin/firestore';
import { onSchedule } from 'firebase-functions/scheduler';
import type { ConversationNotifier } from '../conversations';

export const ENDED_SWEEP_MINUTES = 10;
const WINDOW_MS = 2 * ENDED_SWEEP_MINUTES * 60_000;
const PAGE = 300;
/** Events told at once (each reads its workspace's settings). */
const CONCURRENCY = 10;

export interface EndedSweepDeps {
  db: (region: Region) => Firestore;
  notify: ConversationNotifier;
  now: () => number;
}

/** Tells each conversation of `region` that ended within the window; how many were told. */
export async function sweepEndedConversations(deps: EndedSweepDeps, region: Region): Promise<number> {
  const until = deps.now() - CONVERSATION_IDLE_END_MS;
  const query = deps.db(region).collectionGroup(COLLECTIONS.conversations)
    .where('lastMessageAt', '>=', until - WINDOW_MS).where('lastMessageAt', '<', until).orderBy('lastMessageAt').limit(PAGE);
  let told = 0;
  let after: DocumentSnapshot | null = null;
  for (;;) {
    const snap: QuerySnapshot = await (after ? query.startAfter(after) : query).get();
    const ended = snap.docs.filter((doc) => doc.get('call') === undefined && doc.ref.parent.parent);
    for (let i = 0; i < ended.length; i += CONCURRENCY) {
      await Promise.all(
        ended.slice(i, i + CONCURRENCY).map((doc) => {
          const owner: unknown = doc.get('ownerID');
          return deps.notify({
            kind: 'ended', region, agentId: doc.ref.parent.parent!.id, conversationId: doc.id,
            ...(typeof owner === 'string' && owner ? { workspaceId: owner } : {}), endedAt: Number(doc.get('lastMessageAt')),
          });
        }),
      );
    }
    told += ended.length;
    if (snap.size < PAGE) return told;
    after = snap.docs[snap.size - 1]!;
  }
}

/** The scheduled run over every region. */
export const conversationsEndedJob = (deps: EndedSweepDeps) =>
  onSchedule({ schedule: `every ${ENDED_SWEEP_MINUTES} minutes`, timeoutSeconds: 300 }, async () => {
    for (const region of REGIONS) {
      const told = await sweepEndedConversations(deps, region);
      console.log(`[events] ${region}: ${told} ended conversations told`);
    }
  });
