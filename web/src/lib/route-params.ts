import { parseAgentPath } from '@parley/core';
import { useLocation } from 'react-router-dom';

/** The agent id in /app/{region}/agents/{agentId}/..., readable from any component (even above the agent route). */
export function useAgentIdFromPath(): string | undefined {
  return parseAgentPath(useLocation().pathname)?.agentId;
}
