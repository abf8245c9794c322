// The events the product raised before events had their own deliveries (new-agent, new-channel-connection,
// subscription.changed), sent from code that holds a region's database: the same emitWorkspaceEvent, with the events
// dependencies the composition hands to the feature that raises them.
import type { eventsApi } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { regionOfDatabase } from '../logs';
import type { EventsDeps } from './deps';
import { emitWorkspaceEvent } from './emit';

/** What a feature that raises workspace events is given by the composition. */
export interface RaisesEvents {
  events: EventsDeps;
}

/** Never throws; true when a delivery was queued. */
export async function sendWorkspaceEvent(
  { events }: RaisesEvents,
  db: Firestore,
  uid: string,
  type: eventsApi.EventType,
  payload: Record<string, unknown>,
): Promise<boolean> {
  const region = regionOfDatabase(db);
  if (!region) return false;
  return (await emitWorkspaceEvent(events, { region, workspaceId: uid, type, payload })) !== null;
}
