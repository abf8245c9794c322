// The Functions page's form state: what the drawer edits, checked with the same contract the function applies, and
// each problem (the contract's or the server's) put at the field it is about.
import { TOOL_SECRET_MAX, toolsApi, type ToolField, type ToolMethod } from '@parley/core';

export interface FieldDraft {
  in: ToolField['in'];
  key: string;
  type: ToolField['type'];
  description: string;
  defaultValue: string;
  required: boolean;
}

export interface ToolDraft {
  name: string;
  description: string;
  imageUrl: string;
  serverUrl: string;
  method: ToolMethod;
  fields: FieldDraft[];
  /** A new secret ('' keeps the saved one). */
  secret: string;
  clearSecret: boolean;
}

export type FormErrors = Record<string, string>;

export const emptyField = (): FieldDraft => ({ in: 'query', key: '', type: 'string', description: '', defaultValue: '', required: false });

export function draftOf(tool?: toolsApi.ToolView): ToolDraft {
  return {
    name: tool?.name ?? '',
    description: tool?.description ?? '',
    imageUrl: tool?.imageUrl ?? '',
    serverUrl: tool?.serverUrl ?? '',
    method: tool?.method ?? 'GET',
    fields: (tool?.fields ?? []).map((f) => ({ in: f.in, key: f.key, type: f.type, description: f.description, defaultValue: f.defaultValue ?? '', required: f.required })),
    secret: '',
    clearSecret: false,
  };
}

export function inputOf(draft: ToolDraft): toolsApi.ToolInput {
  return {
    name: draft.name,
    description: draft.description,
    imageUrl: draft.imageUrl.trim(),
    serverUrl: draft.serverUrl,
    method: draft.method,
    fields: draft.fields.map((f) => ({ in: f.in, key: f.key, type: f.type, description: f.description, required: f.required, ...(f.defaultValue ? { defaultValue: f.defaultValue } : {}) })),
  };
}

/** The contract's problems, by field path ("name", "fields.0.key" …); {} when the draft may be saved. */
export function validateDraft(draft: ToolDraft): FormErrors {
  const errors: FormErrors = {};
  const parsed = toolsApi.toolInputSchema.safeParse(inputOf(draft));
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  if (draft.secret.trim().length > TOOL_SECRET_MAX) errors.secret = toolsApi.TOOL_INPUT_MESSAGES.secretTooLong;
  return errors;
}

/** A refusal of the server, put at the field it is about when it names one (the rest shows under the form). */
export function serverErrorField(message: string): string | null {
  if (message === toolsApi.TOOL_INPUT_MESSAGES.nameTaken) return 'name';
  if (/address|URL|port/i.test(message)) return 'serverUrl';
  return null;
}
