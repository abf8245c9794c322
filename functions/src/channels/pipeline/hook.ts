// The new-channel-connection hook (agentId, channelId, agentType, channelType), sent when a channel is connected, on
// the composition's events; its failures are ignored (sendWorkspaceEvent never throws, and the caller does not wait).
import type { Firestore } from 'firebase-admin/firestore';
import { sendWorkspaceEvent, type RaisesEvents } from '../../events';
import type { ChannelKind } from './types';

export function sendChannelConnectionHook(
  deps: RaisesEvents,
  db: Firestore,
  ownerID: string,
  payload: { agentId: string; channelId: string; agentType: string; channelType: ChannelKind },
): void {
  void sendWorkspaceEvent(deps, db, ownerID, 'new-channel-connection', payload).catch(() => undefined);
}
