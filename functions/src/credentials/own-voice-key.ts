// A workspace's own voice provider (Vapi) key as the voice feature uses it: read from its private secrets document
// and kept by this instance for OWN_VOICE_KEY_CACHE_MS (a workspace without one too: most have none, and their calls
// then add no read). Saving or removing a key here takes effect at once on this instance (`forget`), within that time
// everywhere. The key is used for the provider's requests only: never answered, never logged.
import type { Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { warmCache } from '../adapters/warm-cache';
import { workspaceSecrets } from './secret-records';

export const OWN_VOICE_KEY_CACHE_MS = 10_000;
const MAX_CACHED = 5000;

export interface OwnVoiceKeys {
  /** The workspace's own key, or null (the platform's is used). */
  (db: Firestore, region: Region, workspaceId: string): Promise<string | null>;
  forget(region: Region, workspaceId: string): void;
}

export function ownVoiceKeys(cacheMs = OWN_VOICE_KEY_CACHE_MS, now: () => number = Date.now): OwnVoiceKeys {
  const cache = warmCache({ max: MAX_CACHED, keepEmpty: true });
  const keyOf = (region: Region, workspaceId: string) => `${region}/${workspaceId}`;
  const read = (db: Firestore, region: Region, workspaceId: string) =>
    cache.get(keyOf(region, workspaceId), { now: now(), ttlMs: cacheMs }, () => workspaceSecrets(db, workspaceId).then(({ voiceKey }) => voiceKey || null));
  return Object.assign(read, { forget: (region: Region, workspaceId: string) => cache.forget(keyOf(region, workspaceId)) });
}
