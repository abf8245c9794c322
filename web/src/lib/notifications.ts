// Notification rules for the workspace shell (level filter, freshness for a toast, newest first), built on
// @parley/core's predicates.
import { isNotificationForClient, isNotificationStale, toUnixSeconds, truncateNotificationText, type NotifyIf } from '@parley/core';

export { truncateNotificationText };

export interface ShellNotification {
  ID: string;
  title: string;
  body: string;
  urlPathname?: string;
  ts: unknown;
  seen: boolean;
  notificationLevel: 1 | 2;
  notifyOnly?: string[];
}

/** What any reader of a stored notification shows, from a listener's row (the document's fields and its id). */
export function notificationFields(row: { ID: string; [field: string]: unknown }, level: 1 | 2) {
  return {
    ID: row.ID,
    title: String(row.title ?? ''),
    body: String(row.body ?? ''),
    urlPathname: typeof row.urlPathname === 'string' ? row.urlPathname : undefined,
    ts: row.ts,
    notificationLevel: level,
  };
}

/** all=1 shows levels 1 and 2, requestsOnly=2 shows level 2 only, none=0 shows nothing. */
export function passesLevelFilter(notification: Pick<ShellNotification, 'notificationLevel'>, filter: NotifyIf): boolean {
  // The workspace owner is not a client: notifyOnly (client ids) does not limit what they see.
  return isNotificationForClient({ notificationLevel: notification.notificationLevel }, { notifyIf: filter });
}

/** Notifications older than 180 s when fetched are listed but not toasted. */
export function isFreshForToast(notification: Pick<ShellNotification, 'ts'>, nowSeconds = Date.now() / 1000): boolean {
  return !isNotificationStale(notification.ts, nowSeconds);
}

/** Merges both collections' latest items, newest first, filtered by level. */
export function mergeNotifications(lists: ShellNotification[][], filter: NotifyIf): ShellNotification[] {
  return lists
    .flat()
    .filter((n) => passesLevelFilter(n, filter))
    .sort((a, b) => (toUnixSeconds(b.ts) ?? 0) - (toUnixSeconds(a.ts) ?? 0));
}

/** Which notifications to toast: unseen, fresh, passing the filter, not toasted before. */
export function notificationsToToast(
  items: ShellNotification[],
  filter: NotifyIf,
  alreadyToasted: ReadonlySet<string>,
  nowSeconds = Date.now() / 1000,
): ShellNotification[] {
  return items.filter((n) => !n.seen && !alreadyToasted.has(n.ID) && passesLevelFilter(n, filter) && isFreshForToast(n, nowSeconds));
}
