// The new-channel-connection hook (agentId, channelId, agentType, channelType), sent when a channel is connected;
// its failures are ignored (sendWorkspaceEvent never throws, and the caller does not wait for it).
import type { Firestore } from 'firebase-admin/firestore';
import { sendWorkspaceEvent } from '../../events';
import type { ChannelKind } from './types';

export function sendChannelConnectionHook(
  db: Firestore,
  ownerID: string,
  payload: { agentId: string; channelId: string; agentType: string; channelType: ChannelKind },
): void {
  void sendWorkspaceEvent(db, ownerID, 'new-channel-connection', payload).catch(() => undefined);
}
