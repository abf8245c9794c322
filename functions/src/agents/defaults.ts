// Every default a freshly created agent gets: the widget's look and behaviour, the vg model settings, empty
// prompts and knowledge totals, and the region's database; core's agent schema fills the numeric defaults.
import {
  agentSchema, DATABASE_IDS, NEW_AGENT_MAX_TOKENS_USAGE, type Agent, type Region,
} from '@parley/core';

/** Our own brand defaults for new agents (handoff texts, model, theme, proactive message). */
export const DEFAULT_HANDOFF_TITLE = 'Talk to a human';
export const DEFAULT_HANDOFF_SUBTITLE = 'A member of our team will join the conversation shortly.';
export const DEFAULT_VG_MODEL = 'gpt-4o-mini';
export const DEFAULT_THEME = 'blue-light';
export const DEFAULT_PROACTIVE_MESSAGE = 'Hi! Have a question? 👋';

export interface NewAgentInput {
  id: string;
  name: string;
  ownerID: string;
  region: Region;
  /** The template's preset fields (already validated). */
  preset: Partial<Agent>;
  templateKey: string;
  nowSeconds: number;
}

/** Builds the public agent document (the secret goes to the private secrets doc, not here). */
export function buildNewAgent(input: NewAgentInput): Agent {
  const base = {
    title: input.name,
    description: '',
    agentPlatform: 'vg' as const,
    enableNodes: false,
    nodes: [],
    theme: DEFAULT_THEME,
    scrollAnimation: true,
    branding: true,
    proactiveMessage: DEFAULT_PROACTIVE_MESSAGE,
    maxTokensUsage: NEW_AGENT_MAX_TOKENS_USAGE,
    autoStartWidget: false,
    syncBrowser: false,
    listenForUrlChanges: false,
    lang: 'automatic',
    recordChatHistory: true,
    enableGeoAnalytics: false,
    UIhandoffTitle: DEFAULT_HANDOFF_TITLE,
    UIhandoffSubtitle: DEFAULT_HANDOFF_SUBTITLE,
    alwaysShowHandoff: false,
    smartInit: true,
    fontFamily: 'inherit',
    ADVANCED_customCSS: '',
    vg_defaultModel: DEFAULT_VG_MODEL,
    vg_enableUIEngine: false,
    vg_systemPrompt: '',
    vg_initPrompt: '',
    vg_initMessages: [],
    charCount: 0,
    docsNum: 0,
    vapiConfig: { promptOnWeb: '' },
    region: DATABASE_IDS[input.region],
  };
  const merged = {
    ...base,
    ...input.preset,
    // Identity and ownership always come from the request, never from the template.
    ID: input.id,
    title: input.name,
    ownerID: input.ownerID,
    lastModified: input.nowSeconds,
    internal: {
      ...(input.preset.internal ?? {}),
      accountCreationConfig: { templateKey: input.templateKey, createdAt: input.nowSeconds },
      websocketServer: input.preset.internal?.websocketServer ?? '',
    },
  };
  // The schema fills the numeric defaults (messageDelayMS 1000, vg_temperature 0.5, vg_maxTokens 1024,
  // dimension 1536, maxChunkSize 2424, voice defaults) wherever the template left them out.
  return agentSchema.parse(merged);
}
