// App route builders and parsers (agency-shell-auth.md §2.1, agents-widget-channels.md §2, billing §2).
import { AGENT_TAB_KEYS, CUSTOM_TAB_ROUTE_PREFIX, DEFAULT_AGENT_SECTION } from '../constants/navigation';
import { otherRegion, type Region } from '../region';
import { firstClientPage } from './agentTabs';

export const routes = {
  agents: (region: Region) => `/app/${region}/agents`,
  agent: (region: Region, agentId: string, section: string = DEFAULT_AGENT_SECTION) => `/app/${region}/agents/${agentId}/${section}`,
  voicePhoneNumbers: (region: Region, agentId: string) => `/app/${region}/agents/${agentId}/voice?tab=phoneNumbers`,
  agentChannels: (region: Region, agentId: string) => `/app/${region}/agents/${agentId}/channels`,
  agentVoiceChannel: (region: Region, agentId: string) => `/app/${region}/agents/${agentId}/channels/voice`,
  /** On an agency's verified custom domain or subdomain the short form is used. */
  prototype: (region: Region, agentId: string, onVerifiedAgencyDomain = false) =>
    onVerifiedAgencyDomain ? `/${region}/prototype/${agentId}` : `/app/${region}/prototype?vg_id=${encodeURIComponent(agentId)}`,
  demo: (region: Region, agentId: string) => `/app/${region}/demo/${agentId}/page1`,
  customTab: (region: Region, tabHref: string) => `/app/${region}${CUSTOM_TAB_ROUTE_PREFIX}${tabHref}`,
  integrations: (region: Region) => `/app/${region}/integrations`,
  agency: (region: Region) => `/app/${region}/agency`,
  clients: (region: Region) => `/app/${region}/clients`,
  credentials: (region: Region) => `/app/${region}/credentials`,
  billing: (region: Region) => `/app/${region}/account/billing`,
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
  if (current && known && allowed) return `/app/${input.region}/agents/${input.agentId}/${current}`;
  const clientFirst = input.canAccess ? firstClientPage(input.canAccess) : null;
  return routes.agent(input.region, input.agentId, clientFirst ?? DEFAULT_AGENT_SECTION);
}

/** Share pages hide navigation. */
export const isSharePath = (pathname: string): boolean => pathname.includes('/share');
