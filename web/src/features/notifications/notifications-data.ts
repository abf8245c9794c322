// Latest notifications of the current workspace from notifications-1 and notifications-2.
import { collection, deleteDoc, doc, getDocs, limit, orderBy, query, updateDoc, where } from 'firebase/firestore/lite';
import { NOTIFICATION_QUERY_LIMIT, type NotifyIf } from '@parley/core';
import { db } from '../../lib/firestore';
import type { ShellNotification } from '../../lib/notifications';
import type { Region } from '../../lib/region';

const LEVEL_KEY = 'parley.notificationsLevel';
export const POLL_MS = 15_000;

function collectionName(level: 1 | 2): string {
  return level === 1 ? 'notifications-1' : 'notifications-2';
}

export async function fetchLatestNotifications(region: Region, ownerID: string): Promise<ShellNotification[][]> {
  return Promise.all(
    ([1, 2] as const).map(async (level) => {
      const snap = await getDocs(
        query(collection(db(region), collectionName(level)), where('ownerID', '==', ownerID), orderBy('ts', 'desc'), limit(NOTIFICATION_QUERY_LIMIT)),
      );
      return snap.docs.map((d) => {
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
      });
    }),
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
