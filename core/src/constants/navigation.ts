// Agent navigation (the agent's tabs in order, sub-tabs), the pages an agency may open to its clients, and the
// section search's thresholds and timings.

export const AGENT_TABS = [
  { key: 'home', label: 'Home' },
  { key: 'overview', label: 'Widget' },
  { key: 'voice', label: 'Voice' },
  { key: 'nodes', label: 'Prompt (simple view)' },
  { key: 'prompt', label: 'Canvas (advanced view)' },
  { key: 'kb', label: 'Knowledge' },
  { key: 'convos', label: 'Chats' },
  { key: 'analytics', label: 'Analytics' },
  { key: 'channels', label: 'Channels' },
  { key: 'tools', label: 'Tools' },
  { key: 'leads', label: 'Leads' },
  { key: 'settings', label: 'Settings' },
] as const;
export type AgentTabKey = (typeof AGENT_TABS)[number]['key'];
export const AGENT_TAB_KEYS = AGENT_TABS.map((t) => t.key) as readonly AgentTabKey[];
export const DEFAULT_AGENT_SECTION: AgentTabKey = 'overview';
/** Searchable sections that are not tabs. */
export const EXTRA_SEARCHABLE_SECTIONS = ['campaigns', 'metrics'] as const;
/** Agency custom tabs live at /c{href}. */
export const CUSTOM_TAB_ROUTE_PREFIX = '/c';

export const SETTINGS_SUB_TABS = ['core', 'ui', 'language', 'security', 'notifications', 'handoff', 'technical', 'analytics', 'advanced', 'integrations'] as const;
export const VOICE_SUB_TABS = ['voiceLibrary', 'speechGen', 'transcriber', 'phoneNumbers', 'testCall', 'advanced'] as const;

export const CLIENT_ACCESS_OPTIONS = [
  { path: '/home', label: 'Home' },
  { path: '/voice', label: 'Voice' },
  { path: '/metrics', label: 'Metrics' },
  { path: '/campaigns', label: 'Campaigns' },
  { path: '/convos', label: 'Chats' },
  { path: '/leads', label: 'Leads' },
  { path: '/analytics', label: 'Analytics' },
  { path: '/kb', label: 'Knowledge' },
  { path: '/channels', label: 'Channels' },
  { path: '/prompt', label: 'Canvas' },
  { path: '/nodes', label: 'Prompt' },
  { path: '/tools', label: 'Tools' },
  { path: '/settings', label: 'Settings' },
] as const;
export type ClientAccessPath = (typeof CLIENT_ACCESS_OPTIONS)[number]['path'];
export const CLIENT_ACCESS_PATHS = CLIENT_ACCESS_OPTIONS.map((o) => o.path) as readonly ClientAccessPath[];
export const DEFAULT_CLIENT_ACCESS: readonly ClientAccessPath[] = ['/home', '/convos', '/analytics', '/leads', '/campaigns'];
/** Hrefs an agency custom tab may not take: the default client tabs. */
export const RESERVED_CLIENT_TAB_HREFS: readonly string[] = CLIENT_ACCESS_PATHS;

export const DASHBOARD_LAYOUTS = ['vertical', 'horizontal'] as const;
export const SIDEBAR_WIDTH_PX = { collapsed: 75, expanded: 250 } as const;

export const SECTION_SEARCH = {
  debounceMs: 300,
  widthPx: 180,
  focusedWidthPx: 280,
  maxSuggestions: 5,
  minScore: 0.3,
  goodMatch: 0.6,
  strongMatch: 0.8,
  autoNavigateDelayMs: 300,
  navigationLockMs: 1000,
} as const;
export const SECTION_SEARCH_LABELS = { strong: 'Strong match', good: 'Good match', possible: 'Possible match' } as const;

/** Browser storage keys. */
export const STORAGE_KEYS = {
  selectedWidgetId: 'selected_widget_id',
  agentVisibleTabs: 'agentVisibleTabs',
  agentHiddenTabs: 'agentHiddenTabs',
} as const;
