import type { channelsApi, Region } from '@parley/core';

/** What every channel's setup form is given by the channel dialog. */
export interface SetupProps {
  region: Region;
  agentId: string;
  connections: channelsApi.ChannelConnection[];
  hideHelp: boolean;
}
