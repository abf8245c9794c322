// Agent tools (functions the agent can call over HTTP).
import { z } from 'zod';

export const TOOL_DESCRIPTION_MAX = 512;
export const TOOL_FIELD_LOCATIONS = ['query', 'body', 'header'] as const;
export const TOOL_FIELD_TYPES = ['string', 'number', 'boolean', 'object'] as const;

export const toolFieldSchema = z.object({
  in: z.enum(TOOL_FIELD_LOCATIONS),
  key: z.string().min(1),
  value: z.string().optional(),
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
  /** Sent to the tool server; owner-only. */
  serverUrlSecret: z.string().optional(),
  userId: z.string().min(1),
  createdAt: z.number().optional(),
  updatedAt: z.number().optional(),
});
export const storedToolSchema = toolSchema.loose();
export type Tool = z.infer<typeof toolSchema>;
export const TOOL_SECRET_FIELDS = ['serverUrlSecret'] as const;
