// The owner's notification when a channel user could not be answered for lack of credits: at most one a day per
// workspace (a deterministic id created once), so a busy channel does not flood the inbox.
import { channelsApi, paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

const LABELS: Record<channelsApi.ChannelKind, string> = {
  telegram: 'Telegram', discord: 'Discord', whatsapp: 'WhatsApp', messenger: 'Messenger', instagram: 'Instagram',
};

export async function notifyOwnerNoCredits(db: Firestore, ownerID: string, agentId: string, channel: channelsApi.ChannelKind, now: number): Promise<void> {
  const day = new Date(now).toISOString().slice(0, 10);
  const id = `channel-credits-${ownerID}-${day}`.replace(/[^A-Za-z0-9_-]/g, '_');
  try {
    await db.doc(paths.notification(1, id)).create({
      ID: id,
      ownerID,
      agentId,
      title: 'Out of credits',
      body: channelsApi.CHANNEL_TEXTS.noCreditsNotification(LABELS[channel]),
      urlPathname: '/billing',
      ts: Math.floor(now / 1000),
      seen: false,
      notificationLevel: 1,
      notifyOnly: [],
    });
  } catch (error) {
    if ((error as { code?: number }).code !== 6) console.warn('[channels] owner notification failed:', error instanceof Error ? error.message : 'unknown');
  }
}
