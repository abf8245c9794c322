// The secrets the Credentials page lists, each in a private document no client can read: the workspace secret,
// the events signing secret and the workspace's own provider (users/{uid}/private/secrets: workspaceSecret,
// eventsSigningSecret, llmBaseUrl, llmApiKey, vapiApiKey), each agent's key (voiceglow/{agentId}/private/secrets.SECRET_API_KEY).
import { paths, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

export const PROVIDER_FIELDS = { baseUrl: 'llmBaseUrl', apiKey: 'llmApiKey' } as const;
/** The workspace's own voice provider (Vapi) private key. */
export const VOICE_KEY_FIELD = 'vapiApiKey';

export interface CredentialsDeps {
  db: (region: Region) => Firestore;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function workspaceSecrets(db: Firestore, workspaceId: string) {
  const data = (await db.doc(paths.userSecrets(workspaceId)).get()).data() ?? {};
  return {
    workspaceSecret: text(data.workspaceSecret),
    signingSecret: text(data.eventsSigningSecret),
    baseUrl: text(data[PROVIDER_FIELDS.baseUrl]),
    apiKey: text(data[PROVIDER_FIELDS.apiKey]),
    voiceKey: text(data[VOICE_KEY_FIELD]),
  };
}

/** The workspace's agents in the region: id and title. */
export async function workspaceAgentList(db: Firestore, workspaceId: string): Promise<{ agentId: string; title: string }[]> {
  const snap = await db.collection(paths.agents()).where('ownerID', '==', workspaceId).select('title').get();
  return snap.docs.map((doc) => ({ agentId: doc.id, title: text(doc.get('title')) }));
}
