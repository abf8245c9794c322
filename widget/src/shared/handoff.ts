// The public agent the loader already fetched, handed to the chat in the iframe URL's fragment, so the
// chat paints at once instead of waiting for a postMessage round trip (or a second fetch). The fragment
// never reaches a server. Agents too large for a comfortable URL (big custom CSS) still go by postMessage.
import type { WidgetAgent } from '../chat/api';

/** Fragment key holding the agent JSON. */
export const AGENT_PARAM = 'a';
/** Above this many encoded characters the agent is posted instead (URLs stay well under browser limits). */
export const MAX_AGENT_PARAM = 32_000;

/** The agent as a fragment value, or null when it is too large to carry in the URL. */
export function encodeAgentParam(agent: WidgetAgent): string | null {
  const json = JSON.stringify(agent);
  return encodeURIComponent(json).length <= MAX_AGENT_PARAM ? json : null;
}

/** The handed agent when it is present, parses, and is the agent the URL names; else null (the chat asks for it). */
export function agentFromParams(params: URLSearchParams, agentId: string): WidgetAgent | null {
  const raw = params.get(AGENT_PARAM);
  if (!raw || !agentId) return null;
  try {
    const agent = JSON.parse(raw) as unknown;
    if (!agent || typeof agent !== 'object' || Array.isArray(agent)) return null;
    return (agent as { ID?: unknown }).ID === agentId ? (agent as WidgetAgent) : null;
  } catch {
    return null;
  }
}
