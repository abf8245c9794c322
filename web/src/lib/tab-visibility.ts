// Which agent tabs show (by platform, nodes and the user's hidden tabs): the rule is @parley/core's;
// this module adds the browser storage of the user's choices and the layout choice.
import { STORAGE_KEYS, visibleAgentTabs as coreVisibleTabs, type AgentTabKey } from '@parley/core';

export interface TabVisibilityInput {
  platform: 'vg' | 'vf' | string | undefined;
  enableNodes: boolean;
  /** A signed-in workspace user (not an agency client). */
  isStaff: boolean;
  /** Tabs the user hid, and tabs they explicitly brought back (shown wins over hidden). */
  hiddenTabs?: readonly string[];
  visibleTabs?: readonly string[];
  /** For clients: allowed paths such as '/home'. */
  canAccess?: readonly string[];
}

export function visibleAgentTabs(input: TabVisibilityInput): AgentTabKey[] {
  return coreVisibleTabs(input).map((t) => t.key);
}

/** Tabs the user may hide or show again (after the platform/staff/nodes rules). */
export function customisableTabs(input: Omit<TabVisibilityInput, 'hiddenTabs' | 'visibleTabs'>): AgentTabKey[] {
  return visibleAgentTabs({ ...input, hiddenTabs: [], visibleTabs: [] });
}

function readList(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function readTabPreferences(): { hiddenTabs: string[]; visibleTabs: string[] } {
  return { hiddenTabs: readList(STORAGE_KEYS.agentHiddenTabs), visibleTabs: readList(STORAGE_KEYS.agentVisibleTabs) };
}

/** Hides or shows one tab and stores both lists under agentHiddenTabs / agentVisibleTabs. */
export function setTabHidden(key: string, hide: boolean): { hiddenTabs: string[]; visibleTabs: string[] } {
  const prefs = readTabPreferences();
  const hidden = new Set(prefs.hiddenTabs);
  const visible = new Set(prefs.visibleTabs);
  if (hide) {
    hidden.add(key);
    visible.delete(key);
  } else {
    hidden.delete(key);
    visible.add(key);
  }
  const next = { hiddenTabs: [...hidden], visibleTabs: [...visible] };
  localStorage.setItem(STORAGE_KEYS.agentHiddenTabs, JSON.stringify(next.hiddenTabs));
  localStorage.setItem(STORAGE_KEYS.agentVisibleTabs, JSON.stringify(next.visibleTabs));
  return next;
}

/** Staff and phones always get the horizontal layout; others follow the organisation's dashboardLayout. */
export function navigationLayout(opts: { isStaff: boolean; isPhone: boolean; dashboardLayout?: 'vertical' | 'horizontal' }): 'vertical' | 'horizontal' {
  if (opts.isStaff || opts.isPhone) return 'horizontal';
  return opts.dashboardLayout ?? 'vertical';
}
