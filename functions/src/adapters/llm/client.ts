// The provider-agnostic LLM client: any OpenAI-compatible endpoint (OpenAI, Azure, Groq, Ollama, vLLM)
// through the official `openai` client. Retries are ours (withRetry) so they respect one deadline.
import type OpenAI from 'openai';
import type { LlmSettings } from './settings';
import { DeadlineExceeded, withRetry } from './retry';
import { estimateTokens } from './tokens';

/** A function the model asked for: its call id, the function's name and its arguments as JSON text. */
export interface LlmToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type LlmMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: LlmToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A function offered to the model (OpenAI-style): its parameters are a JSON Schema. */
export interface LlmFunction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface CompletionRequest {
  model: string;
  messages: LlmMessage[];
  temperature: number;
  maxTokens: number;
  /** Functions the model may call (none: a plain answer). */
  tools?: LlmFunction[];
  /** 'none' keeps the functions in view but asks for a written answer (the last round of a turn). */
  toolChoice?: 'auto' | 'none';
  /** Stops the request and its retries (the answer it was for was refused meanwhile). */
  signal?: AbortSignal;
}

export interface CompletionResult {
  text: string;
  /** The functions the model asked for, in order (empty for a written answer). */
  toolCalls: LlmToolCall[];
  inputTokens: number;
  outputTokens: number;
  modelId: string;
  attempts: number;
}

export interface LlmTiming {
  /** Overall deadline for all attempts (ms). */
  deadlineMs: number;
  /** First backoff pause (ms). */
  baseDelayMs: number;
  maxAttempts: number;
  /** Longest wait for one attempt (ms), so a hung request leaves time to retry. */
  attemptTimeoutMs: number;
}

export const DEFAULT_TIMING: LlmTiming = { deadlineMs: 30_000, baseDelayMs: 400, maxAttempts: 4, attemptTimeoutMs: 12_000 };

const clients = new Map<string, OpenAI>();

/**
 * The OpenAI SDK, loaded at the first completion: most functions never call a model, and each instance would
 * otherwise pay for importing it at its start.
 */
export const openAiSdk = async (): Promise<typeof OpenAI> => (await import('openai')).default;

async function clientFor(settings: LlmSettings): Promise<OpenAI> {
  const key = `${settings.fetch ? 'own|' : ''}${settings.baseURL ?? ''}|${settings.apiKey}`;
  let client = clients.get(key);
  if (!client) {
    const OpenAIClient = await openAiSdk();
    client = clients.get(key) ?? new OpenAIClient({ apiKey: settings.apiKey, baseURL: settings.baseURL, maxRetries: 0, ...(settings.fetch ? { fetch: settings.fetch } : {}) });
    clients.set(key, client);
  }
  return client;
}

/** Streams a completion, calling onDelta for each piece of text; retries only before the first piece. */
export async function streamCompletion(
  settings: LlmSettings,
  request: CompletionRequest,
  onDelta: (text: string) => void,
  timing: LlmTiming = DEFAULT_TIMING,
): Promise<CompletionResult> {
  const client = await clientFor(settings);
  let emitted = false;
  let attempts = 0;
  return withRetry(
    async (timeoutMs) => {
      attempts++;
      const stream = await client.chat.completions.create(
        {
          model: request.model,
          messages: request.messages,
          temperature: request.temperature,
          max_tokens: request.maxTokens,
          stream: true,
          stream_options: { include_usage: true },
          // Providers refuse an empty list: functions are named only when there are some.
          ...(request.tools && request.tools.length > 0
            ? { tools: request.tools.map((fn) => ({ type: 'function' as const, function: fn })), tool_choice: request.toolChoice ?? 'auto' }
            : {}),
        },
        { timeout: Math.min(timeoutMs, timing.attemptTimeoutMs), maxRetries: 0, ...(request.signal ? { signal: request.signal } : {}) },
      );
      let text = '';
      let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
      let modelId = request.model;
      // A call arrives in pieces, by index: the id and name first, the arguments' JSON in fragments.
      const toolCalls: LlmToolCall[] = [];
      for await (const chunk of stream) {
        if (chunk.model) modelId = chunk.model;
        if (chunk.usage) usage = chunk.usage;
        for (const call of chunk.choices[0]?.delta?.tool_calls ?? []) {
          const slot = (toolCalls[call.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
          if (call.id) slot.id = call.id;
          if (call.function?.name) slot.function.name += call.function.name;
          if (call.function?.arguments) slot.function.arguments += call.function.arguments;
        }
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) {
          text += piece;
          emitted = true;
          onDelta(piece);
        }
      }
      const promptText = request.messages.map((m) => m.content ?? '').join('\n');
      return {
        text,
        toolCalls: toolCalls.filter(Boolean).map((call, i) => ({ ...call, id: call.id || `call_${i}` })),
        inputTokens: usage?.prompt_tokens ?? estimateTokens(promptText),
        outputTokens: usage?.completion_tokens ?? estimateTokens(text),
        modelId,
        attempts,
      };
    },
    { ...timing, canRetry: () => !emitted && !request.signal?.aborted },
  );
}

export { DeadlineExceeded };
