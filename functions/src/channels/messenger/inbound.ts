// Verified Messenger (object "page") and Instagram (object "instagram") messaging events for one connected page:
// a user's text goes to the pipeline under the user's id (the answer task asks Meta for a new user's profile name,
// page-sender.ts); attachments get the polite text fallback once; echoes (the page's own messages, including ours) and
// anything the page itself sent are ignored.
import { channelsApi, type MetaPage, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { firstDelivery } from '../meta/once';
import { acceptInbound, type AnswerQueue } from '../pipeline';
import { pageSender } from './page-sender';
import type { PageChannel } from './profile';

export interface PageEndpoint {
  region: Region;
  db: Firestore;
  page: MetaPage;
  channel: PageChannel;
  /** The page id (Messenger) or the linked Instagram account id (Instagram): what the entry names. */
  accountId: string;
}

interface MessagingEvent {
  sender?: { id?: unknown };
  recipient?: { id?: unknown };
  message?: { mid?: unknown; text?: unknown; is_echo?: unknown; attachments?: unknown[]; quick_reply?: { payload?: unknown } };
  postback?: { mid?: unknown; title?: unknown; payload?: unknown };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export async function handleMessaging(queue: AnswerQueue, endpoint: PageEndpoint, events: MessagingEvent[], now = Date.now()): Promise<void> {
  for (const event of events) {
    const senderId = str(event.sender?.id);
    const message = event.message;
    const postback = event.postback;
    if (!senderId || message?.is_echo === true) continue;
    // The page (or its Instagram account) writing is never a customer.
    if (senderId === endpoint.accountId || senderId === endpoint.page.pageId || senderId === endpoint.page.igPageId) continue;
    const mid = str(message?.mid) || str(postback?.mid);
    if (!mid) continue;
    const text = str(message?.text) || str(postback?.title);
    const target = { region: endpoint.region, agentId: endpoint.page.agentId, endpointId: endpoint.page.pageId, userId: senderId };
    if (text) {
      await acceptInbound(queue, { channel: endpoint.channel, ...target, providerMessageId: mid, userName: senderId, text }, now);
    } else if (message?.attachments?.length && (await firstDelivery(endpoint.db, endpoint.channel, endpoint.page.pageId, mid, now))) {
      await pageSender
        .sendText(target, channelsApi.META_TEXTS.unsupportedMessage)
        .catch((error: unknown) => console.warn(`[${endpoint.channel}] fallback reply failed:`, error instanceof Error ? error.message : 'unknown'));
    }
  }
}
