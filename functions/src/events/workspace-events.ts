// The events the product raised before events had their own deliveries (new-agent, new-channel-connection), sent
// from code that holds a region's database rather than the composition: the same emitWorkspaceEvent, with the
// platform's events dependencies.
import type { eventsApi } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { regionOfDatabase } from '../logs';
import { platformEvents, type EventsDeps } from './deps';
import { emitWorkspaceEvent } from './emit';

let platform: EventsDeps | null = null;

/** The platform's events dependencies, built on first use (one delivery queue per instance). */
export function platformEventsOnce(): EventsDeps {
  platform ??= platformEvents();
  return platform;
}

/** Never throws; true when a delivery was queued. */
export async function sendWorkspaceEvent(db: Firestore, uid: string, type: eventsApi.EventType, payload: Record<string, unknown>): Promise<boolean> {
  const region = regionOfDatabase(db);
  if (!region) return false;
  return (await emitWorkspaceEvent(platformEventsOnce(), { region, workspaceId: uid, type, payload })) !== null;
}
