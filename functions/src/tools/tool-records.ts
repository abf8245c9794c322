// tools/{toolId} and its secret: reading a workspace's tools, one tool of a workspace (a tool id never vouches for
// another workspace's tool: 404 as if it did not exist), and the agents that use them.
import { paths, storedToolSchema, toolsApi, toolSecretsSchema, type StoredTool } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '../adapters/input-errors';
import { parseStored } from '../adapters/stored-data';

export async function workspaceTools(db: Firestore, workspaceId: string): Promise<StoredTool[]> {
  const snap = await db.collection(paths.tools()).where('userId', '==', workspaceId).get();
  return snap.docs.map((doc) => parseStored(storedToolSchema, doc)).sort((a, b) => a.name.localeCompare(b.name));
}

/** The workspace's tool, or 404 "This tool does not exist." (also for another workspace's tool). */
export async function workspaceTool(db: Firestore, workspaceId: string, toolId: string): Promise<StoredTool> {
  const snap = await db.doc(paths.tool(toolId)).get();
  if (!snap.exists || snap.get('userId') !== workspaceId) throw new HttpError(404, toolsApi.TOOL_INPUT_MESSAGES.notFound);
  return parseStored(storedToolSchema, snap);
}

/** The tool's server URL secret (functions only: tools/{toolId}/private/secrets). */
export async function toolSecret(db: Firestore, toolId: string): Promise<string | undefined> {
  const snap = await db.doc(paths.toolSecrets(toolId)).get();
  return snap.exists ? parseStored(toolSecretsSchema, snap).serverUrlSecret : undefined;
}

export interface AgentSummary {
  agentId: string;
  title: string;
  assignedToolsIds: string[];
}

/** The workspace's agents in the region with the tools assigned to them. */
export async function workspaceAgents(db: Firestore, workspaceId: string): Promise<AgentSummary[]> {
  const snap = await db.collection(paths.agents()).where('ownerID', '==', workspaceId).select('title', 'assignedToolsIds').get();
  return snap.docs.map((doc) => {
    const ids: unknown = doc.get('assignedToolsIds');
    const title: unknown = doc.get('title');
    return {
      agentId: doc.id,
      title: typeof title === 'string' ? title : '',
      assignedToolsIds: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [],
    };
  });
}

/** A tool as the dashboard sees it: its document and the agents that use it. */
export function toolView(tool: StoredTool, agents: readonly AgentSummary[]): toolsApi.ToolView {
  return { ...tool, agents: agents.filter((a) => a.assignedToolsIds.includes(tool.id)).map(({ agentId, title }) => ({ agentId, title })) };
}
