// Agents: creation from a template, saving over the REST API, which secrets are set, widget languages,
// Version History backups and template export.
import { z } from 'zod';
import { AGENT_SECRET_FIELDS, agentSchema, allowedDomainsSchema, modelIdSchema, vgMaxTokensSchema } from '../schemas/agent';
import { flowNodesSchema } from '../flows/schema';
import { bucketSchema, regionSchema } from '../region';
import { agentTemplateSchema } from '../templates/index';
import { AGENT_MESSAGES, WORKSPACE_MESSAGES } from '../validation/messages';
import { normalizeGoogleBusiness, validateGoogleBusiness } from '../validation/channels';
import { agentIdSchema, callable, endpoint, workspaceIdSchema } from './contract';

const secretMask = Object.fromEntries(AGENT_SECRET_FIELDS.map((key) => [key, true])) as { [K in (typeof AGENT_SECRET_FIELDS)[number]]: true };

/** The agent document as stored and answered (never with secret fields); legacy documents may lack fields. */
export const agentDocumentSchema = agentSchema.omit(secretMask).partial().extend({ ID: z.string() }).loose();
export type AgentDocument = z.infer<typeof agentDocumentSchema>;

/** A newly created agent: every default filled, no secret. */
export const newAgentSchema = agentSchema.omit(secretMask);

/**
 * The fields of an agent save: any subset of the agent's fields (unknown fields are kept). Secret fields are
 * moved to the agent's private document; ownerID never changes; charCount/docsNum are left to the knowledge
 * functions. `vgOptions.maxChunkSize` below 1000 is refused with "Max chunk size must be greater than 1000".
 * What costs credits is bounded: vg_defaultModel must be in the model catalogue and vg_maxTokens at most
 * VG_MAX_TOKENS_CAP (firestore.rules holds direct writes to the same); allowedDomains are normalised domains; nodes
 * fit the flow's node model (core/src/flows). A save that sends `nodes` or `enableNodes` is refused (400, one
 * sentence per problem) while the resulting flow fails the publish checks (`agentFlowProblems`).
 * Google Business Chat's stored fields: a save that sets the private key (the deprecated modal sends both) needs an
 * e-mail containing @ and a non-empty key ("Please fill in the required fields"); they are stored trimmed, the key's
 * newlines as commas. Other saves carry the e-mail alone (secrets never return to the browser): it is trimmed.
 */
export const agentPatchSchema = agentSchema
  .partial()
  .extend({
    vg_defaultModel: modelIdSchema.optional(),
    vg_maxTokens: vgMaxTokensSchema.optional(),
    allowedDomains: allowedDomainsSchema.optional(),
    nodes: flowNodesSchema.optional(),
  })
  .loose()
  .superRefine((patch, ctx) => {
    if (patch.gcloudPrivateKey === undefined) return;
    const message = validateGoogleBusiness({ clientEmail: patch.gcloudClientEmail ?? '', privateKey: patch.gcloudPrivateKey });
    if (message) ctx.addIssue({ code: 'custom', path: ['gcloudPrivateKey'], message });
  })
  .transform((patch) => {
    if (patch.gcloudPrivateKey !== undefined) {
      const n = normalizeGoogleBusiness({ clientEmail: patch.gcloudClientEmail ?? '', privateKey: patch.gcloudPrivateKey });
      return { ...patch, gcloudClientEmail: n.clientEmail, gcloudPrivateKey: n.privateKey };
    }
    return patch.gcloudClientEmail === undefined ? patch : { ...patch, gcloudClientEmail: patch.gcloudClientEmail.trim() };
  });
export type AgentPatch = z.input<typeof agentPatchSchema>;

/**
 * POST /v2/agents/{agentId}?region=na|eu: saves (creates or merges) an agent and writes a Version History
 * backup. Bearer: the owner workspace's secret, the agent's SECRET_API_KEY, or a Firebase ID token of a member
 * of the owner's workspace. A missing agent is created for the bearer's workspace. Without `region` the
 * agent's own `region` bucket decides (default na).
 * 401 missing or unknown bearer, 403 another workspace's bearer, 400 invalid field (checked after the bearer,
 * so a stranger learns nothing about the agent: the body is validated by the function with agentPatchSchema).
 */
export const saveAgent = endpoint('saveAgent', 'POST', '/v2/agents/:agentId', 'bearer', {
  params: z.object({ agentId: agentIdSchema }),
  query: z.object({ region: regionSchema.optional() }),
  body: z.custom<AgentPatch>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'The body must be a JSON object.'),
  output: z.object({ success: z.literal(true), data: agentDocumentSchema }),
});

/** One language the widget can be set to (Settings → Language). */
export const translateLanguageSchema = z.object({ language: z.string(), name: z.string() });

/** GET /api/translate: the widget's languages. */
export const listLanguages = endpoint('listLanguages', 'GET', '/api/translate', 'public', {
  output: z.object({ success: z.literal(true), languages: z.array(translateLanguageSchema) }),
});

/**
 * Callable convertAgentTemplateToAgent: a new agent in the caller's own workspace from a catalogue template
 * (the object the drawer shows, or just its key; ownership, ids and secrets are never taken from it).
 * Agency clients are refused (permission-denied "Agency clients cannot create agents.").
 */
export const convertAgentTemplateToAgent = callable('convertAgentTemplateToAgent', {
  signInMessage: WORKSPACE_MESSAGES.loginRequired,
  input: z.object({
    agentName: z.string().trim().min(1, AGENT_MESSAGES.nameRequired).max(200),
    agentTemplate: z.union([agentTemplateSchema, z.string().min(1)]),
    region: regionSchema.default('na'),
  }),
  output: z.object({ agentCreated: newAgentSchema }),
});

/**
 * Callable agentSecretStatus: which secrets the agent has, for members of its workspace (the private secrets
 * document is unreadable from the browser).
 */
export const agentSecretStatus = callable('agentSecretStatus', {
  input: z.object({ region: regionSchema.default('na'), agentId: agentIdSchema }),
  output: z.object({ hasDialogueKey: z.boolean(), agentSecret: z.string().nullable() }),
});

// ---------------------------------------------------------------- Version History and template export

/**
 * Callable saveAgentBackup: stores the agent (without secrets) as a Version History entry
 * (voiceglow/{id}/backups, newest 20 kept). `workspaceId` must be the agent's workspace.
 */
export const saveAgentBackup = callable('saveAgentBackup', {
  input: z.object({ agentId: agentIdSchema, workspaceId: workspaceIdSchema, region: regionSchema.default('na') }),
  output: z.object({ backupId: z.string() }),
});

/**
 * Callable exportAgentToJson: the agent as a reusable template (the shape the New Agent drawer imports), without
 * identity, ownership, secrets or channel bindings. Only agents with nodes enabled (failed-precondition).
 */
export const exportAgentToJson = callable('exportAgentToJson', {
  input: z.object({ agentId: agentIdSchema, region: regionSchema.default('na') }),
  output: z.object({ agentTemplate: agentTemplateSchema }),
});

// ---------------------------------------------------------------- AI CSS assistant

/**
 * The AI CSS assistant's input bounds: the conversation (the assistant's own replies, up to ~1,200 tokens, come
 * back in it), each message, the CSS it starts from, and everything together.
 */
export const AI_CSS_LIMITS = { messages: 20, messageChars: 6000, currentCssChars: 20_000, totalChars: 60_000 } as const;
export const AI_CSS_TOO_LONG = 'This conversation is too long. Please start a new one.';

/**
 * POST /api/ai-css-generator: custom widget CSS from the AI assistant (or the offline responder when no LLM
 * is configured). The answer holds the explanation and one ```css block. Bearer: the Firebase ID token of a
 * member of the agent's workspace (the one who may edit its theme); the LLM's tokens are charged to that
 * workspace's credits like a chat answer. 401 without a valid token, 403 another workspace's agent, 404 unknown
 * agent, 402 no credits, 429 too many requests; 502 "Failed to generate CSS. Please try again.".
 */
export const generateCss = endpoint('generateCss', 'POST', '/api/ai-css-generator', 'bearer', {
  body: z.object({
    messages: z
      .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(AI_CSS_LIMITS.messageChars) }))
      .min(1)
      .max(AI_CSS_LIMITS.messages),
    currentCSS: z.string().max(AI_CSS_LIMITS.currentCssChars).default(''),
    /** Older pages send the signed-in user here; the bearer decides who calls. */
    userData: z.object({ uid: z.string().max(128).optional() }).optional(),
    agentID: agentIdSchema,
    /** The agent's database ("bucket"): '(default)' (na) or 'voiceglow-eu' (eu). */
    bucket: bucketSchema.default('(default)'),
  }).refine((b) => b.messages.reduce((n, m) => n + m.content.length, b.currentCSS.length) <= AI_CSS_LIMITS.totalChars, {
    message: AI_CSS_TOO_LONG,
    path: ['messages'],
  }),
  output: z.object({ success: z.literal(true), response: z.string() }),
});
