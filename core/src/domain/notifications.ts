// Which notifications a client is shown, and how.
import { NOTIFICATION_MAX_AGE_SECONDS, NOTIFICATION_TEXT_MAX, NOTIFY_IF_LEVELS, type NotifyIf } from '../constants/notifications';
import { toUnixSeconds } from './time';

/** First 50 characters, with "..." when something was cut. */
export function truncateNotificationText(text: string, max: number = NOTIFICATION_TEXT_MAX): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Older than 180 s (or without a readable time) → not toasted. */
export function isNotificationStale(ts: unknown, nowSeconds: number): boolean {
  const t = toUnixSeconds(ts);
  return t === null || nowSeconds - t > NOTIFICATION_MAX_AGE_SECONDS;
}

/**
 * Level filter: notifyIf all (1) sees levels 1 and 2, requestsOnly (2) sees level 2, none (0) sees nothing.
 * notifyOnly, when not empty, limits a notification to those client ids.
 */
export function isNotificationForClient(
  n: { notificationLevel: number; notifyOnly?: readonly string[] | undefined },
  client: { clientId?: string | null; notifyIf?: NotifyIf | undefined },
): boolean {
  const level = NOTIFY_IF_LEVELS[client.notifyIf ?? 'all'];
  if (level === 0 || n.notificationLevel < level) return false;
  if (n.notifyOnly && n.notifyOnly.length > 0) return !!client.clientId && n.notifyOnly.includes(client.clientId);
  return true;
}

export interface NotificationLike { ID: string; title: string; body: string; ts: unknown; notificationLevel: number; notifyOnly?: readonly string[] | undefined; seen?: boolean | undefined }

/** The notifications to toast now: for this client, fresh, unseen, with title and body truncated. */
export function notificationsToToast<T extends NotificationLike>(
  list: readonly T[],
  options: { clientId?: string | null; notifyIf?: NotifyIf | undefined; nowSeconds: number },
): T[] {
  return list
    .filter((n) => !n.seen && isNotificationForClient(n, options) && !isNotificationStale(n.ts, options.nowSeconds))
    .map((n) => ({ ...n, title: truncateNotificationText(n.title), body: truncateNotificationText(n.body) }));
}
