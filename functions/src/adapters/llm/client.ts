// The provider-agnostic LLM client: any OpenAI-compatible endpoint (OpenAI, Azure, Groq, Ollama, vLLM)
// through the official `openai` client. Retries are ours (withRetry) so they respect one deadline.
import OpenAI from 'openai';
import type { LlmSettings } from './settings';
import { DeadlineExceeded, withRetry } from './retry';
import { estimateTokens } from './tokens';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  model: string;
  messages: LlmMessage[];
  temperature: number;
  maxTokens: number;
}

export interface CompletionResult {
  text: string;
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

function clientFor(settings: LlmSettings): OpenAI {
  const key = `${settings.baseURL ?? ''}|${settings.apiKey}`;
  let client = clients.get(key);
  if (!client) {
    client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, maxRetries: 0 });
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
  const client = clientFor(settings);
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
        },
        { timeout: Math.min(timeoutMs, timing.attemptTimeoutMs), maxRetries: 0 },
      );
      let text = '';
      let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
      let modelId = request.model;
      for await (const chunk of stream) {
        if (chunk.model) modelId = chunk.model;
        if (chunk.usage) usage = chunk.usage;
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) {
          text += piece;
          emitted = true;
          onDelta(piece);
        }
      }
      const promptText = request.messages.map((m) => m.content).join('\n');
      return {
        text,
        inputTokens: usage?.prompt_tokens ?? estimateTokens(promptText),
        outputTokens: usage?.completion_tokens ?? estimateTokens(text),
        modelId,
        attempts,
      };
    },
    { ...timing, canRetry: () => !emitted },
  );
}

export { DeadlineExceeded };
