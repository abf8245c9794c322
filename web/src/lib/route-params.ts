import { useMatch } from 'react-router-dom';

/** The agent id in /app/{region}/agents/{agentId}/..., readable from any component (even above the agent route). */
export function useAgentIdFromPath(): string | undefined {
  const match = useMatch('/app/:region/agents/:agentId/*');
  return match?.params.agentId;
}
