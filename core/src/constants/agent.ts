// Agent, widget and channel constants: limits, defaults and the fixed lists the agent pages, the widget and the
// channels share.

export const AGENT_ID_LENGTH = 16;
export const AGENT_SECRET_PREFIX = 'vg_';
/** Random characters after the `vg_` prefix. */
export const AGENT_SECRET_RANDOM_LENGTH = 20;

export const AGENT_PLATFORMS = ['vg', 'vf'] as const;
/** Shared widget-settings shape also knows OpenAI assistants. */
export const WIDGET_PLATFORMS = ['vf', 'vg', 'oai-assistants'] as const;

export const MESSAGE_DELAY_MS_DEFAULT = 1000;
/** maxTokensUsage of a freshly created agent. */
export const NEW_AGENT_MAX_TOKENS_USAGE = 0;
/** maxTokensUsage the widget assumes when the agent has none. */
export const WIDGET_DEFAULT_MAX_TOKENS_USAGE = 1e6;

export const VG_TEMPERATURE_DEFAULT = 0.5;
export const VG_MAX_TOKENS_DEFAULT = 1024;
export const VG_KB_DEFAULT_DIMENSION = 1536;
export const VG_MAX_CHUNK_SIZE_DEFAULT = 2424;
/** Agents whose vgOptions.maxChunkSize is below this are refused at save. */
export const VG_MAX_CHUNK_SIZE_MIN = 1000;

export const VOICE_DEFAULTS = {
  transcriberProvider: 'deepgram',
  transcriberModelId: 'nova-2',
  utteranceThreshold: 50,
  /** The starter template uses a longer threshold. */
  starterTemplateUtteranceThreshold: 150,
  // Asteria is a Deepgram Aura voice, so the speech provider defaults to deepgram too.
  speechGenProvider: 'deepgram',
  voiceId: 'asteria',
  backgroundNoise: 'restaurant',
} as const;

export const AGENT_TEMPLATE_KEYS = [
  'customer-support', 'real-estate-agent', 'health-care-agent', 'confirm-email', 'make-appointment',
  'blank-template', 'game-npc',
] as const;
export type AgentTemplateKey = (typeof AGENT_TEMPLATE_KEYS)[number];
export const DEFAULT_AGENT_TEMPLATE_KEY: AgentTemplateKey = 'blank-template';
export const AGENT_TEMPLATE_TABS = ['All Templates', 'Customer Support', 'Utility', 'Entertainment'] as const;

export const WIDGET_SETTINGS_TABS = ['Overview', 'Sources', 'Theme', 'Settings', 'Channels'] as const;
export const WIDGET_RENDER_MODES = ['bottom-left', 'bottom-right', 'popup', 'full-width', 'modal'] as const;
export type WidgetRenderMode = (typeof WIDGET_RENDER_MODES)[number];
/** Where the widget opens when neither the script tag nor the agent names a render mode. */
export const DEFAULT_WIDGET_RENDER_MODE: WidgetRenderMode = 'bottom-right';
export const BUTTONS_LAYOUTS = ['horizontal', 'vertical', 'in-footer'] as const;
export const NODE_TYPES = ['start', 'note', 'default', 'end'] as const;

/** proactiveMessage value that disables the bubble. */
export const PROACTIVE_MESSAGE_NONE = 'none';
/** The bubble's text for a new agent, and for an agent that has none set. */
export const DEFAULT_PROACTIVE_MESSAGE = 'Hi! Have a question? 👋';
export const PROACTIVE_BUBBLE_DELAY_MS = 1000;
/** Bubble dismissal resets after more than one day. */
export const PROACTIVE_DISMISS_EXPIRY_MS = 24 * 60 * 60 * 1000;

export const AI_CSS_MAX_INPUT_ROWS = 3;
export const CHAT_VALIDATOR_DEBOUNCE_MS = 2000;

/** 1 MB in upload limits. */
export const BYTES_PER_MB = 1e6;
/** The server's ceiling for any upload (MB), whatever tighter limit a page applies. */
export const UPLOAD_MAX_MB = 10;
/** Extensions the file store accepts (an input's accept attribute). */
export const UPLOAD_ACCEPT =
  '.png,.jpg,.jpeg,.gif,.webp,.svg,.ico,.avif,.pdf,.txt,.md,.csv,.html,.json,.docx,.mp3,.wav,.mp4,.webm';
/** File types a knowledge base reads. */
export const KB_FILE_TYPES = ['txt', 'md', 'html', 'pdf', 'docx', 'csv'] as const;
export type KbFileType = (typeof KB_FILE_TYPES)[number];
/** KB_FILE_TYPES as an accept attribute. */
export const KB_FILE_ACCEPT = '.txt,.md,.html,.pdf,.docx,.csv';
/** Largest knowledge-base file (MB). */
export const KB_FILE_MAX_MB = 10;
export const UPLOAD_CACHE_SECONDS = 365 * 24 * 60 * 60;
export const UPLOAD_PREFIX_LENGTH = 8;

export const PALETTE_SWATCH_COUNT = 10;
export const PALETTE_LIGHTNESS_STEPS = [95, 90, 80, 70, 60, 50, 40, 30, 20, 10] as const;
export const THEME_TYPES = ['light', 'dark'] as const;

export const CHANNEL_KEYS = ['whatsapp', 'instagram', 'messenger', 'discord', 'telegram', 'google-business', 'email', 'voice'] as const;
export type ChannelKey = (typeof CHANNEL_KEYS)[number];
/** Cards shown but not connectable. */
export const DISABLED_CHANNELS: Readonly<Record<string, 'deprecated' | 'coming-soon'>> = {
  'google-business': 'deprecated',
  email: 'coming-soon',
};

export const WHATSAPP_GRAPH_API_VERSION = 'v18.0';
export const WA_EMBEDDED_SIGNUP_EVENT = 'WA_EMBEDDED_SIGNUP';
export const WA_EMBEDDED_SIGNUP_EVENTS = ['FINISH', 'CANCEL', 'ERROR'] as const;
export const WA_EMBEDDED_SIGNUP_SESSION_INFO_VERSION = 2;
export const WHATSAPP_TEMPLATE_LANGUAGE_DEFAULT = 'en';
export const WHATSAPP_TEMPLATE_CATEGORY_DEFAULT = 'UTILITY';
export const WHATSAPP_TEMPLATE_CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
export const WHATSAPP_TEMPLATE_LANGUAGES = ['en', 'en_US', 'en_GB', 'es', 'fr', 'de', 'it', 'pt_BR', 'nl', 'ar', 'hi'] as const;
export const WHATSAPP_NUMBER_CONNECTED = 'CONNECTED';

export const ANALYTICS_EVENTS = { channelsViewed: 'channels_viewed', whatsappChannelAdded: 'whatsapp_channel_added' } as const;

/** Webhook paths (prefix with the regional API base). */
export const channelWebhookPath = {
  whatsappLegacy: (agentId: string) => `/agents/${agentId}/wa-webhook`,
  googleBusiness: (agentId: string) => `/agents/${agentId}/gc-webhook`,
  telegram: (agentId: string) => `/v2/agents/${agentId}/telegram-webhook`,
} as const;
