// The agent as a public visitor may see it: secrets (core's list) and everything only the runtime
// needs (prompts, node graphs, tool definitions with their server secrets, channel wiring) are removed.
import { redactAgent } from '@parley/core';

export const RUNTIME_ONLY_FIELDS = [
  'vg_systemPrompt', 'vg_initPrompt', 'systemPrompt', 'prompt', 'nodes', 'tools', 'assignedToolsIds', 'internal',
  'gcloudClientEmail', 'whatsappBusniessId', 'whatsappNumberId', 'waTestNumber', 'webhookUrl', 'flowiseWebhookUrl',
  'vapi', 'vapiConfig',
] as const;

export function publicAgent(data: Record<string, unknown>, agentId: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...redactAgent(data), ID: agentId };
  for (const key of RUNTIME_ONLY_FIELDS) delete out[key];
  return out;
}
