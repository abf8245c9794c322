// credits.low: told when a reservation leaves the workspace's balance below CREDITS_LOW_THRESHOLD, at most once a day
// (the day's delivery has a fixed id, created once). Reservations report every balance they leave, so this instance
// also remembers the days it has told, and a busy workspace costs no Firestore read after the first.
import { eventsApi } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { regionOfDatabase } from '../logs';
import type { EventsDeps } from './deps';
import { emitWorkspaceEvent } from './emit';

export function creditsLowObserver(deps: EventsDeps) {
  const told = new Set<string>();
  /** Never throws; resolves when the event is queued (or not sent). */
  return async (db: Firestore, workspaceId: string, balance: number): Promise<void> => {
    if (balance >= eventsApi.CREDITS_LOW_THRESHOLD) return;
    const region = regionOfDatabase(db);
    const onceId = `credits-low-${new Date(deps.now()).toISOString().slice(0, 10)}`;
    if (!region || told.has(`${workspaceId}/${onceId}`)) return;
    told.add(`${workspaceId}/${onceId}`);
    await emitWorkspaceEvent(deps, { region, workspaceId, type: 'credits.low', payload: { balance, threshold: eventsApi.CREDITS_LOW_THRESHOLD } }, { onceId });
  };
}
