// What a tool is to the model and to its server, from its fields alone (pure, shared by the functions and the
// dashboard): the JSON Schema the model is offered, the check of the model's arguments against it (nothing is sent
// before it passes), and the HTTP request the arguments make, with the secret redacted for anything shown or stored.
import { z } from 'zod';
import { TOOL_SECRET_HEADER, type StoredTool, type ToolField, type ToolMethod } from './tool';

export interface ToolParametersSchema {
  type: 'object';
  properties: Record<string, { type: ToolField['type']; description?: string }>;
  required: string[];
  additionalProperties: false;
}

/** Fields the model fills: every field without a fixed value. */
export const modelFields = (fields: readonly ToolField[]): ToolField[] => fields.filter((f) => f.value === undefined);

/** The JSON Schema of the tool's arguments, as OpenAI-style function parameters. */
export function toolParameters(fields: readonly ToolField[]): ToolParametersSchema {
  const properties: ToolParametersSchema['properties'] = {};
  const required: string[] = [];
  for (const field of modelFields(fields)) {
    properties[field.key] = { type: field.type, ...(field.description.trim() ? { description: field.description.trim() } : {}) };
    if (field.required) required.push(field.key);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

// Header values go on one line: a line break would smuggle another header in.
const ONE_LINE = /^[^\r\n\0]*$/;

function valueSchema(field: ToolField): z.ZodType {
  switch (field.type) {
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'object':
      return z.record(z.string(), z.unknown());
    default:
      return field.in === 'header' ? z.string().max(4000).regex(ONE_LINE, 'must be on one line') : z.string().max(4000);
  }
}

/** The zod schema the model's arguments must satisfy: the JSON Schema above, checked. */
export function toolArgumentsSchema(fields: readonly ToolField[]): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of modelFields(fields)) shape[field.key] = field.required ? valueSchema(field) : valueSchema(field).optional();
  return z.strictObject(shape);
}

export type ArgumentsCheck = { ok: true; args: Record<string, unknown> } | { ok: false; error: string };

/** The model's arguments (a JSON text) checked against the tool's fields: the parsed object, or a sentence saying what is wrong. */
export function checkToolArguments(fields: readonly ToolField[], raw: string | Record<string, unknown>): ArgumentsCheck {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() ? JSON.parse(raw) : {};
    } catch {
      return { ok: false, error: 'The arguments are not valid JSON.' };
    }
  }
  const parsed = toolArgumentsSchema(fields).safeParse(value);
  if (parsed.success) return { ok: true, args: parsed.data };
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`);
  return { ok: false, error: `Invalid arguments — ${problems.join('; ')}.` };
}

/** A default value (written as text) read as its field's type, or undefined when it is not one. */
export function readDefault(field: Pick<ToolField, 'type'>, text: string): unknown {
  switch (field.type) {
    case 'number': {
      const n = Number(text.trim());
      return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return text.trim() === 'true' ? true : text.trim() === 'false' ? false : undefined;
    case 'object':
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : undefined;
      } catch {
        return undefined;
      }
    default:
      return text;
  }
}

export interface ToolRequest {
  method: ToolMethod;
  url: string;
  headers: Record<string, string>;
  /** JSON, when the tool has body fields with a value. */
  body?: string;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The request checked arguments make: each field from its fixed value, the argument, or its default (in that
 * order); query fields on the URL, header fields as headers, body fields as a JSON object; the secret as
 * TOOL_SECRET_HEADER (a field cannot replace it: such keys are refused when the tool is saved).
 */
export function buildToolRequest(tool: Pick<StoredTool, 'serverUrl' | 'method' | 'fields'>, args: Record<string, unknown>, secret?: string): ToolRequest {
  const url = new URL(tool.serverUrl);
  const headers: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  let hasBody = false;
  for (const field of tool.fields) {
    const value = field.value !== undefined ? readDefault(field, field.value) ?? field.value : args[field.key] !== undefined ? args[field.key] : field.defaultValue !== undefined ? readDefault(field, field.defaultValue) : undefined;
    if (value === undefined) continue;
    if (field.in === 'query') url.searchParams.set(field.key, asText(value));
    else if (field.in === 'header') headers[field.key] = asText(value);
    else {
      body[field.key] = value;
      hasBody = true;
    }
  }
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (secret) headers[TOOL_SECRET_HEADER] = secret;
  return { method: tool.method, url: url.href, headers, ...(hasBody ? { body: JSON.stringify(body) } : {}) };
}

export const REDACTED = '[redacted]';

/** The request as it may be shown or stored: the secret header's value replaced. */
export function redactToolRequest(request: ToolRequest): ToolRequest {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, k.toLowerCase() === TOOL_SECRET_HEADER.toLowerCase() ? REDACTED : v]));
  return { ...request, headers };
}

/** Text with every occurrence of the secret replaced (a server that echoes its request must not hand it on). */
export function redactSecret(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join(REDACTED) : text;
}
