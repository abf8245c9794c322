// The New Agent drawer's template catalogue. agent-templates.json is a byte-identical copy of
// functions/src/agents/agent-templates.json (a functions test keeps them equal); the server converts.
import { AGENT_TEMPLATE_TABS, DEFAULT_AGENT_TEMPLATE_KEY } from '@parley/core';
import catalogue from './agent-templates.json';

export type TemplateCategory = 'Customer Support' | 'Utility' | 'Entertainment';

export interface AgentTemplate {
  key: string;
  name: string;
  description: string;
  icon: string;
  category: TemplateCategory;
  template: Record<string, unknown>;
}

export const AGENT_TEMPLATES = catalogue as AgentTemplate[];
export const TEMPLATE_TABS = AGENT_TEMPLATE_TABS;
export const DEFAULT_TEMPLATE_KEY = DEFAULT_AGENT_TEMPLATE_KEY;

export function templatesInTab(tab: string): AgentTemplate[] {
  return tab === 'All Templates' ? AGENT_TEMPLATES : AGENT_TEMPLATES.filter((t) => t.category === tab);
}

/** Where a new agent opens: the Prompt page when nodes are on, else the Widget page, with the test debugger. */
export function newAgentPath(region: string, agent: { ID: string; enableNodes?: boolean }): string {
  return `/app/${region}/agents/${agent.ID}/${agent.enableNodes ? 'nodes' : 'overview'}?showDebugger=true`;
}
