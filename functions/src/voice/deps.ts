// What the voice features need, handed over by the composition: the region's database, the voice provider, the
// conversation engine (read at each request: tests may swap it) and the credits every minute is paid from.
import type { Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { AppCheckVerifier } from '../adapters/app-check';
import type { VoiceProvider } from '../adapters/voice/port';
import type { RuntimeDeps } from '../conversations';
import type { CreditsPort } from '../credits';
import type { EndedCall } from '../events';
import type { WarmCache } from '../adapters/warm-cache';

export interface VoiceDeps {
  db: (region: Region) => Firestore;
  /**
   * The provider, or null when voice is not configured on this deployment; with `ownKey`, the provider acting on a
   * workspace's own account.
   */
  provider: (ownKey?: string) => VoiceProvider | null;
  /** The workspace's own voice provider key (credentials feature, kept briefly), or null: the platform's is used. */
  ownVoiceKey?: (db: Firestore, region: Region, workspaceId: string) => Promise<string | null>;
  engine: () => RuntimeDeps;
  credits: CreditsPort;
  now: () => number;
  /** Our API's public origin (the provider calls the custom LLM and the webhook there). */
  apiBase: () => string;
  /** The secret the provider sends with its webhooks. */
  webhookSecret: () => string;
  /** Verifies the widget's App Check tokens (a visitor's web call, when App Check is enforced). */
  appCheck: AppCheckVerifier;
  /** Tells the agent's workspace (its logs) that the voice provider refused or failed a request for the agent. */
  providerFailed?: (db: Firestore, agent: { ID: string; ownerID?: unknown }, message: string) => void;
  /** Tells the agent's workspace that a call ended (call.ended, and its conversation's end), once per call. Never throws. */
  callEnded?: (call: EndedCall) => Promise<void>;
  /** This instance's short-lived copies of a number's routing and an agent's settings (adapters/warm-cache.ts). */
  warm: WarmCache;
}

/** How long this instance reuses what `deps.warm` holds: as long as the engine reuses an agent's settings. */
export const warmAt = (deps: Pick<VoiceDeps, 'now' | 'engine'>) => ({ now: deps.now(), ttlMs: deps.engine().agentCacheMs });

/** The key under which `deps.warm` keeps an agent's settings (forgotten where this instance changes its assistant). */
export const warmAgentKey = (region: Region, agentId: string) => `${region}/agent/${agentId}`;
