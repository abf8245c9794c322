// Notifications: which are toasted (age), how long, how much text, how many are read, and the client's notifyIf
// levels.

/** Notifications older than this when fetched are not toasted. */
export const NOTIFICATION_MAX_AGE_SECONDS = 180;
export const NOTIFICATION_TOAST_MS = 5000;
/** Title and body are truncated to this many characters. */
export const NOTIFICATION_TEXT_MAX = 50;
/** Latest notifications read per collection. */
export const NOTIFICATION_QUERY_LIMIT = 5;

/** Client notifyIf setting → level number. */
export const NOTIFY_IF_LEVELS = { all: 1, requestsOnly: 2, none: 0 } as const;
export type NotifyIf = keyof typeof NOTIFY_IF_LEVELS;
/** Level stored on a notification: 1 (general, collection notifications-1) or 2 (requests, notifications-2). */
export const NOTIFICATION_LEVELS = [1, 2] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

export const NOTIFY_THROUGH = ['email', 'push', 'all', 'none'] as const;
export const NOTIFY_IF = ['all', 'requestsOnly', 'none'] as const;
