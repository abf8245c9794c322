// Notifications to agency clients about their agents: a handoff request (level 2, notifications-2) and a new
// conversation (level 1, notifications-1). One notification document per event (its id names the event, so a
// retried trigger writes nothing twice), read by the workspace and by the agent's clients (firestore.rules:
// ownerID, agentId, notifyOnly). Each client whose level filter (notifyIf) and notifyOnly let it through, and
// whose org still has access, is told through its notifyThrough: e-mail from the agency's sending domain;
// push is not built yet (the dashboard shows the notification when it is open).
import {
  clientAgentDenial, COLLECTIONS, isNotificationForClient, paths, routes, storedClientSchema, truncateNotificationText,
  type NotificationLevel, type Region,
} from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { agencySender } from '../agency';
import { parseStored } from '../adapters/stored-data';
import { sendMail } from '../workspaces/mailer';
import { agencyBaseUrl } from './sender';
import { readOrg, type StoredAgency } from './store';

export type ClientEvent = { kind: 'handoff' | 'conversation'; region: Region; agentId: string; conversationId: string; now?: number };

const LEVEL: Record<ClientEvent['kind'], NotificationLevel> = { handoff: 2, conversation: 1 };

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface NotifyResult {
  notificationId: string | null;
  /** Client ids e-mailed. */
  emailed: string[];
  /** Client ids whose notifyThrough is push (not delivered yet: no push channel). */
  pushPending: string[];
}

/** Writes the event's notification and tells each client of the agent that wants it. */
export async function notifyClientsOf(db: Firestore, event: ClientEvent): Promise<NotifyResult> {
  const agentSnap = await db.doc(paths.agent(event.agentId)).get();
  const ownerID = agentSnap.get('ownerID');
  if (!agentSnap.exists || typeof ownerID !== 'string' || !ownerID) return { notificationId: null, emailed: [], pushPending: [] };
  const title = String(agentSnap.get('title') ?? 'Your agent');
  const level = LEVEL[event.kind];
  const now = event.now ?? Date.now();
  const ID = `${event.kind}-${event.agentId}-${event.conversationId}`;
  const notification = {
    ID, ownerID, agentId: event.agentId, notificationLevel: level, notifyOnly: [] as string[], seen: false, ts: Math.floor(now / 1000),
    title: truncateNotificationText(event.kind === 'handoff' ? 'Handoff requested' : 'New conversation'),
    body: truncateNotificationText(event.kind === 'handoff' ? `A visitor asked for a human on ${title}` : `A visitor started a chat with ${title}`),
    urlPathname: `${routes.agent(event.region, event.agentId, 'convos')}?conversation=${encodeURIComponent(event.conversationId)}`,
  };
  try {
    await db.collection(level === 1 ? COLLECTIONS.notifications1 : COLLECTIONS.notifications2).doc(ID).create(notification);
  } catch (error) {
    // Already written: this event was handled (a retried trigger).
    if ((error as { code?: number }).code === 6) return { notificationId: ID, emailed: [], pushPending: [] };
    throw error;
  }

  const clients = await db.collection(paths.clients()).where('widgetIDs', 'array-contains', event.agentId).limit(200).get();
  const workspaceOwner = ownerID ? (await db.doc(paths.user(ownerID)).get()).get('ownerId') : undefined;
  const emailed: string[] = [];
  const pushPending: string[] = [];
  const agencies = new Map<string, { id: string; agency: StoredAgency } | null>();
  for (const doc of clients.docs) {
    const client = parseStored(storedClientSchema, doc, { ID: doc.id });
    const org = await readOrg(db, client.orgId);
    if (!org) continue;
    if (clientAgentDenial({ agentId: event.agentId, agentOwnerID: ownerID, agentWorkspaceOwnerId: workspaceOwner, client, org: org.org, page: '/convos' })) continue;
    if (!isNotificationForClient(notification, { clientId: client.ID, notifyIf: client.notificationsSettings.notifyIf })) continue;
    const through = client.notificationsSettings.notifyThrough;
    if (through === 'push' || through === 'all') pushPending.push(client.ID);
    if (through !== 'email' && through !== 'all') continue;
    const ownerUid = org.org.ownerID ?? '';
    if (!agencies.has(ownerUid)) {
      const snap = await db.collection(COLLECTIONS.agencies).where('userId', '==', ownerUid).limit(1).get();
      const first = snap.docs[0];
      agencies.set(ownerUid, first ? { id: first.id, agency: first.data() as StoredAgency } : null);
    }
    const agency = agencies.get(ownerUid);
    const sender = await agencySender(agency?.id ?? '', event.region);
    const link = `${agency ? agencyBaseUrl(agency.agency) : process.env.PARLEY_APP_URL ?? ''}${notification.urlPathname}`;
    try {
      await sendMail({
        to: [client.email], from: sender.from, subject: `${notification.title}: ${title.slice(0, 60)}`,
        html: `<p>${escapeHtml(notification.body)}.</p><p><a href="${escapeHtml(link)}">Open the conversation</a></p>`,
      });
      emailed.push(client.ID);
    } catch {
      // One client's failed e-mail does not stop the others; the notification is in the dashboard anyway.
      console.error(`[clients] notification e-mail for ${ID} to client ${client.ID} failed`);
    }
  }
  return { notificationId: ID, emailed, pushPending };
}
