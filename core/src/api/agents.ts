// Agents: creation from a template, saving over the REST API, which secrets are set, widget languages,
// Version History backups and template export.
import { z } from 'zod';
import { AGENT_SECRET_FIELDS, agentSchema } from '../schemas/agent';
import { bucketSchema, regionSchema } from '../region';
import { agentTemplateSchema } from '../templates/index';
import { AGENT_MESSAGES, WORKSPACE_MESSAGES } from '../validation/messages';
import { agentIdSchema, defineContract, workspaceIdSchema } from './contract';

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
 */
export const agentPatchSchema = agentSchema.partial().loose();
export type AgentPatch = z.input<typeof agentPatchSchema>;

/**
 * POST /v2/agents/{agentId}?region=na|eu: saves (creates or merges) an agent and writes a Version History
 * backup. Bearer: the owner workspace's secret, the agent's SECRET_API_KEY, or a Firebase ID token of a member
 * of the owner's workspace. A missing agent is created for the bearer's workspace. Without `region` the
 * agent's own `region` bucket decides (default na).
 * 401 missing or unknown bearer, 403 another workspace's bearer, 400 invalid field (checked after the bearer,
 * so a stranger learns nothing about the agent: the body is validated by the function with agentPatchSchema).
 */
export const saveAgent = defineContract({
  kind: 'endpoint',
  name: 'saveAgent',
  method: 'POST',
  path: '/v2/agents/:agentId',
  auth: 'bearer',
  params: z.object({ agentId: agentIdSchema }),
  query: z.object({ region: regionSchema.optional() }),
  body: z.custom<AgentPatch>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'The body must be a JSON object.'),
  output: z.object({ success: z.literal(true), data: agentDocumentSchema }),
});

/** One language the widget can be set to (Settings → Language). */
export const translateLanguageSchema = z.object({ language: z.string(), name: z.string() });

/** GET /api/translate: the widget's languages. */
export const listLanguages = defineContract({
  kind: 'endpoint',
  name: 'listLanguages',
  method: 'GET',
  path: '/api/translate',
  auth: 'public',
  output: z.object({ success: z.literal(true), languages: z.array(translateLanguageSchema) }),
});

/**
 * Callable convertAgentTemplateToAgent: a new agent in the caller's own workspace from a catalogue template
 * (the object the drawer shows, or just its key; ownership, ids and secrets are never taken from it).
 * Agency clients are refused (permission-denied "Agency clients cannot create agents.").
 */
export const convertAgentTemplateToAgent = defineContract({
  kind: 'callable',
  name: 'convertAgentTemplateToAgent',
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
export const agentSecretStatus = defineContract({
  kind: 'callable',
  name: 'agentSecretStatus',
  input: z.object({ region: regionSchema.default('na'), agentId: agentIdSchema }),
  output: z.object({ hasDialogueKey: z.boolean(), agentSecret: z.string().nullable() }),
});

// ---------------------------------------------------------------- Version History and template export

/**
 * Callable saveAgentBackup: stores the agent (without secrets) as a Version History entry
 * (voiceglow/{id}/backups, newest 20 kept). `workspaceId` must be the agent's workspace.
 */
export const saveAgentBackup = defineContract({
  kind: 'callable',
  name: 'saveAgentBackup',
  input: z.object({ agentId: agentIdSchema, workspaceId: workspaceIdSchema, region: regionSchema.default('na') }),
  output: z.object({ backupId: z.string() }),
});

/**
 * Callable exportAgentToJson: the agent as a reusable template (the shape the New Agent drawer imports), without
 * identity, ownership, secrets or channel bindings. Only agents with nodes enabled (failed-precondition).
 */
export const exportAgentToJson = defineContract({
  kind: 'callable',
  name: 'exportAgentToJson',
  input: z.object({ agentId: agentIdSchema, region: regionSchema.default('na') }),
  output: z.object({ agentTemplate: agentTemplateSchema }),
});

// ---------------------------------------------------------------- AI CSS assistant

/**
 * POST /api/ai-css-generator: custom widget CSS from the AI assistant (or the offline responder when no LLM
 * is configured). The answer holds the explanation and one ```css block. 404 unknown agent; 502 "Failed to
 * generate CSS. Please try again.".
 */
export const generateCss = defineContract({
  kind: 'endpoint',
  name: 'generateCss',
  method: 'POST',
  path: '/api/ai-css-generator',
  auth: 'public',
  body: z.object({
    messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(4000) })).min(1).max(30),
    currentCSS: z.string().max(50_000).default(''),
    userData: z.record(z.string(), z.unknown()).optional(),
    agentID: agentIdSchema,
    /** The agent's database ("bucket"): '(default)' (na) or 'voiceglow-eu' (eu). */
    bucket: bucketSchema.default('(default)'),
  }),
  output: z.object({ success: z.literal(true), response: z.string() }),
});
