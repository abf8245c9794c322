// What the section search box can find on the agent page.
import { AGENT_TABS, SETTINGS_SUB_TABS, VOICE_SUB_TABS } from '@parley/core';
import type { SearchableSection } from '../../lib/section-search';

const TAB_KEYWORDS: Record<string, string[]> = {
  home: ['dashboard', 'summary', 'start'],
  overview: ['widget', 'appearance', 'embed', 'theme', 'look'],
  voice: ['voice', 'phone', 'call', 'speech', 'audio'],
  nodes: ['prompt', 'instructions', 'system prompt', 'simple'],
  prompt: ['canvas', 'flow', 'nodes', 'advanced', 'diagram'],
  kb: ['knowledge', 'knowledge base', 'documents', 'sources', 'files', 'website', 'training'],
  convos: ['chats', 'conversations', 'messages', 'inbox', 'history'],
  analytics: ['analytics', 'stats', 'statistics', 'reports', 'usage'],
  channels: ['channels', 'whatsapp', 'messenger', 'instagram', 'telegram', 'discord', 'deploy'],
  tools: ['tools', 'functions', 'actions', 'api'],
  leads: ['leads', 'contacts', 'customers', 'emails'],
  settings: ['settings', 'configuration', 'preferences'],
};

const SUB_TAB_LABELS: Record<string, string> = {
  core: 'Core settings', ui: 'UI settings', language: 'Language', security: 'Security', notifications: 'Notifications',
  handoff: 'Human handoff', technical: 'Technical settings', analytics: 'Analytics settings', advanced: 'Advanced settings',
  integrations: 'Integrations', voiceLibrary: 'Voice library', speechGen: 'Speech generation', transcriber: 'Transcriber',
  phoneNumbers: 'Phone numbers', testCall: 'Test call',
};

export function searchableSections(visibleTabs: readonly string[]): SearchableSection[] {
  const tabs = AGENT_TABS.filter((t) => visibleTabs.includes(t.key)).map((t) => ({ path: t.key, label: t.label, keywords: TAB_KEYWORDS[t.key] ?? [] }));
  const extra: SearchableSection[] = [
    { path: 'campaigns', label: 'Campaigns', keywords: ['outbound', 'broadcast'] },
    { path: 'metrics', label: 'Metrics', keywords: ['kpi', 'numbers'] },
  ];
  const settings = visibleTabs.includes('settings')
    ? SETTINGS_SUB_TABS.map((k) => ({ path: `settings?tab=${k}`, label: SUB_TAB_LABELS[k] ?? k, keywords: [k] }))
    : [];
  const voice = visibleTabs.includes('voice')
    ? VOICE_SUB_TABS.filter((k) => k !== 'advanced').map((k) => ({ path: `voice?tab=${k}`, label: SUB_TAB_LABELS[k] ?? k, keywords: [k] }))
    : [];
  return [...tabs, ...extra, ...settings, ...voice];
}
