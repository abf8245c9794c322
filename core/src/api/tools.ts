// Tools (the Functions page and an agent's Tools tab): HTTP functions of a workspace that its agents call during
// a conversation. Tools live in the region's database (tools/{toolId}, userId = the workspace): a tool is offered
// only to agents of its own workspace in its own region. The server URL secret is written here and never read
// back: answers say only whether there is one.
import { z } from 'zod';
import { regionSchema } from '../region';
import { readDefault } from '../schemas/tool-call';
import {
  storedToolSchema, TOOL_DESCRIPTION_MAX, TOOL_FIELD_KEY_PATTERN, TOOL_FIELD_LOCATIONS, TOOL_FIELD_TYPES, TOOL_FIELDS_MAX, TOOL_METHODS,
  TOOL_NAME_PATTERN, TOOL_SECRET_HEADER, TOOL_SECRET_MAX,
} from '../schemas/tool';
import { TOOL_MESSAGES } from '../validation/messages';
import { agentIdSchema, callable, workspaceIdSchema } from './contract';

/** A tool id (tools/{toolId}): 20 letters and digits for new tools. */
export const toolIdSchema = z.string().regex(/^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/, 'Tool ids are 1 to 128 letters, digits, - or _ (not __…__).');

/** The sentences every form and callable shows, at the field they are about. */
export const TOOL_INPUT_MESSAGES = {
  name: 'Use 1 to 64 letters, digits, _ or - (no spaces).',
  nameTaken: 'A tool with this name already exists in this workspace.',
  description: TOOL_MESSAGES.descriptionTooLong(TOOL_DESCRIPTION_MAX),
  serverUrl: TOOL_MESSAGES.invalidServerUrl,
  fieldKey: 'Keys are 1 to 64 letters, digits, _, . or -.',
  fieldKeyTwice: 'Each key can be used once.',
  reservedHeader: 'This header is set by Parley and cannot be a field.',
  bodyOnGet: 'A GET request has no body: put this field in the query or a header.',
  defaultType: (type: string) => `The default value must be a ${type === 'object' ? 'JSON object' : type}.`,
  fixedType: (type: string) => `The fixed value must be a ${type === 'object' ? 'JSON object' : type}.`,
  tooManyFields: `A tool can have at most ${TOOL_FIELDS_MAX} fields.`,
  secretTooLong: `The secret can be at most ${TOOL_SECRET_MAX} characters.`,
  notFound: 'This tool does not exist.',
  clientsReadOnly: "Only the agency can change an agent's tools.",
} as const;

/** Headers a field may not set: the transport's own, and the secret's. */
export const RESERVED_TOOL_HEADERS = ['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', TOOL_SECRET_HEADER.toLowerCase()];

export const toolFieldInputSchema = z.object({
  in: z.enum(TOOL_FIELD_LOCATIONS),
  key: z.string().trim().regex(TOOL_FIELD_KEY_PATTERN, TOOL_INPUT_MESSAGES.fieldKey),
  value: z.string().max(4000).optional(),
  defaultValue: z.string().max(4000).optional(),
  type: z.enum(TOOL_FIELD_TYPES).default('string'),
  description: z.string().trim().max(TOOL_DESCRIPTION_MAX, TOOL_INPUT_MESSAGES.description).default(''),
  required: z.boolean().default(false),
});

/** A tool as the Functions page saves it (without its secret). Problems are named at the field they are about. */
export const toolInputSchema = z
  .object({
    name: z.string().trim().regex(TOOL_NAME_PATTERN, TOOL_INPUT_MESSAGES.name),
    description: z.string().trim().max(TOOL_DESCRIPTION_MAX, TOOL_INPUT_MESSAGES.description).default(''),
    imageUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: TOOL_INPUT_MESSAGES.serverUrl })]).optional(),
    serverUrl: z.string().trim().pipe(z.url({ protocol: /^https?$/, error: TOOL_INPUT_MESSAGES.serverUrl })),
    method: z.enum(TOOL_METHODS).default('POST'),
    fields: z.array(toolFieldInputSchema).max(TOOL_FIELDS_MAX, TOOL_INPUT_MESSAGES.tooManyFields).default([]),
  })
  .superRefine((tool, ctx) => {
    const seen = new Set<string>();
    tool.fields.forEach((field, i) => {
      const at = (key: string) => ['fields', i, key];
      if (seen.has(field.key)) ctx.addIssue({ code: 'custom', path: at('key'), message: TOOL_INPUT_MESSAGES.fieldKeyTwice });
      seen.add(field.key);
      if (field.in === 'header' && RESERVED_TOOL_HEADERS.includes(field.key.toLowerCase())) ctx.addIssue({ code: 'custom', path: at('key'), message: TOOL_INPUT_MESSAGES.reservedHeader });
      if (field.in === 'body' && tool.method === 'GET') ctx.addIssue({ code: 'custom', path: at('in'), message: TOOL_INPUT_MESSAGES.bodyOnGet });
      if (field.defaultValue !== undefined && field.defaultValue !== '' && readDefault(field, field.defaultValue) === undefined) {
        ctx.addIssue({ code: 'custom', path: at('defaultValue'), message: TOOL_INPUT_MESSAGES.defaultType(field.type) });
      }
      if (field.value !== undefined && readDefault(field, field.value) === undefined) ctx.addIssue({ code: 'custom', path: at('value'), message: TOOL_INPUT_MESSAGES.fixedType(field.type) });
    });
  });
export type ToolInput = z.input<typeof toolInputSchema>;

/** An agent that has the tool assigned. */
export const toolUserSchema = z.object({ agentId: z.string(), title: z.string() });

/** A tool as the dashboard sees it: its document (never the secret) and the agents that use it. */
export const toolViewSchema = storedToolSchema.extend({ agents: z.array(toolUserSchema).default([]) });
export type ToolView = z.output<typeof toolViewSchema>;

const workspaceRef = { region: regionSchema, workspaceId: workspaceIdSchema };

/**
 * Callable listTools: the workspace's tools in the region, by name, each with the agents that use it. Members of
 * the workspace (not agency clients: they see an agent's tools through listAgentTools).
 */
export const listTools = callable('listTools', {
  signInMessage: 'You must be signed in to see your tools.',
  input: z.object(workspaceRef),
  output: z.object({ tools: z.array(toolViewSchema) }),
});

/**
 * Callable saveTool: creates a tool (no toolId) or replaces one. The name is unique in the workspace
 * (already-exists "A tool with this name already exists in this workspace."); the server URL must be http(s)
 * and public: a private, loopback, link-local or metadata address, or an internal name, is refused
 * (invalid-argument "This address cannot be reached from our servers."). `serverUrlSecret` sets the secret,
 * `clearSecret` removes it; neither keeps the one saved. Members of the workspace.
 */
export const saveTool = callable('saveTool', {
  signInMessage: 'You must be signed in to save a tool.',
  input: z.object({
    ...workspaceRef,
    toolId: toolIdSchema.optional(),
    tool: toolInputSchema,
    serverUrlSecret: z.string().trim().min(1).max(TOOL_SECRET_MAX, TOOL_INPUT_MESSAGES.secretTooLong).optional(),
    clearSecret: z.boolean().default(false),
  }),
  output: z.object({ tool: toolViewSchema }),
});

/** Callable deleteTool: removes the tool, its secret, and its id from every agent that had it. Members of the workspace. */
export const deleteTool = callable('deleteTool', {
  signInMessage: 'You must be signed in to delete a tool.',
  input: z.object({ ...workspaceRef, toolId: toolIdSchema }),
  output: z.object({ deleted: z.literal(true) }),
});

/** A request as it is shown: the secret header's value redacted. */
export const toolRequestViewSchema = z.object({
  method: z.enum(TOOL_METHODS),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string().optional(),
});

/** The longest response body a test shows (characters). */
export const TOOL_TEST_BODY_MAX = 20_000;

/**
 * Callable testTool: calls the saved tool with `args` (checked against its fields first: invalid-argument naming
 * the problem, nothing sent), through the same safe fetch as a conversation, and answers the exact request
 * (secret redacted), then the status, time (ms) and body (at most TOOL_TEST_BODY_MAX characters, the secret
 * redacted) — or `error`, a sentence of ours (refused address, timeout, no answer), never the network's.
 * Members of the workspace; a few tests a minute.
 */
export const testTool = callable('testTool', {
  signInMessage: 'You must be signed in to test a tool.',
  input: z.object({ ...workspaceRef, toolId: toolIdSchema, args: z.record(z.string(), z.unknown()).default({}) }),
  output: z.object({
    request: toolRequestViewSchema,
    response: z.object({ status: z.number(), timeMs: z.number(), body: z.string(), truncated: z.boolean() }).optional(),
    error: z.string().optional(),
  }),
});

const agentRef = { region: regionSchema, agentId: agentIdSchema };

/**
 * Callable listAgentTools: the agent's assigned tool ids and the tools it may be given. Members of the agent's
 * workspace see every tool of the workspace; agency clients allowed the agent's Tools page see only the tools
 * assigned to it (a workspace's other tools may be other clients' business).
 */
export const listAgentTools = callable('listAgentTools', {
  signInMessage: 'You must be signed in to see this agent’s tools.',
  input: z.object(agentRef),
  output: z.object({ assignedToolsIds: z.array(z.string()), tools: z.array(storedToolSchema), canEdit: z.boolean() }),
});

/**
 * Callable setAgentTools: the agent's assignedToolsIds, each a tool of the agent's workspace in its region
 * (not-found "This tool does not exist." otherwise). Members of the agent's workspace; agency clients are refused
 * (permission-denied "Only the agency can change an agent's tools.").
 */
export const setAgentTools = callable('setAgentTools', {
  signInMessage: 'You must be signed in to change this agent’s tools.',
  input: z.object({ ...agentRef, toolIds: z.array(toolIdSchema).max(50) }),
  output: z.object({ assignedToolsIds: z.array(z.string()) }),
});
