// App route builders and parsers: every path of the signed-in app (/app/{region}/…), the agent page's
// sections, and the rules for moving between regions and agents.
import { AGENT_TAB_KEYS, CUSTOM_TAB_ROUTE_PREFIX, DEFAULT_AGENT_SECTION } from '../constants/navigation';
import { otherRegion, type Region } from '../region';
import { firstClientPage } from './agentTabs';

/** A page inside the signed-in shell: /app/{region}/{path} (`path` relative, e.g. 'account/billing'). */
export const appPage = (region: Region, path = ''): string => `/app/${region}${path ? `/${path.replace(/^\//, '')}` : ''}`;

/** Every link into the app: the SPA builds its links and redirects with these, never by hand. */
export const routes = {
  /** The region's root: it opens the region's first page (for a client, the first page they may see). */
  home: (region: Region) => appPage(region),
  agents: (region: Region) => appPage(region, 'agents'),
  /** Where a user lands after opening an agent that is not theirs (the agents list). */
  widgets: (region: Region) => appPage(region, 'widgets'),
  /** The agent page itself, without a section (its sections are below it). */
  agentBase: (region: Region, agentId: string) => appPage(region, `agents/${agentId}`),
  agent: (region: Region, agentId: string, section: string = DEFAULT_AGENT_SECTION) => `${routes.agentBase(region, agentId)}/${section}`,
  voicePhoneNumbers: (region: Region, agentId: string) => `${routes.agent(region, agentId, 'voice')}?tab=phoneNumbers`,
  /** The Channels section, optionally opened on one channel (?channel=telegram). */
  agentChannels: (region: Region, agentId: string, channel?: string) =>
    `${routes.agent(region, agentId, 'channels')}${channel ? `?channel=${encodeURIComponent(channel)}` : ''}`,
  agentVoiceChannel: (region: Region, agentId: string) => routes.agent(region, agentId, 'channels/voice'),
  /** The prototype page (with an agent: ?vg_id=); on an agency's verified custom domain or subdomain the short form. */
  prototype: (region: Region, agentId?: string, onVerifiedAgencyDomain = false) => {
    if (!agentId) return appPage(region, 'prototype');
    return onVerifiedAgencyDomain ? `/${region}/prototype/${agentId}` : `${appPage(region, 'prototype')}?vg_id=${encodeURIComponent(agentId)}`;
  },
  demo: (region: Region, agentId: string) => appPage(region, `demo/${agentId}/page1`),
  customTab: (region: Region, tabHref: string) => `${appPage(region)}${CUSTOM_TAB_ROUTE_PREFIX}${tabHref}`,
  integrations: (region: Region) => appPage(region, 'integrations'),
  /** Channel lists across agents: connected Meta pages and WhatsApp numbers. */
  metaPages: (region: Region) => appPage(region, 'meta-pages'),
  whatsappNumbers: (region: Region) => appPage(region, 'whatsapp-numbers'),
  /** The workspace's phone numbers (bought or imported), which voice agents answer on. */
  phoneNumbers: (region: Region) => appPage(region, 'twilio-numbers'),
  agency: (region: Region) => appPage(region, 'agency'),
  clients: (region: Region) => appPage(region, 'clients'),
  credentials: (region: Region) => appPage(region, 'credentials'),
  billing: (region: Region) => appPage(region, 'account/billing'),
  /** Workspace settings (members, name, delete). */
  workspace: (region: Region) => appPage(region, 'workspace'),
  onboarding: (region?: Region) => (region ? `/onboarding?region=${region}` : '/onboarding'),
} as const;

const AGENT_PATH = /^\/app\/(eu|na)\/agents\/([^/?#]+)(?:\/([^?#]*))?/;

/** Region, agent id and the sub-path after it (e.g. "settings" or "channels/voice"), or null. */
export function parseAgentPath(pathname: string): { region: Region; agentId: string; subpath: string } | null {
  const m = AGENT_PATH.exec(pathname);
  if (!m) return null;
  return { region: m[1] as Region, agentId: m[2]!, subpath: (m[3] ?? '').replace(/\/+$/, '') };
}

/** The same path under the other region (agent opened in the wrong region). */
export function pathInOtherRegion(pathname: string): string {
  return pathname.replace(/^\/app\/(eu|na)(?=\/|$)/, (_all, r: Region) => `/app/${otherRegion(r)}`);
}

/**
 * Switching agent keeps the current sub-path; otherwise the client's first allowed page; otherwise overview.
 * A client keeps the sub-path only when its first segment is in canAccess.
 */
export function agentSwitchPath(input: { region: Region; agentId: string; currentPath: string; canAccess?: readonly string[] | undefined }): string {
  const current = parseAgentPath(input.currentPath)?.subpath ?? '';
  const first = current.split('/')[0] ?? '';
  const known = (AGENT_TAB_KEYS as readonly string[]).includes(first) || first === 'c';
  const allowed = !input.canAccess || input.canAccess.includes(`/${first}`) || first === 'c';
  if (current && known && allowed) return routes.agent(input.region, input.agentId, current);
  const clientFirst = input.canAccess ? firstClientPage(input.canAccess) : null;
  return routes.agent(input.region, input.agentId, clientFirst ?? DEFAULT_AGENT_SECTION);
}

/** Share pages hide navigation. */
export const isSharePath = (pathname: string): boolean => pathname.includes('/share');
