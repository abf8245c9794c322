// The workspace's tools a flow's step may use, for the Canvas inspector: what listAgentTools answers for the agent
// (a member sees every tool of the agent's workspace; an agency client only those assigned to it).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { listAgentTools, toolKeys } from './tools-api';

export interface AgentToolChoice {
  id: string;
  name: string;
}

export function useAgentToolChoices(agentId: string): readonly AgentToolChoice[] {
  const { region } = useCurrentWorkspace();
  const data = useQuery({ queryKey: toolKeys.agent(region, agentId), queryFn: () => listAgentTools(region, agentId), enabled: agentId !== '' });
  return useMemo(() => (data.data?.tools ?? []).map((tool) => ({ id: tool.id, name: tool.name })), [data.data]);
}
