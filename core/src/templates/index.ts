// The New Agent drawer's template catalogue (agent-templates.json) and its schema: the single source for the
// functions (convertAgentTemplateToAgent) and the web's New Agent drawer.
import { z } from 'zod';
import { AGENT_TEMPLATE_TABS } from '../constants/agent';
import { flowNodesSchema } from '../flows/schema';
import { agentSchema } from '../schemas/agent';
import catalogue from './agent-templates.json';

/** The drawer's tabs without 'All Templates'. */
export const TEMPLATE_CATEGORIES = /* @__PURE__ */ AGENT_TEMPLATE_TABS.filter((t) => t !== 'All Templates') as [
  'Customer Support', 'Utility', 'Entertainment',
];

/**
 * What a template may preset. Identity, ownership and secrets are never taken from a template:
 * the conversion sets them. Its nodes fit the flow's node model.
 */
export const templateConfigSchema = /* @__PURE__ */ agentSchema
  .omit({ ID: true, ownerID: true, SECRET_API_KEY: true, VF_DIALOGUE_API_KEY: true, lastModified: true })
  .partial()
  .extend({ nodes: /* @__PURE__ */ flowNodesSchema.optional() });

export const agentTemplateSchema = /* @__PURE__ */ z.object({
  key: z.string().min(1).max(80),
  name: z.string().min(1).max(120),
  description: z.string().max(1000).default(''),
  icon: z.string().max(200).default(''),
  category: z.enum(TEMPLATE_CATEGORIES).optional(),
  template: z.record(z.string(), z.unknown()).default({}),
});
export type AgentTemplate = z.infer<typeof agentTemplateSchema>;

// A typed view of the JSON, not a parse at import: module-level parsing would drag zod and the agent schema
// into every web chunk that imports @parley/core. templates.test.ts proves the catalogue fits the schema.
export const AGENT_TEMPLATES = catalogue as AgentTemplate[];

export function findTemplate(key: string): AgentTemplate | undefined {
  return AGENT_TEMPLATES.find((t) => t.key === key);
}
