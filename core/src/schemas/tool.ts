// Agent tools: HTTP functions of a workspace that its agents call during a conversation. The tool document
// (tools/{toolId}) is readable by the workspace's members; its server URL secret lives only in
// tools/{toolId}/private/secrets, which only functions read, and is sent to the server as TOOL_SECRET_HEADER.
import { z } from 'zod';

export const TOOL_DESCRIPTION_MAX = 512;
export const TOOL_FIELD_LOCATIONS = ['query', 'body', 'header'] as const;
export const TOOL_FIELD_TYPES = ['string', 'number', 'boolean', 'object'] as const;
export const TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ToolMethod = (typeof TOOL_METHODS)[number];
/** The name the model calls the tool by: unique in the workspace. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
/** A field's key: the model's argument name, and the query parameter, body property or header it fills. */
export const TOOL_FIELD_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const TOOL_FIELDS_MAX = 30;
export const TOOL_SECRET_MAX = 512;
/** The header carrying the tool's server URL secret, so its server can tell our calls from anyone else's. */
export const TOOL_SECRET_HEADER = 'X-Parley-Secret';

export const toolFieldSchema = z.object({
  in: z.enum(TOOL_FIELD_LOCATIONS),
  key: z.string().min(1),
  /** A fixed value: always sent as is, never asked of the model. */
  value: z.string().optional(),
  /** Sent when the model leaves the (optional) field out; written as text, read as the field's type. */
  defaultValue: z.string().optional(),
  type: z.enum(TOOL_FIELD_TYPES).default('string'),
  description: z.string().default(''),
  required: z.boolean().default(false),
});
export type ToolField = z.infer<typeof toolFieldSchema>;

export const toolSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().max(TOOL_DESCRIPTION_MAX),
  imageUrl: z.string().optional(),
  fields: z.array(toolFieldSchema).default([]),
  serverUrl: z.url(),
  method: z.enum(TOOL_METHODS).default('POST'),
  /** Sent to the tool server; owner-only. */
  serverUrlSecret: z.string().optional(),
  userId: z.string().min(1),
  createdAt: z.number().optional(),
  updatedAt: z.number().optional(),
});
export type Tool = z.infer<typeof toolSchema>;
export const TOOL_SECRET_FIELDS = ['serverUrlSecret'] as const;

/** tools/{toolId} as the tools functions write it: never the secret, only whether there is one. */
export const storedToolSchema = toolSchema.omit({ serverUrlSecret: true }).extend({ hasSecret: z.boolean().default(false) });
export type StoredTool = z.infer<typeof storedToolSchema>;

/** tools/{toolId}/private/secrets. */
export const toolSecretsSchema = z.object({ serverUrlSecret: z.string().optional() });
