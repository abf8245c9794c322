// Save from the Widget Settings page: POST /v2/agents/{id} with the workspace secret.
import { ApiError, apiFetch } from '../../lib/api';
import type { AgentDoc } from '../../lib/agents-data';

export const saveFailedMessage = (error: unknown) =>
  `Failed to save agent, ${error instanceof ApiError || error instanceof Error ? error.message : 'unknown error'}`;

export async function saveAgentDoc(agent: AgentDoc, bearer: string | null, region: string): Promise<AgentDoc> {
  const body = { ...agent, lastModified: Math.floor(Date.now() / 1000) };
  const reply = await apiFetch<{ data?: AgentDoc }>(`/v2/agents/${encodeURIComponent(agent.ID)}?region=${region}`, { bearer, body });
  return { ...body, ...(reply?.data ?? {}), ID: agent.ID };
}
