// Firestore triggers that notify clients: a conversation created (new conversation) or one whose
// handoffRequested turned true (handoff request), in each regional database. The Chats feature writes the
// conversations; these triggers only read them, so the two features stay apart.
import { DATABASE_IDS, type Region } from '@parley/core';
import { onDocumentWritten } from 'firebase-functions/firestore';
import { RESEND_API_KEY } from '../workspaces/mailer';
import { databaseFor } from '../adapters/firestore';
import { notifyClientsOf, type ClientEvent } from './notify-clients';

const CONVERSATION = 'voiceglow/{agentId}/conversations/{conversationId}';

/** The event a conversation write is, if any. */
export function conversationEvent(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): ClientEvent['kind'] | null {
  if (!after) return null;
  if (after.handoffRequested === true && before?.handoffRequested !== true) return 'handoff';
  if (!before) return 'conversation';
  return null;
}

function triggerFor(region: Region) {
  return onDocumentWritten({ document: CONVERSATION, database: DATABASE_IDS[region], secrets: [RESEND_API_KEY] }, async (event) => {
    const kind = conversationEvent(event.data?.before.data(), event.data?.after.data());
    if (!kind) return;
    await notifyClientsOf(databaseFor(region), { kind, region, agentId: event.params.agentId, conversationId: event.params.conversationId });
  });
}

export const notifyClientsNa = triggerFor('na');
export const notifyClientsEu = triggerFor('eu');
