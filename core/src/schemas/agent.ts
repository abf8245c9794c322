// Agent / widget document: voiceglow/{agentId}. Secrets live in voiceglow/{id}/private/secrets (see collections.ts).
import { z } from 'zod';
import {
  AGENT_PLATFORMS, BUTTONS_LAYOUTS, MESSAGE_DELAY_MS_DEFAULT, NODE_TYPES, VG_KB_DEFAULT_DIMENSION,
  VG_MAX_CHUNK_SIZE_DEFAULT, VG_MAX_TOKENS_DEFAULT, VG_TEMPERATURE_DEFAULT, VOICE_DEFAULTS,
  WIDGET_DEFAULT_MAX_TOKENS_USAGE, WIDGET_PLATFORMS,
} from '../constants/agent';
import { ALLOWED_DOMAINS_MAX, MODEL_IDS, USAGE_MESSAGES, VG_MAX_TOKENS_CAP } from '../constants/usage';
import { normalizeAllowedDomain } from '../domain/allowed-domains';
import { bucketSchema } from '../region';
import { omitKeys } from './common';
import { toolSchema } from './tool';
import { leadCaptureSchema } from './lead';

export const agentPlatformSchema = z.enum(AGENT_PLATFORMS);
export type AgentPlatform = z.infer<typeof agentPlatformSchema>;

export const voiceConfigSchema = z.object({
  config: z.object({
    recordAudio: z.boolean().default(false),
    enableWebCalling: z.boolean().default(false),
    backgroundNoise: z.string().default(VOICE_DEFAULTS.backgroundNoise),
  }).prefault({}),
  transcriber: z.object({
    provider: z.string().default(VOICE_DEFAULTS.transcriberProvider),
    modelId: z.string().default(VOICE_DEFAULTS.transcriberModelId),
    utteranceThreshold: z.number().nonnegative().default(VOICE_DEFAULTS.utteranceThreshold),
    language: z.string().default('en'),
  }).prefault({}),
  speechGen: z.object({
    provider: z.string().default(VOICE_DEFAULTS.speechGenProvider),
    voiceId: z.string().default(VOICE_DEFAULTS.voiceId),
  }).prefault({}),
});
export type VoiceConfig = z.infer<typeof voiceConfigSchema>;

export const agentNodeSchema = z.object({ id: z.string().optional(), type: z.enum(NODE_TYPES) }).loose();
export type AgentNode = z.infer<typeof agentNodeSchema>;

export const kbLlmSchema = z.object({ searchMethod: z.enum(['smart', 'simple']).default('smart') }).loose();

export const vgInitMessageSchema = z.union([z.string(), z.object({ role: z.string(), content: z.string() }).loose()]);

/**
 * Agent/widget settings: the shared, all-optional shape every agent platform (vg, vf, OpenAI assistants) has,
 * merged into the agent. Names reuse the agent document's names where they exist.
 */
export const widgetSettingsShape = {
  platform: z.enum(WIDGET_PLATFORMS).optional(),
  fontFamily: z.string().optional(),
  bannerImageUrl: z.string().optional(),
  acceptFileUpload: z.boolean().optional(),
  region: bucketSchema.optional(),
  enableAITranslate: z.boolean().optional(),
  aiTranslateLanguages: z.array(z.string()).optional(),
  enableHumanHandoff: z.boolean().optional(),
  manualControl: z.boolean().optional(),
  buttonsLayout: z.enum(BUTTONS_LAYOUTS).optional(),
  webhookUrl: z.string().optional(),
  flowiseWebhookUrl: z.string().optional(),
  instagramAccessToken: z.string().optional(),
  // Language model (generic names; the vg_* fields below are what vg agents store).
  prompt: z.string().optional(),
  systemPrompt: z.string().optional(),
  initMessages: z.array(vgInitMessageSchema).optional(),
  temperature: z.number().min(0).max(2).optional(),
  defaultModel: z.string().optional(),
  maxTokens: z.number().int().positive().optional(),
  // Knowledge base
  dimension: z.number().int().positive().optional(),
  topChunks: z.number().int().positive().optional(),
  charCount: z.number().nonnegative().optional(),
  docsNum: z.number().int().nonnegative().optional(),
  kb_llm: kbLlmSchema.optional(),
  // Voice call
  enableVapiOnWeb: z.boolean().optional(),
  overrideWithVG: z.boolean().optional(),
  maxCostMonthly: z.number().nonnegative().optional(),
  maxMinutesMonthly: z.number().nonnegative().optional(),
  // UI voice labels
  question: z.string().optional(),
  continueBtnLabel: z.string().optional(),
  dismissBtnLabel: z.string().optional(),
  assignedToolsIds: z.array(z.string()).optional(),
  tools: z.array(toolSchema.loose()).optional(),
};
export const widgetSettingsSchema = z.object(widgetSettingsShape);
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

export const agentSchema = z.object({
  ID: z.string().min(1),
  title: z.string().default(''),
  description: z.string().default(''),
  agentPlatform: agentPlatformSchema.default('vg'),
  nodes: z.array(agentNodeSchema).optional(),
  enableNodes: z.boolean().default(false),
  theme: z.string().optional(),
  customThemeJSONString: z.string().optional(),
  scrollAnimation: z.boolean().optional(),
  roundedImageURL: z.string().optional(),
  avatarImageUrl: z.string().optional(),
  headerImageUrl: z.string().optional(),
  chatBgURL: z.string().optional(),
  branding: z.boolean().optional(),
  /** 'none' disables the proactive bubble. */
  proactiveMessage: z.string().optional(),
  ownerID: z.string().min(1),
  messageDelayMS: z.number().nonnegative().default(MESSAGE_DELAY_MS_DEFAULT),
  maxTokensUsage: z.number().nonnegative().default(WIDGET_DEFAULT_MAX_TOKENS_USAGE),
  autoStartWidget: z.boolean().optional(),
  syncBrowser: z.boolean().optional(),
  listenForUrlChanges: z.boolean().optional(),
  /** 'automatic' uses the browser language. */
  lang: z.string().default('automatic'),
  recordChatHistory: z.boolean().optional(),
  enableGeoAnalytics: z.boolean().optional(),
  UIhandoffTitle: z.string().optional(),
  UIhandoffSubtitle: z.string().optional(),
  alwaysShowHandoff: z.boolean().optional(),
  smartInit: z.boolean().optional(),
  /** "Collect leads": which contact fields the agent asks visitors for, and when. */
  collectLeads: leadCaptureSchema.optional(),
  SECRET_API_KEY: z.string().startsWith('vg_').optional(),
  lastModified: z.number().nonnegative().optional(),
  ADVANCED_customCSS: z.string().optional(),
  messagesLimit: z.number().int().nonnegative().optional(),
  VF_DIALOGUE_API_KEY: z.string().optional(),
  internal: z.object({
    accountCreationConfig: z.record(z.string(), z.unknown()).optional(),
    websocketServer: z.string().optional(),
  }).loose().optional(),
  voiceConfig: voiceConfigSchema.prefault({}),
  vapiConfig: z.object({ promptOnWeb: z.string().optional() }).loose().optional(),
  ui: z.object({ widgetType: z.string().optional() }).loose().optional(),
  tabs: z.array(z.unknown()).optional(),
  // vg (own LLM runtime) settings
  vg_defaultModel: z.string().optional(),
  vg_enableUIEngine: z.boolean().optional(),
  vg_temperature: z.number().min(0).max(2).default(VG_TEMPERATURE_DEFAULT),
  vg_systemPrompt: z.string().optional(),
  vg_initPrompt: z.string().optional(),
  vg_initMessages: z.array(vgInitMessageSchema).optional(),
  vg_maxTokens: z.number().int().positive().default(VG_MAX_TOKENS_DEFAULT),
  /** Websites the widget may run on (empty or unset: any); saved through allowedDomainsSchema. */
  allowedDomains: z.array(z.string()).optional(),
  vg_kbDefaultDimension: z.number().int().positive().default(VG_KB_DEFAULT_DIMENSION),
  vgOptions: z.object({ maxChunkSize: z.number().int().positive().default(VG_MAX_CHUNK_SIZE_DEFAULT) }).loose().prefault({}),
  // Channel fields held on the agent document
  waVerifyPassed: z.boolean().optional(),
  whatsappToken: z.string().optional(),
  /** Legacy Method: the secret of the owner's own Meta app, which signs its webhooks (kept private). */
  whatsappAppSecret: z.string().optional(),
  /** Spelled so in existing data. */
  whatsappBusniessId: z.string().optional(),
  whatsappNumberId: z.string().optional(),
  waTestNumber: z.string().optional(),
  vapi: z.object({ id: z.string().optional() }).loose().optional(),
  gcloudClientEmail: z.string().optional(),
  gcloudPrivateKey: z.string().optional(),
  ...widgetSettingsShape,
});
/** A model from the catalogue (what an agent may be saved with; stored legacy values are read as they are). */
export const modelIdSchema = z.enum(MODEL_IDS, { error: USAGE_MESSAGES.modelNotInCatalogue });
/** A reply length an agent may be saved with: 1 to VG_MAX_TOKENS_CAP tokens. */
export const vgMaxTokensSchema = z.number().int().positive().max(VG_MAX_TOKENS_CAP, USAGE_MESSAGES.maxTokensOverCap);
/** Allowed domains as saved: each entry normalised (lower-case, no scheme or path), at most ALLOWED_DOMAINS_MAX. */
export const allowedDomainsSchema = z
  .array(z.string().max(300).transform((entry, ctx) => {
    const normalized = normalizeAllowedDomain(entry);
    if (normalized === null) ctx.addIssue({ code: 'custom', message: USAGE_MESSAGES.allowedDomainInvalid });
    return normalized ?? entry;
  }))
  .max(ALLOWED_DOMAINS_MAX, USAGE_MESSAGES.allowedDomainsTooMany)
  .transform((entries) => [...new Set(entries)]);

/** Agents as read from the store: unknown legacy fields are kept. */
export const storedAgentSchema = agentSchema.loose();
export type Agent = z.infer<typeof agentSchema>;
export type AgentInput = z.input<typeof agentSchema>;

/** Fields that never leave the owner: kept in voiceglow/{id}/private/secrets. */
export const AGENT_SECRET_FIELDS = [
  'SECRET_API_KEY', 'VF_DIALOGUE_API_KEY', 'whatsappToken', 'whatsappAppSecret', 'gcloudPrivateKey', 'instagramAccessToken',
] as const;
export type AgentSecretField = (typeof AGENT_SECRET_FIELDS)[number];
export type PublicAgent = Omit<Agent, AgentSecretField>;

export const agentSecretsSchema = z.object({
  SECRET_API_KEY: z.string().startsWith('vg_').optional(),
  VF_DIALOGUE_API_KEY: z.string().optional(),
  whatsappToken: z.string().optional(),
  whatsappAppSecret: z.string().optional(),
  gcloudPrivateKey: z.string().optional(),
  instagramAccessToken: z.string().optional(),
});
export type AgentSecrets = z.infer<typeof agentSecretsSchema>;

/** The agent as the public (widget, clients) may see it. */
export function redactAgent<T extends Partial<Agent>>(agent: T): Omit<T, AgentSecretField> {
  return omitKeys(agent, AGENT_SECRET_FIELDS);
}
/** Splits an agent into its public document and its secrets document. */
export function splitAgentSecrets<T extends Partial<Agent>>(agent: T): { publicAgent: Omit<T, AgentSecretField>; secrets: AgentSecrets } {
  const secrets: AgentSecrets = {};
  for (const key of AGENT_SECRET_FIELDS) {
    const value = agent[key];
    if (typeof value === 'string') secrets[key] = value;
  }
  return { publicAgent: redactAgent(agent), secrets };
}

/** Summary used by the shell (agent switcher, lists). */
export const agentSummarySchema = z.object({
  ID: z.string(),
  title: z.string().default(''),
  description: z.string().default(''),
  roundedImageURL: z.string().optional(),
  lastModified: z.number().optional(),
  enableNodes: z.boolean().default(false),
  ownerID: z.string(),
}).loose();
export type AgentSummary = z.infer<typeof agentSummarySchema>;

/**
 * The agent as public reads return it (GET /public/agents/{id}): extra stored fields kept, secret fields
 * removed even when a legacy document still carries them.
 */
export const publicAgentSchema = agentSchema
  .omit({ SECRET_API_KEY: true, VF_DIALOGUE_API_KEY: true, whatsappToken: true, whatsappAppSecret: true, gcloudPrivateKey: true, instagramAccessToken: true })
  .loose()
  .transform((agent) => omitKeys(agent, AGENT_SECRET_FIELDS));
