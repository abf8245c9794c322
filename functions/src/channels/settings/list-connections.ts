// listChannelConnections: the caller's workspace's connected bots, channels, pages and numbers with the agent that
// answers each (one agent's, or some channels', when asked). Each channel contributes a lister (channels/index.ts
// maps them: ConnectionListers).
import { channelsApi, paths, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { callerOf, requireAgentAccess, requireChannelsMember, type Caller } from '../../access';
import { defineCallable } from '../../callable/define-callable';

type Kind = channelsApi.ChannelKind;
/** The connections of the given agents (ids) on one channel. */
export type ConnectionLister = (db: Firestore, agentIds: string[]) => Promise<Array<Omit<channelsApi.ChannelConnection, 'agentTitle'>>>;

export type ConnectionListers = Readonly<Partial<Record<Kind, ConnectionLister>>>;

/** Firestore's `in` takes at most 30 values. */
export async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 30) out.push(...(await read(ids.slice(i, i + 30))));
  return out;
}

export const telegramConnections: ConnectionLister = (db, agentIds) =>
  inChunks(agentIds, async (chunk) => {
    const snap = await db.collection(paths.telegramBots()).where('agentId', 'in', chunk).get();
    return snap.docs.map((d) => ({ channel: 'telegram' as const, id: d.id, agentId: String(d.get('agentId')), label: d.get('botUsername') ? `@${d.get('botUsername')}` : d.id }));
  });
export const discordConnections: ConnectionLister = (db, agentIds) =>
  inChunks(agentIds, async (chunk) => {
    const snap = await db.collection(paths.discordChannels()).where('agentID', 'in', chunk).get();
    return snap.docs.map((d) => ({ channel: 'discord' as const, id: d.id, agentId: String(d.get('agentID')), label: `#${d.get('channelId')}` }));
  });

async function workspaceAgents(db: Firestore, ownerID: string): Promise<Map<string, string>> {
  const snap = await db.collection(paths.agents()).where('ownerID', '==', ownerID).select('title').get();
  return new Map(snap.docs.map((d) => [d.id, String(d.get('title') ?? '')]));
}

export async function listChannelConnections(listers: ConnectionListers, input: z.output<typeof channelsApi.listChannelConnections.input>, caller: Caller) {
  const member = requireChannelsMember(caller);
  let db: Firestore;
  let agents: Map<string, string>;
  if (input.agentId) {
    const access = await requireAgentAccess(caller, input.region, input.agentId);
    db = access.db;
    agents = new Map([[input.agentId, String(access.agent.title ?? '')]]);
  } else {
    // The caller's own workspace (its id is the uid for a personal workspace).
    const { databaseFor } = await import('../../adapters/firestore');
    db = databaseFor(input.region as Region);
    agents = await workspaceAgents(db, member.uid);
  }
  const ids = [...agents.keys()];
  const kinds = (input.channels ?? (Object.keys(listers) as Kind[])).filter((k) => listers[k]);
  const found = ids.length === 0 ? [] : (await Promise.all(kinds.map((k) => listers[k]!(db, ids)))).flat();
  return { connections: found.map((c) => ({ ...c, agentTitle: agents.get(c.agentId) ?? '' })) };
}

export const listChannelConnectionsCallable = (listers: ConnectionListers) =>
  defineCallable(channelsApi.listChannelConnections, (input, request) => listChannelConnections(listers, input, callerOf(request)));
