// Saving an agent: the one operation behind the settings pages' Save and the top bar's Publish
// (POST /v2/agents/{id}, which also records the Version History entry).
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { AGENT_SECRET_FIELDS, agentFlowProblems, agentsApi, FLOW_REFUSED_TITLE, redactAgent, TOAST_MS, type Agent, type Region } from '@parley/core';
import { useState } from 'react';
import { getAgentDraft, markAgentSaved } from './agent-draft';
import { agentKeys, type AgentDoc } from './agents-data';
import { callApi } from './api';
import { useCurrentWorkspace, workspaceBearer } from './workspace-context';

export const SAVE_AGENT_FAILED = 'Failed to save agent';
/** A notice whose lines stay lines (a refused flow lists one problem per line). */
const MULTILINE = { description: { whiteSpace: 'pre-line' } } as const;

/** The top bar's Publish: "Failed to save agent: {the server's reason}", or just "Failed to save agent" without one. */
export function saveAgentErrorMessage(error: unknown): string {
  const detail = error instanceof Error ? error.message : '';
  return detail ? `${SAVE_AGENT_FAILED}: ${detail}` : SAVE_AGENT_FAILED;
}

/** The agent page's own form (its Save): "Failed to save agent, {the server's reason}". */
export function saveAgentFormErrorMessage(error: unknown): string {
  const detail = error instanceof Error ? error.message : '';
  return detail ? `${SAVE_AGENT_FAILED}, ${detail}` : SAVE_AGENT_FAILED;
}

/**
 * What is sent: the whole draft with lastModified (Unix seconds). A secret field goes only when a new value
 * was typed (the server moves it to the agent's private document); an empty one is left out, since sending
 * it would wipe the stored key the field's placeholder says is kept.
 */
export function agentSaveBody(draft: AgentDoc, nowSeconds = Math.floor(Date.now() / 1000)): agentsApi.AgentPatch {
  const body: Record<string, unknown> = { ...draft, lastModified: nowSeconds };
  for (const key of AGENT_SECRET_FIELDS) {
    if (typeof body[key] !== 'string' || body[key] === '') delete body[key];
  }
  return body as agentsApi.AgentPatch;
}

/** Saves the draft; answers the saved agent as the dashboard keeps it: the server's copy, never a secret. */
export async function saveAgent(draft: AgentDoc, opts: { region: Region; bearer: string }): Promise<AgentDoc> {
  const body = agentSaveBody(draft);
  const { data } = await callApi(agentsApi.saveAgent, { params: { agentId: draft.ID }, query: { region: opts.region }, body, bearer: opts.bearer });
  return redactAgent({ ...body, ...data, ID: draft.ID } as Partial<Agent>) as AgentDoc;
}

/**
 * Saves the agent's current draft as the signed-in user (workspace secret, else ID token): the draft becomes
 * the saved copy (without secrets) and the agent's cached reads refresh. A failure is shown in the caller's words
 * (by default "Failed to save agent: {reason}"); `save` then answers null.
 */
export function useSaveAgent(
  agentId: string,
  failureText: (error: unknown) => string = saveAgentErrorMessage,
): { save(): Promise<AgentDoc | null>; saving: boolean } {
  const current = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function save(): Promise<AgentDoc | null> {
    const entry = getAgentDraft(agentId);
    if (!entry) return null;
    // A flow that fails the publish checks is not sent: each problem is named (the server refuses it the same way).
    const problems = agentFlowProblems(entry.draft);
    if (problems.length > 0) {
      notifications.show({ color: 'red', title: FLOW_REFUSED_TITLE, message: problems.join('\n'), styles: MULTILINE, autoClose: TOAST_MS.long });
      return null;
    }
    setSaving(true);
    try {
      const saved = await saveAgent(entry.draft, { region: current.region, bearer: await workspaceBearer(current) });
      markAgentSaved(agentId, saved);
      void queryClient.invalidateQueries({ queryKey: agentKeys.one(current.region, agentId) });
      void queryClient.invalidateQueries({ queryKey: agentKeys.secrets(current.region, agentId) });
      return saved;
    } catch (error) {
      notifications.show({ color: 'red', message: failureText(error), styles: MULTILINE, autoClose: TOAST_MS.long });
      return null;
    } finally {
      setSaving(false);
    }
  }

  return { save, saving };
}
