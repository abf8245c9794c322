// The flow in the agent's draft: read as the node model (or why it cannot be), written back as the canvas edits it.
import { flowNodesSchema, starterFlow, type FlowNode } from '@parley/core';
import { useMemo } from 'react';
import { updateAgentDraft } from '../../lib/agent-draft';
import type { AgentDoc } from '../../lib/agents-data';

export type DraftFlow = { ok: true; nodes: FlowNode[] } | { ok: false; problem: string };

/** The draft's nodes as a flow; a list that does not fit the node model (older data) is reported, not guessed at. */
export function readDraftFlow(agent: Pick<AgentDoc, 'nodes'>): DraftFlow {
  const parsed = flowNodesSchema.safeParse(agent.nodes ?? []);
  if (parsed.success) return { ok: true, nodes: parsed.data };
  return { ok: false, problem: parsed.error.issues[0]?.message ?? 'The flow could not be read.' };
}

export function useDraftFlow(agent: Pick<AgentDoc, 'nodes'>): DraftFlow {
  return useMemo(() => readDraftFlow(agent), [agent.nodes]); // eslint-disable-line react-hooks/exhaustive-deps
}

export function writeDraftFlow(agentId: string, nodes: FlowNode[]): void {
  updateAgentDraft(agentId, (draft) => ({ ...draft, nodes }));
}

/**
 * Turns the flow on or off. Turning it on gives an agent without nodes the start node alone; turning it off keeps the
 * nodes (they are not run) so turning it back on finds them.
 */
export function setNodesEnabled(agentId: string, enabled: boolean): void {
  updateAgentDraft(agentId, (draft) => {
    const hasNodes = Array.isArray(draft.nodes) && draft.nodes.length > 0;
    return { ...draft, enableNodes: enabled, ...(enabled && !hasNodes ? { nodes: starterFlow() } : {}) };
  });
}
