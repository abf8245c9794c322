// Agent reads and calls of the top bar's action menu: the Version History list and template export. Publishing
// is the shared agent save (lib/agent-save), which also records the Version History entry.
import { collection, getDocs, limit, orderBy, query } from 'firebase/firestore/lite';
import { agentsApi, VERSION_HISTORY_MAX, type Region } from '@parley/core';
import type { AgentDoc } from '../../lib/agents-data';
import { db } from '../../lib/firestore';
import { callFunction } from '../../lib/functions';

export function exportAgentTemplate(agentId: string, region: Region) {
  return callFunction(agentsApi.exportAgentToJson, { agentId, region });
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
    return { id: d.id, ts, agent: { ...(data.agent ?? {}), ID: agentId } as AgentDoc };
  });
}
