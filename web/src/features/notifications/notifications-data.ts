// Latest notifications of the current workspace from notifications-1 and notifications-2: two realtime
// listeners; seen and mark-as-read are one-off writes through the lite SDK.
import { deleteDoc, doc, updateDoc } from 'firebase/firestore/lite';
import type { DocumentData, QueryDocumentSnapshot } from 'firebase/firestore';
import { NOTIFICATION_QUERY_LIMIT, type NotifyIf, type Region } from '@parley/core';
import { db } from '../../lib/firestore';
import { querySnapshots, type LiveSource } from '../../lib/firestore-live';
import { combineLive } from '../../lib/live-query';
import type { ShellNotification } from '../../lib/notifications';

const LEVEL_KEY = 'parley.notificationsLevel';

function collectionName(level: 1 | 2): string {
  return level === 1 ? 'notifications-1' : 'notifications-2';
}

export const notificationKeys = { latest: (region: Region, ownerID: string) => ['notifications', region, ownerID] as const };

function toNotification(d: QueryDocumentSnapshot<DocumentData>, level: 1 | 2): ShellNotification {
  const data = d.data();
  return {
    ID: d.id,
    title: String(data.title ?? ''),
    body: String(data.body ?? ''),
    urlPathname: typeof data.urlPathname === 'string' ? data.urlPathname : undefined,
    ts: data.ts,
    seen: data.seen === true,
    notificationLevel: level,
  };
}

/**
 * The latest items of both collections, [level 1, level 2]. The rules judge list queries by their
 * constraints, so the query names the workspace (ownerID == the workspace id) that the rules check.
 */
export function liveLatestNotifications(region: Region, ownerID: string): LiveSource<ShellNotification[][]> {
  return combineLive(
    ([1, 2] as const).map((level) =>
      querySnapshots(
        region,
        ({ sdk, db: live }) =>
          sdk.query(sdk.collection(live, collectionName(level)), sdk.where('ownerID', '==', ownerID), sdk.orderBy('ts', 'desc'), sdk.limit(NOTIFICATION_QUERY_LIMIT)),
        (snap) => snap.docs.map((d) => toNotification(d, level)),
      ),
    ),
  );
}

export function markSeen(region: Region, n: ShellNotification): Promise<void> {
  return updateDoc(doc(db(region), collectionName(n.notificationLevel), n.ID), { seen: true });
}

/** Mark as read deletes the notification. */
export function markRead(region: Region, n: ShellNotification): Promise<void> {
  return deleteDoc(doc(db(region), collectionName(n.notificationLevel), n.ID));
}

export function readLevelFilter(): NotifyIf {
  const v = localStorage.getItem(LEVEL_KEY);
  return v === 'requestsOnly' || v === 'none' ? v : 'all';
}

export function writeLevelFilter(v: NotifyIf): void {
  localStorage.setItem(LEVEL_KEY, v);
}
