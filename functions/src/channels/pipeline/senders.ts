// Which sender answers on which channel: channels/index.ts builds the map from each channel's folder, and the
// composition hands it to the pipeline and the operator relay.
import type { ChannelKind, ChannelSender } from './types';

export type ChannelSenders = Readonly<Partial<Record<ChannelKind, ChannelSender>>>;
