// Which sender answers on which channel. Each channel module registers its sender when it is imported
// (functions/src/channels/index.ts imports them all), so the pipeline and the operator relay find it by kind.
import type { ChannelKind, ChannelSender } from './types';

const senders = new Map<ChannelKind, ChannelSender>();

export function registerChannelSender(channel: ChannelKind, sender: ChannelSender): void {
  senders.set(channel, sender);
}

export function senderFor(channel: ChannelKind): ChannelSender | undefined {
  return senders.get(channel);
}
