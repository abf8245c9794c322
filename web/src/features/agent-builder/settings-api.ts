// Reads for the Settings form: languages (GET /api/translate) and which secrets the agent has (agentSecretStatus).
import { apiFetch } from '../../lib/api';
import { callFunction } from '../../lib/functions';
import type { Region } from '../../lib/region';

export interface Language {
  language: string;
  name: string;
}

export async function fetchLanguages(): Promise<Language[]> {
  const reply = await apiFetch<{ success: boolean; languages: Language[] }>('/api/translate');
  return reply.languages ?? [];
}

/** Which secrets are set (the dialogue key's value is never shown), or null when unavailable. */
export async function fetchSecretFlags(region: Region, agentId: string): Promise<{ hasDialogueKey: boolean; agentSecret: string | null } | null> {
  try {
    return await callFunction<{ region: Region; agentId: string }, { hasDialogueKey: boolean; agentSecret: string | null }>('agentSecretStatus', { region, agentId });
  } catch {
    return null;
  }
}
