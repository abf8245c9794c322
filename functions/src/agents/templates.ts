// The New Agent drawer's template catalogue and its schema. The data lives in agent-templates.json;
// the web keeps a byte-identical copy (web/src/features/agent-builder/agent-templates.json), checked by a test.
import { AGENT_TEMPLATE_KEYS, agentSchema } from '@parley/core';
import { z } from 'zod';
import catalogue from './agent-templates.json';

export const TEMPLATE_CATEGORIES = ['Customer Support', 'Utility', 'Entertainment'] as const;

/**
 * What a template may preset. Identity, ownership and secrets are never taken from a template:
 * the conversion sets them.
 */
export const templateConfigSchema = agentSchema
  .omit({ ID: true, ownerID: true, SECRET_API_KEY: true, VF_DIALOGUE_API_KEY: true, lastModified: true })
  .partial();

export const agentTemplateSchema = z.object({
  key: z.string().min(1).max(80),
  name: z.string().min(1).max(120),
  description: z.string().max(1000).default(''),
  icon: z.string().max(200).default(''),
  category: z.enum(TEMPLATE_CATEGORIES).optional(),
  template: z.record(z.string(), z.unknown()).default({}),
});
export type AgentTemplate = z.infer<typeof agentTemplateSchema>;

export const AGENT_TEMPLATES: AgentTemplate[] = z.array(agentTemplateSchema).parse(catalogue);

/** The catalogue must cover exactly the spec's keys; a typo here would break the drawer. */
for (const key of AGENT_TEMPLATE_KEYS) {
  if (!AGENT_TEMPLATES.some((t) => t.key === key)) throw new Error(`template ${key} missing from the catalogue`);
}

export function findTemplate(key: string): AgentTemplate | undefined {
  return AGENT_TEMPLATES.find((t) => t.key === key);
}
