// The one place that tells about a conversation event: a new conversation or lead (level 1, notifications-1) or a
// handoff request (level 2, notifications-2). Called, awaited, by the code that causes the event (the runtime's
// first write of a widget conversation, the handoff endpoint, the channel pipeline's new thread) through the
// runtime's notify port. One notification document per event (its id names the event, so a repeated call writes
// nothing twice), read by the workspace and by the agent's clients (firestore.rules: ownerID, agentId,
// notifyOnly). Each client whose level filter (notifyIf) and notifyOnly let it through, and whose org still has
// access, is told through its notifyThrough: e-mail from the agency's sending domain; push is not built yet (the
// dashboard shows the notification when it is open).
import {
  clientAgentDenial, COLLECTIONS, isNotificationForClient, paths, routes, storedClientSchema, truncateNotificationText,
  type NotificationLevel,
} from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { agencySender, type AgencySender } from '../agency';
import { parseStored } from '../adapters/stored-data';
import type { ClientConversationEvent } from '../conversations';
import { sendMail } from '../adapters/mailer';
import { agencyBaseUrl } from './email-links';
import { readOrg, type StoredAgency } from './org-client-reads';

export type ClientEvent = ClientConversationEvent & { now?: number };

const LEVEL: Record<ClientEvent['kind'], NotificationLevel> = { handoff: 2, conversation: 1, lead: 1 };

/** What each event says, and the page it opens (a client is told only when its canAccess has that page). */
const TEXTS: Record<ClientEvent['kind'], { title: string; body: (agent: string) => string; page: '/convos' | '/leads' }> = {
  conversation: { title: 'New conversation', body: (agent) => `A visitor started a chat with ${agent}`, page: '/convos' },
  handoff: { title: 'Handoff requested', body: (agent) => `A visitor asked for a human on ${agent}`, page: '/convos' },
  lead: { title: 'New lead', body: (agent) => `A visitor left their contact details with ${agent}`, page: '/leads' },
};

/** Enough for one agency's e-mails; an agent with more clients than this is not a case the product has. */
const MAX_CLIENTS = 200;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface NotifyResult {
  notificationId: string | null;
  /** Client ids e-mailed. */
  emailed: string[];
  /** Client ids whose notifyThrough is push (not delivered yet: no push channel). */
  pushPending: string[];
}

/** The notification's id: one per event (a conversation is new once; its handoff request is told once). */
export const notificationIdOf = (event: Pick<ClientEvent, 'kind' | 'agentId' | 'conversationId'>): string =>
  `${event.kind}-${event.agentId}-${event.conversationId}`;

/** Writes the event's notification and tells each client of the agent that wants it. Throws on a failed write. */
export async function notifyClientsOf(db: Firestore, event: ClientEvent): Promise<NotifyResult> {
  // The agent and its clients at once: one round trip before the notification is written.
  const [agentSnap, clients] = await Promise.all([
    db.doc(paths.agent(event.agentId)).get(),
    db.collection(paths.clients()).where('widgetIDs', 'array-contains', event.agentId).limit(MAX_CLIENTS).get(),
  ]);
  const ownerID = agentSnap.get('ownerID');
  if (!agentSnap.exists || typeof ownerID !== 'string' || !ownerID) return { notificationId: null, emailed: [], pushPending: [] };
  const title = String(agentSnap.get('title') ?? 'Your agent');
  const level = LEVEL[event.kind];
  const now = event.now ?? Date.now();
  const ID = notificationIdOf(event);
  const notification = {
    ID, ownerID, agentId: event.agentId, notificationLevel: level, notifyOnly: [] as string[], seen: false, ts: Math.floor(now / 1000),
    title: truncateNotificationText(TEXTS[event.kind].title),
    body: truncateNotificationText(TEXTS[event.kind].body(title)),
    urlPathname: event.kind === 'lead'
      ? routes.agent(event.region, event.agentId, 'leads')
      : `${routes.agent(event.region, event.agentId, 'convos')}?conversation=${encodeURIComponent(event.conversationId)}`,
  };
  try {
    await db.collection(level === 1 ? COLLECTIONS.notifications1 : COLLECTIONS.notifications2).doc(ID).create(notification);
  } catch (error) {
    // Already written: this event was told (a second tab's first message, a repeated handoff request).
    if ((error as { code?: number }).code === 6) return { notificationId: ID, emailed: [], pushPending: [] };
    throw error;
  }
  if (clients.empty) return { notificationId: ID, emailed: [], pushPending: [] };

  const workspaceOwner = (await db.doc(paths.user(ownerID)).get()).get('ownerId');
  const orgs = new Map<string, ReturnType<typeof readOrg>>();
  const senders = new Map<string, Promise<{ sender: AgencySender; base: string }>>();
  const senderFor = (ownerUid: string) => {
    let found = senders.get(ownerUid);
    if (!found) {
      found = (async () => {
        const snap = await db.collection(COLLECTIONS.agencies).where('userId', '==', ownerUid).limit(1).get();
        const first = snap.docs[0];
        const agency = first ? { id: first.id, agency: first.data() as StoredAgency } : null;
        return {
          sender: await agencySender(agency?.id ?? '', event.region),
          base: agency ? agencyBaseUrl(agency.agency) : (process.env.PARLEY_APP_URL ?? ''),
        };
      })();
      senders.set(ownerUid, found);
    }
    return found;
  };

  const emailed: string[] = [];
  const pushPending: string[] = [];
  // Clients are told side by side; their orgs and agencies are read once each.
  await Promise.all(
    clients.docs.map(async (doc) => {
      const client = parseStored(storedClientSchema, doc, { ID: doc.id });
      if (!orgs.has(client.orgId)) orgs.set(client.orgId, readOrg(db, client.orgId));
      const org = await orgs.get(client.orgId)!;
      if (!org) return;
      if (clientAgentDenial({ agentId: event.agentId, agentOwnerID: ownerID, agentWorkspaceOwnerId: workspaceOwner, client, org: org.org, page: TEXTS[event.kind].page })) return;
      if (!isNotificationForClient(notification, { clientId: client.ID, notifyIf: client.notificationsSettings.notifyIf })) return;
      const through = client.notificationsSettings.notifyThrough;
      if (through === 'push' || through === 'all') pushPending.push(client.ID);
      if (through !== 'email' && through !== 'all') return;
      try {
        const { sender, base } = await senderFor(org.org.ownerID ?? '');
        const link = `${base}${notification.urlPathname}`;
        await sendMail({
          to: [client.email], from: sender.from, subject: `${notification.title}: ${title.slice(0, 60)}`,
          html: `<p>${escapeHtml(notification.body)}.</p><p><a href="${escapeHtml(link)}">${event.kind === 'lead' ? 'Open the leads' : 'Open the conversation'}</a></p>`,
        });
        emailed.push(client.ID);
      } catch {
        // One client's failed e-mail does not stop the others; the notification is in the dashboard anyway.
        console.error(`[clients] notification e-mail for ${ID} to client ${client.ID} failed`);
      }
    }),
  );
  return { notificationId: ID, emailed: emailed.sort(), pushPending: pushPending.sort() };
}

/**
 * The runtime's notify port (runtimeDeps): awaited by the request that caused the event and never failing it —
 * a failed notification is logged (ids only) and the visitor's or channel user's answer goes on.
 */
export async function notifyConversationEvent(db: Firestore, event: ClientEvent): Promise<void> {
  try {
    await notifyClientsOf(db, event);
  } catch (error) {
    console.error(`[clients] ${event.kind} notification for ${event.agentId}/${event.conversationId} failed:`, error instanceof Error ? error.message : 'unknown');
  }
}
