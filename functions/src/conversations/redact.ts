// The agent as a website visitor may see it (core's conversationsApi.widgetAgentSchema): without its secrets
// (AGENT_SECRET_FIELDS) and without what only the runtime needs (AGENT_RUNTIME_ONLY_FIELDS: prompts, node graphs,
// tools with their server secrets, channel wiring).
import { conversationsApi, redactAgent } from '@parley/core';

export function publicAgent(data: Record<string, unknown>, agentId: string): conversationsApi.WidgetAgent {
  const out: Record<string, unknown> = { ...redactAgent(data), ID: agentId };
  for (const key of conversationsApi.AGENT_RUNTIME_ONLY_FIELDS) delete out[key];
  return out as conversationsApi.WidgetAgent;
}
