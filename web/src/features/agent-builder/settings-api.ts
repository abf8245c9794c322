// Reads for the Settings form: languages (GET /api/translate) and which secrets the agent has (owner-only doc).
import { doc, getDoc } from 'firebase/firestore/lite';
import { apiFetch } from '../../lib/api';
import { db } from '../../lib/firestore';
import type { Region } from '../../lib/region';

export interface Language {
  language: string;
  name: string;
}

export async function fetchLanguages(): Promise<Language[]> {
  const reply = await apiFetch<{ success: boolean; languages: Language[] }>('/api/translate');
  return reply.languages ?? [];
}

/** Which secrets are set (values are never shown), or null when the private doc cannot be read. */
export async function fetchSecretFlags(region: Region, agentId: string): Promise<{ hasDialogueKey: boolean; agentSecret: string | null } | null> {
  try {
    const snap = await getDoc(doc(db(region), 'voiceglow', agentId, 'private', 'secrets'));
    const data = snap.data() ?? {};
    return { hasDialogueKey: typeof data.VF_DIALOGUE_API_KEY === 'string' && data.VF_DIALOGUE_API_KEY !== '', agentSecret: typeof data.SECRET_API_KEY === 'string' ? data.SECRET_API_KEY : null };
  } catch {
    return null;
  }
}
