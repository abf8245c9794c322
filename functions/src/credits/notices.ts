// The owner's notification when a visitor (the web widget) or a channel user could not be answered for lack of
// credits: at most one a day per workspace, or per org when an org with billing pays (a deterministic id created
// once), so a busy widget or channel does not flood the inbox. The runtime sends it wherever it refuses an answer
// for credits (answer.ts), for every channel but the owner's own test chat.
import { channelsApi, paths, type Conversation } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

/** Where the message went unanswered, as the notification names it. */
export type NoticeChannel = Exclude<Conversation['channel'], 'test'>;

const LABELS: Record<NoticeChannel, string> = {
  widget: 'web widget', api: 'API',
  telegram: 'Telegram', discord: 'Discord', whatsapp: 'WhatsApp', messenger: 'Messenger', instagram: 'Instagram',
  phone: 'phone call', webcall: 'web call',
};

// Notifications this instance already knows exist (created, or found created): every refused visitor of an agent
// out of credits passes here, and after the first one the refusal need not touch Firestore again that day.
const told = { day: '', ids: new Set<string>() };

export async function notifyOwnerNoCredits(db: Firestore, ownerID: string, agentId: string, channel: NoticeChannel, now: number, orgId?: string): Promise<void> {
  const day = new Date(now).toISOString().slice(0, 10);
  const id = `channel-credits-${ownerID}-${orgId ? `${orgId}-` : ''}${day}`.replace(/[^A-Za-z0-9_-]/g, '_');
  if (told.day !== day) Object.assign(told, { day, ids: new Set<string>() });
  if (told.ids.has(id)) return;
  try {
    // An org with billing pays for the agent: the owner is told which org to top up (or to ask its clients to).
    const orgName = orgId ? String((await db.doc(paths.org(orgId)).get()).get('name') ?? '') || orgId : '';
    await db.doc(paths.notification(1, id)).create({
      ID: id,
      ownerID,
      agentId,
      title: 'Out of credits',
      body: orgId ? channelsApi.CHANNEL_TEXTS.noOrgCreditsNotification(LABELS[channel], orgName) : channelsApi.CHANNEL_TEXTS.noCreditsNotification(LABELS[channel]),
      urlPathname: orgId ? '/clients' : '/billing',
      ts: Math.floor(now / 1000),
      seen: false,
      notificationLevel: 1,
      notifyOnly: [],
    });
    told.ids.add(id);
  } catch (error) {
    // 6 (ALREADY_EXISTS): the owner was told today.
    if ((error as { code?: number }).code === 6) told.ids.add(id);
    else console.warn('[runtime] owner notification failed:', error instanceof Error ? error.message : 'unknown');
  }
}

/** Tests that delete the day's notifications forget that this instance saw them. */
export function forgetToldOwners(): void {
  told.ids.clear();
}
