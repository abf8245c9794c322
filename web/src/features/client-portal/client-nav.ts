// What an agency client may open: which agents, which tabs of an agent (in their order), the page they land on,
// and where any other URL sends them. Pure rules on top of @parley/core's tab visibility, so the shell, the
// login and the tests agree.
import {
  ACCESS_MESSAGES, AGENT_TABS, clientLockout, COMPANY_NAME_TRUNCATE, routes, visibleAgentTabs, type AgentTabKey, type Region,
} from '@parley/core';

export interface ClientNavClient {
  canAccess: readonly string[];
  clientTabOrder?: readonly string[] | undefined;
  widgetIDs: readonly string[];
}

export interface ClientNavAgent {
  ID: string;
  agentPlatform?: string | undefined;
  enableNodes?: boolean | undefined;
}

const TAB_KEYS = AGENT_TABS.map((t) => t.key) as readonly string[];
const stripSlash = (p: string) => p.replace(/^\//, '');

/**
 * The tabs a client sees on an agent: allowed by canAccess, shown for the agent's platform, not hidden by the
 * user; ordered by clientTabOrder (paths or keys), the remaining ones in the default tab order.
 */
export function clientTabs(
  client: ClientNavClient,
  agent: ClientNavAgent,
  prefs: { hiddenTabs?: readonly string[]; visibleTabs?: readonly string[] } = {},
): AgentTabKey[] {
  const visible = visibleAgentTabs({
    platform: agent.agentPlatform ?? 'vg',
    enableNodes: !!agent.enableNodes,
    isStaff: false,
    canAccess: client.canAccess,
    hiddenTabs: prefs.hiddenTabs ?? [],
    visibleTabs: prefs.visibleTabs ?? [],
  }).map((t) => t.key);
  const order = (client.clientTabOrder ?? []).map(stripSlash).filter((k) => TAB_KEYS.includes(k));
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i >= 0 ? i : order.length + TAB_KEYS.indexOf(key);
  };
  return [...visible].sort((a, b) => rank(a) - rank(b));
}

/** The agents the client was given, in widgetIDs order, among those that could be read. */
export function clientAgents<A extends ClientNavAgent>(client: Pick<ClientNavClient, 'widgetIDs'>, readable: readonly A[]): A[] {
  const byId = new Map(readable.map((a) => [a.ID, a]));
  return client.widgetIDs.flatMap((id) => {
    const agent = byId.get(id);
    return agent ? [agent] : [];
  });
}

/** The first allowed page of the client's first agent (or of `agentId`), or null when nothing is allowed. */
export function clientLandingPath(input: {
  region: Region;
  client: ClientNavClient;
  agents: readonly ClientNavAgent[];
  agentId?: string | undefined;
  prefs?: { hiddenTabs?: readonly string[]; visibleTabs?: readonly string[] };
}): string | null {
  const mine = clientAgents(input.client, input.agents);
  const agent = (input.agentId ? mine.find((a) => a.ID === input.agentId) : undefined) ?? mine[0];
  if (!agent) return null;
  const first = clientTabs(input.client, agent, input.prefs)[0];
  return first ? routes.agent(input.region, agent.ID, first) : null;
}

export type SectionDecision = { kind: 'show' } | { kind: 'not-found' } | { kind: 'redirect'; to: string };

/**
 * A client on /app/{region}/agents/{agentId}/{section}: an agent not in widgetIDs is a 404; a section the client
 * may not see (or an unknown one) goes to the agent's first allowed page; an agent with no allowed page goes to
 * the client's landing page.
 */
export function sectionDecision(input: {
  region: Region;
  client: ClientNavClient;
  agents: readonly ClientNavAgent[];
  agentId: string;
  section: string;
  prefs?: { hiddenTabs?: readonly string[]; visibleTabs?: readonly string[] };
}): SectionDecision {
  if (!input.client.widgetIDs.includes(input.agentId)) return { kind: 'not-found' };
  const agent = input.agents.find((a) => a.ID === input.agentId);
  if (!agent) return { kind: 'not-found' };
  const tabs = clientTabs(input.client, agent, input.prefs);
  if ((tabs as string[]).includes(input.section)) return { kind: 'show' };
  const to = tabs[0] ? routes.agent(input.region, agent.ID, tabs[0]) : clientLandingPath(input);
  return to ? { kind: 'redirect', to } : { kind: 'not-found' };
}

/** Agent (company) names in the agent switcher are cut to 30 characters. */
export function shortAgentName(name: string | undefined, max: number = COMPANY_NAME_TRUNCATE): string {
  const text = (name ?? '').trim() || 'Untitled agent';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Switching agent keeps the current tab when the client may see it there, else the agent's first allowed tab. */
export function clientAgentSwitchPath(input: {
  region: Region;
  client: ClientNavClient;
  agent: ClientNavAgent;
  currentSection: string | undefined;
  prefs?: { hiddenTabs?: readonly string[]; visibleTabs?: readonly string[] };
}): string | null {
  const tabs = clientTabs(input.client, input.agent, input.prefs);
  const section = input.currentSection && (tabs as string[]).includes(input.currentSection) ? input.currentSection : tabs[0];
  return section ? routes.agent(input.region, input.agent.ID, section) : null;
}

/**
 * The fixed Log Out modal: the org switched client access off (its own message, else the default), the org has no
 * agents, or the client has none it may open. null = the dashboard opens. The agency owner (admin) is never locked out.
 */
export function portalLockout(input: {
  isAdmin: boolean;
  org: { widgetIDs: readonly string[]; settings: { disableClientAccess?: boolean; disableClientAccessMessage?: string } } | null;
  clientWidgetIDs: readonly string[];
  readableAgents: number;
}): { reason: 'disabled' | 'no-agents'; message: string } | null {
  if (input.isAdmin) return null;
  const disabled = clientLockout({
    disableClientAccess: input.org?.settings.disableClientAccess,
    disableClientAccessMessage: input.org?.settings.disableClientAccessMessage,
    agentCount: 1,
  });
  if (disabled) return disabled;
  if (!input.org || input.org.widgetIDs.length === 0) return { reason: 'no-agents', message: ACCESS_MESSAGES.orgHasNoAgents };
  if (input.clientWidgetIDs.length === 0 || input.readableAgents === 0) return { reason: 'no-agents', message: ACCESS_MESSAGES.accountHasNoAgents };
  return null;
}
