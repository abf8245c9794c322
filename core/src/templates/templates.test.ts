import { describe, expect, it } from 'vitest';
import { agentFlowProblems } from '../flows/publish';
import { flowNodesSchema } from '../flows/schema';
import { AGENT_TEMPLATE_KEYS } from '../constants/agent';
import { z } from 'zod';
import catalogue from './agent-templates.json';
import { AGENT_TEMPLATES, agentTemplateSchema, findTemplate, templateConfigSchema, TEMPLATE_CATEGORIES } from './index';

describe('agent template catalogue', () => {
  it('fits the template schema exactly (nothing defaulted or dropped)', () => {
    expect(z.array(agentTemplateSchema).parse(catalogue)).toEqual(AGENT_TEMPLATES);
  });
  it("covers exactly the template keys the New Agent drawer offers (a typo would break the New Agent drawer)", () => {
    expect(AGENT_TEMPLATES.map((t) => t.key).sort()).toEqual([...AGENT_TEMPLATE_KEYS].sort());
  });
  it('files every template under one of the drawer tabs', () => {
    expect(TEMPLATE_CATEGORIES).toEqual(['Customer Support', 'Utility', 'Entertainment']);
    for (const t of AGENT_TEMPLATES) expect(TEMPLATE_CATEGORIES).toContain(t.category);
  });
  it("presets only fields that fit the agent schema, never identity or secrets", () => {
    for (const t of AGENT_TEMPLATES) {
      expect(templateConfigSchema.safeParse(t.template).success, t.key).toBe(true);
      for (const key of ['ID', 'ownerID', 'SECRET_API_KEY', 'VF_DIALOGUE_API_KEY']) expect(t.template, t.key).not.toHaveProperty(key);
    }
  });
  it('gives the multi-step templates (appointments, confirm e-mail) nodes and a flow that passes the publish checks', () => {
    const withNodes = AGENT_TEMPLATES.filter((t) => t.template.enableNodes === true).map((t) => t.key).sort();
    expect(withNodes).toEqual(['confirm-email', 'make-appointment']);
    for (const key of withNodes) {
      const { template } = findTemplate(key)!;
      expect(flowNodesSchema.parse(template.nodes), key).toEqual(template.nodes);
      expect(agentFlowProblems(template), key).toEqual([]);
    }
  });
  it('finds a template by key', () => {
    expect(findTemplate('blank-template')?.key).toBe('blank-template');
    expect(findTemplate('no-such-template')).toBeUndefined();
  });
});
