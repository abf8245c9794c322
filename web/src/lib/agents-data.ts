// Agents (voiceglow/{agentId}) of a workspace: the list is live (agent switcher, agents page), one-off
// lookups use the lite (REST) SDK.
import { queryOptions } from '@tanstack/react-query';
import { collection, query, where, type Firestore } from 'firebase/firestore';
import { doc, getDoc } from 'firebase/firestore/lite';
import { useMemo } from 'react';
import { useFirestore } from 'reactfire';
import { ACCESS_MESSAGES, canOpenAgent, otherRegion, type agentsApi, type Region } from '@parley/core';
import { db } from './firestore';
import { useLiveCollection, type LiveRow } from './live-data';
import { useCurrentWorkspace, type CurrentWorkspace } from './workspace-context';
import { isPermissionDenied } from './workspace-data';

/** An agent document as the dashboard holds it (never with secret fields once saved): the saveAgent contract's. */
export type AgentDoc = agentsApi.AgentDocument;

/** What a user sees for an agent they may not open (someone else's, or none). */
export const AGENT_NOT_FOUND = ACCESS_MESSAGES.widgetDoesNotExist;

/** The agent's owner, or a member of the owner's workspace, may open it. */
export function mayOpenAgent(agent: Pick<AgentDoc, 'ID' | 'ownerID'>, ws: Pick<CurrentWorkspace, 'user' | 'workspaces'>): boolean {
  return canOpenAgent({
    agentId: agent.ID,
    agentOwnerID: typeof agent.ownerID === 'string' ? agent.ownerID : '',
    uid: ws.user.uid,
    memberOfWorkspaces: ws.workspaces.map((w) => w.uid),
  });
}

export const agentKeys = {
  one: (region: Region, agentId: string) => ['agent', region, agentId] as const,
  /** Which secrets the agent has (agentSecretStatus). */
  secrets: (region: Region, agentId: string) => ['agent-secrets', region, agentId] as const,
};

/** Newest first by lastModified (seconds or milliseconds); never-saved agents last. */
export function sortByLastModified(agents: AgentDoc[]): AgentDoc[] {
  const seconds = (v: number | undefined) => (v === undefined ? 0 : v > 1e11 ? v / 1000 : v);
  return [...agents].sort((a, b) => seconds(b.lastModified) - seconds(a.lastModified));
}

/**
 * The workspace's agents, newest first (sorted here so no composite index is needed). The rules judge a
 * list query by its constraints: `ownerID ==` the workspace is what lets its members list agents.
 */
export function agentsQuery(db: Firestore, ownerID: string) {
  return query(collection(db, 'voiceglow'), where('ownerID', '==', ownerID));
}

const toAgents = (rows: LiveRow[]) => sortByLastModified(rows as AgentDoc[]);

/** The current workspace's agents, kept up to date (a new or renamed agent shows in every open tab). */
export function useWorkspaceAgents() {
  const db = useFirestore();
  const { workspace } = useCurrentWorkspace();
  const agents = useMemo(() => agentsQuery(db, workspace.uid), [db, workspace.uid]);
  return useLiveCollection(agents, toAgents);
}

/** One agent, looked up in its region (shared by the agent route and the route preloader). */
export function agentQuery(region: Region, agentId: string) {
  return queryOptions({ queryKey: agentKeys.one(region, agentId), queryFn: () => lookupAgent(region, agentId), staleTime: 60_000 });
}

export type AgentLookup = { kind: 'found'; agent: AgentDoc } | { kind: 'other-region'; region: Region } | { kind: 'missing' };

/** Finds an agent in its region; an agent that lives in the other region asks for a redirect. */
export async function lookupAgent(region: Region, agentId: string): Promise<AgentLookup> {
  let denied: unknown = null;
  try {
    const snap = await getDoc(doc(db(region), 'voiceglow', agentId));
    if (snap.exists()) return { kind: 'found', agent: { ...snap.data(), ID: snap.id } as AgentDoc };
  } catch (error) {
    // The rules answer permission-denied both for someone else's agent and for one that is not here.
    if (!isPermissionDenied(error)) throw error;
    denied = error;
  }
  const other = otherRegion(region);
  try {
    const elsewhere = await getDoc(doc(db(other), 'voiceglow', agentId));
    if (elsewhere.exists()) return { kind: 'other-region', region: other };
  } catch {
    // Not readable in the other region either.
  }
  if (denied) throw denied;
  return { kind: 'missing' };
}
