// One call of a tool with checked arguments, for a conversation and for the Functions page's test alike: the
// request is sent through the one safe fetch (every address and redirect checked, the secret not carried to
// another origin, the time and size capped) and the outcome never holds the secret: the request is redacted and
// a body echoing the secret has it replaced. A refusal or failure is an outcome with our sentence, not a throw.
import { buildToolRequest, redactSecret, redactToolRequest, TOOL_SECRET_HEADER, type StoredTool, type ToolRequest } from '@parley/core';
import { safeFetch, SafeFetchError } from '../safe-fetch';
import type { ToolCallLimits } from './deps';

export interface ToolCallOutcome {
  /** The request as sent, the secret redacted. */
  request: ToolRequest;
  /** The server answered 2xx. */
  ok: boolean;
  status?: number;
  timeMs: number;
  /** The answer's body as text, the secret redacted. */
  body?: string;
  /** Why there is no answer (refused address, timeout …): our sentence, never the network's. */
  error?: string;
}

export async function callTool(tool: Pick<StoredTool, 'serverUrl' | 'method' | 'fields'>, secret: string | undefined, args: Record<string, unknown>, limits: ToolCallLimits): Promise<ToolCallOutcome> {
  const request = buildToolRequest(tool, args, secret);
  const shown = redactToolRequest(request);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await safeFetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      timeoutMs: limits.timeoutMs,
      maxBytes: limits.maxBytes,
      lookup: limits.lookup,
      privateHeaders: [TOOL_SECRET_HEADER],
    });
    return { request: shown, ok: res.ok, status: res.status, timeMs: elapsed(), body: redactSecret(res.body.toString('utf8'), secret) };
  } catch (error) {
    if (error instanceof SafeFetchError) return { request: shown, ok: false, timeMs: elapsed(), error: error.message };
    console.error('[tools] call failed:', error instanceof Error ? error.name : 'unknown');
    return { request: shown, ok: false, timeMs: elapsed(), error: 'The tool could not be called.' };
  }
}
