// The New Agent drawer's template catalogue: the single source is @parley/core; the server converts.
import { AGENT_TEMPLATE_TABS, AGENT_TEMPLATES, DEFAULT_AGENT_TEMPLATE_KEY, routes, type AgentTemplate, type Region } from '@parley/core';

export { AGENT_TEMPLATES, type AgentTemplate };
export const TEMPLATE_TABS = AGENT_TEMPLATE_TABS;
export const DEFAULT_TEMPLATE_KEY = DEFAULT_AGENT_TEMPLATE_KEY;
/** The template that starts from nothing: creating with it is creating an agent without a template. */
export const BLANK_TEMPLATE_KEY: AgentTemplate['key'] = 'blank-template';

export function templatesInTab(tab: string): AgentTemplate[] {
  return tab === 'All Templates' ? AGENT_TEMPLATES : AGENT_TEMPLATES.filter((t) => t.category === tab);
}

/** Where a new agent opens: the Prompt page when nodes are on, else the Widget page, with the test debugger. */
export function newAgentPath(region: Region, agent: { ID: string; enableNodes?: boolean }): string {
  return `${routes.agent(region, agent.ID, agent.enableNodes ? 'nodes' : 'overview')}?showDebugger=true`;
}
