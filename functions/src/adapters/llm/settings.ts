// Provider configuration, read at call time so tests and the local stack can point it at fakes.
import { defineSecret } from 'firebase-functions/params';

/** Bind these to the api function for deploys (`secrets: RUNTIME_SECRETS`). */
export const openaiApiKey = defineSecret('OPENAI_API_KEY');
export const RUNTIME_SECRETS = [openaiApiKey];

export interface LlmSettings {
  apiKey: string;
  /** undefined = the provider's default (api.openai.com). */
  baseURL: string | undefined;
  defaultModel: string;
  /** How requests are sent (a workspace's own provider: through the safe fetch); undefined = the platform's fetch. */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

export const FALLBACK_MODEL = 'gpt-4o-mini';
export const VOICEFLOW_DEFAULT_BASE = 'https://general-runtime.voiceflow.com';

/** The LLM settings, or null when no LLM is configured (the offline responder answers). */
export function llmSettings(env: NodeJS.ProcessEnv = process.env): LlmSettings | null {
  // Reading through the secret param only when it is set avoids its "no value" warning per message.
  const apiKey = env.OPENAI_API_KEY === undefined ? '' : env === process.env ? openaiApiKey.value() : env.OPENAI_API_KEY;
  if (!apiKey) return null;
  return {
    apiKey,
    baseURL: env.OPENAI_BASE_URL || undefined,
    defaultModel: env.LLM_DEFAULT_MODEL || FALLBACK_MODEL,
  };
}

export function voiceflowBase(env: NodeJS.ProcessEnv = process.env): string {
  return (env.VOICEFLOW_API_BASE || VOICEFLOW_DEFAULT_BASE).replace(/\/$/, '');
}
