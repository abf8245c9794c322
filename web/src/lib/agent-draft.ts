// The local draft of each open agent. Feature pages edit the draft; the top bar's Publish saves it.
import { useSyncExternalStore } from 'react';
import type { AgentDoc } from './agents-data';

interface DraftEntry {
  saved: AgentDoc;
  draft: AgentDoc;
}

const entries = new Map<string, DraftEntry>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Seeds (or re-seeds after a save or reload) both copies from the server. */
export function loadAgentIntoDraft(agent: AgentDoc, opts: { keepDraft?: boolean } = {}): void {
  const existing = entries.get(agent.ID);
  entries.set(agent.ID, { saved: agent, draft: opts.keepDraft && existing ? existing.draft : agent });
  emit();
}

export function updateAgentDraft(agentId: string, update: (draft: AgentDoc) => AgentDoc): void {
  const entry = entries.get(agentId);
  if (!entry) return;
  entries.set(agentId, { ...entry, draft: update(entry.draft) });
  emit();
}

/** After a successful publish the draft becomes the saved copy. */
export function markAgentSaved(agentId: string, saved: AgentDoc): void {
  entries.set(agentId, { saved, draft: saved });
  emit();
}

export function getAgentDraft(agentId: string): DraftEntry | undefined {
  return entries.get(agentId);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAgentDraft(agentId: string | undefined): DraftEntry | undefined {
  return useSyncExternalStore(subscribe, () => (agentId ? entries.get(agentId) : undefined));
}
