// The Channels screens' reads: what is connected (per agent and across agents) and the Meta settings the browser
// needs. Every call goes through its contract in @parley/core (channelsApi).
import { channelsApi, type Region } from '@parley/core';
import { callFunction } from '../../lib/functions';

export const channelKeys = {
  all: ['channels'] as const,
  connections: (region: Region, agentId?: string, channels?: readonly channelsApi.ChannelKind[]) =>
    ['channels', 'connections', region, agentId ?? '*', (channels ?? []).join(',')] as const,
  metaConfig: ['channels', 'meta-config'] as const,
  waNumbers: (region: Region, agentId: string) => ['channels', 'wa-numbers', region, agentId] as const,
  metaPages: (region: Region, agentId: string) => ['channels', 'meta-pages', region, agentId] as const,
};

export async function fetchConnections(region: Region, agentId?: string, channels?: channelsApi.ChannelKind[]) {
  const { connections } = await callFunction(channelsApi.listChannelConnections, {
    region,
    ...(agentId ? { agentId } : {}),
    ...(channels ? { channels } : {}),
  });
  return connections;
}

export const fetchMetaConfig = () => callFunction(channelsApi.getMetaClientConfig, {});

/** The regional API's public base for webhook URLs shown to the owner: the configured API, else this site. */
export function publicApiBase(apiBase: string, origin: string): string {
  return (apiBase || origin).replace(/\/$/, '');
}
