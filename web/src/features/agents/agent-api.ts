// Agent calls used by the top bar: publish (POST /v2/agents/{id}, which also records the Version History entry),
// the backups list and template export (callable).
import { collection, getDocs, limit, orderBy, query } from 'firebase/firestore/lite';
import { VERSION_HISTORY_MAX } from '@parley/core';
import { ApiError, apiFetch } from '../../lib/api';
import type { AgentDoc } from '../../lib/agents-data';
import { db } from '../../lib/firestore';
import { callFunction } from '../../lib/functions';
import type { Region } from '../../lib/region';

export function publishErrorMessage(error: unknown): string {
  const detail = error instanceof ApiError || error instanceof Error ? error.message : '';
  return detail ? `Failed to save agent: ${detail}` : 'Failed to save agent';
}

export async function publishAgent(agent: AgentDoc, bearer: string, region: Region): Promise<AgentDoc> {
  const body = { ...agent, lastModified: Math.floor(Date.now() / 1000) };
  await apiFetch(`/v2/agents/${encodeURIComponent(agent.ID)}?region=${region}`, { bearer, body });
  return body;
}

export function exportAgentTemplate(agentId: string, region: Region) {
  return callFunction<{ agentId: string; region: Region }, { agentTemplate: unknown }>('exportAgentToJson', { agentId, region });
}

export interface AgentBackup {
  id: string;
  /** Milliseconds since epoch. */
  ts: number;
  agent: AgentDoc;
}

/** The last 20 backups, newest first (voiceglow/{id}/backups). */
export async function listBackups(agentId: string, region: Region): Promise<AgentBackup[]> {
  const snap = await getDocs(query(collection(db(region), 'voiceglow', agentId, 'backups'), orderBy('ts', 'desc'), limit(VERSION_HISTORY_MAX)));
  return snap.docs.map((d) => {
    const data = d.data();
    const ts = typeof data.ts === 'number' ? (data.ts > 1e12 ? data.ts : data.ts * 1000) : 0;
    return { id: d.id, ts, agent: (data.agent ?? {}) as AgentDoc };
  });
}
