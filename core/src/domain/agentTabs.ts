// Which agent tabs a user sees: the fixed tab order, minus what the agent's platform or settings hide, what a
// client may not open (canAccess), and what the user chose to hide.
import { AGENT_TABS, type AgentTabKey } from '../constants/navigation';

type AgentTab = (typeof AGENT_TABS)[number];

/** Tabs that only make sense for our own runtime (vg): vf agents keep their logic and knowledge elsewhere. */
const VG_ONLY_TABS: readonly AgentTabKey[] = ['nodes', 'prompt', 'kb', 'tools'];

export interface AgentTabContext {
  platform: 'vg' | 'vf' | string | undefined;
  enableNodes: boolean | undefined;
  /** A signed-in workspace user (not a client). */
  isStaff: boolean;
  /** Client canAccess paths (e.g. '/home'); undefined for staff. */
  canAccess?: readonly string[] | undefined;
  /** Tabs the user hid (agentHiddenTabs) and explicitly showed again (agentVisibleTabs). */
  hiddenTabs?: readonly string[];
  visibleTabs?: readonly string[];
}

export function visibleAgentTabs(ctx: AgentTabContext): AgentTab[] {
  const hidden = new Set(ctx.hiddenTabs ?? []);
  const shown = new Set(ctx.visibleTabs ?? []);
  return AGENT_TABS.filter((tab) => {
    if (ctx.platform === 'vf' && VG_ONLY_TABS.includes(tab.key)) return false;
    // Canvas (advanced view) exists only when nodes are enabled; Tools are configured inside nodes then.
    if (tab.key === 'prompt' && !ctx.enableNodes) return false;
    if (tab.key === 'tools' && ctx.enableNodes) return false;
    if (tab.key === 'home' && ctx.isStaff) return false;
    if (!ctx.isStaff && !(ctx.canAccess ?? []).includes(`/${tab.key}`)) return false;
    if (hidden.has(tab.key) && !shown.has(tab.key)) return false;
    return true;
  });
}

/** A client's first allowed agent page (in clientTabOrder when given, else tab order); null if none. */
export function firstClientPage(canAccess: readonly string[], clientTabOrder?: readonly string[]): AgentTabKey | null {
  const keys = AGENT_TABS.map((t) => t.key);
  const order = [...(clientTabOrder ?? []).map((p) => p.replace(/^\//, '')), ...keys];
  for (const key of order) {
    if ((keys as readonly string[]).includes(key) && canAccess.includes(`/${key}`)) return key as AgentTabKey;
  }
  return null;
}

/** The Canvas/Prompt switch shows only with nodes enabled and only start/note nodes present. */
export function canSwitchAgentView(agent: { enableNodes?: boolean | undefined; nodes?: readonly { type: string }[] | undefined }): boolean {
  if (!agent.enableNodes) return false;
  return (agent.nodes ?? []).every((n) => n.type === 'start' || n.type === 'note');
}
