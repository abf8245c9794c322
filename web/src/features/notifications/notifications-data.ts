// Latest notifications of the current workspace from notifications-1 and notifications-2: two realtime
// listeners; seen and mark-as-read are one-off writes through the lite SDK.
import { deleteDoc, doc, updateDoc } from 'firebase/firestore/lite';
import { collection, limit, orderBy, query, where, type Firestore } from 'firebase/firestore';
import { NOTIFICATION_QUERY_LIMIT, type NotifyIf, type Region } from '@parley/core';
import { db } from '../../lib/firestore';
import type { LiveRow } from '../../lib/live-data';
import { notificationFields, type ShellNotification } from '../../lib/notifications';

const LEVEL_KEY = 'parley.notificationsLevel';

function collectionName(level: 1 | 2): string {
  return level === 1 ? 'notifications-1' : 'notifications-2';
}

function toNotification(row: LiveRow, level: 1 | 2): ShellNotification {
  return { ...notificationFields(row, level), seen: row.seen === true };
}

export const toLevel1 = (rows: LiveRow[]) => rows.map((row) => toNotification(row, 1));
export const toLevel2 = (rows: LiveRow[]) => rows.map((row) => toNotification(row, 2));

/**
 * The latest items of one collection. The rules judge list queries by their constraints, so the query names the
 * workspace (ownerID == the workspace id) that the rules check.
 */
export function latestNotificationsQuery(live: Firestore, level: 1 | 2, ownerID: string) {
  return query(collection(live, collectionName(level)), where('ownerID', '==', ownerID), orderBy('ts', 'desc'), limit(NOTIFICATION_QUERY_LIMIT));
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
