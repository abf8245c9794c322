// An OpenAI-compatible stand-in for the chat completions API (POST /v1/chat/completions, JSON and SSE).
// Its answers are derived from the request: the key sentence of the last user message and the
// retrieved context found in the system messages, so tests can see what the runtime sent. When functions are
// offered it calls them by the deterministic rule of tool-rule.ts (README.md).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from '../listen';
import { answerFromResults, isTransition, KEEP_CALLING, plannedCalls, type OfferedFunction, type PlannedCall } from './tool-rule';

export interface ScriptedFailure {
  /** HTTP status to answer with (429, 500, 503 …), or 'timeout' to hold the request without answering. */
  status: number | 'timeout';
  message?: string;
}

interface Control {
  /** Delay before the first byte (ms). */
  latencyMs: number;
  /** Delay between streamed chunks (ms). */
  chunkDelayMs: number;
  /** Failures served, in order, to the next requests. */
  failures: ScriptedFailure[];
}

interface ChatMessage {
  role: string;
  content?: string | Array<{ type: string; text?: string }> | null;
  tool_calls?: Array<{ function?: { name?: string } }>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  ts: number;
}

/** The function results that end the conversation so far (the turn after a call). */
function trailingResults(messages: ChatMessage[]): string[] {
  const results: string[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]!.role === 'tool'; i--) results.unshift(textOf(messages[i]!.content));
  return results;
}

/**
 * Whether the trailing results all answer a flow's transition (a function offered now as one: its name is the same
 * in every step): the conversation moved, and the model goes on in the new step as if just asked.
 */
function onlyMoved(messages: ChatMessage[], tools: readonly OfferedFunction[] | undefined): boolean {
  let i = messages.length - 1;
  while (i >= 0 && messages[i]!.role === 'tool') i--;
  const called = (messages[i]?.tool_calls ?? []).map((c) => c.function?.name);
  const transitions = new Set((tools ?? []).filter(isTransition).map((t) => t.function.name));
  return called.length > 0 && called.every((name) => name !== undefined && transitions.has(name)) && !trailingResults(messages).some((r) => r.startsWith('Error:'));
}

function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => part.text ?? '').join(' ');
  return '';
}

/** The longest sentence of a text: a cheap stand-in for "what the visitor is asking". */
export function keySentence(text: string): string {
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return sentences.reduce((best, s) => (s.length > best.length ? s : best), '').slice(0, 300);
}

const words = (text: string): string[] => (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/**
 * The context sentence (from the system messages, between <context> tags) that shares the most words
 * with the question: what a model grounded in the retrieved passages would quote.
 */
function contextOf(messages: ChatMessage[], question: string): string {
  const system = messages.filter((m) => m.role === 'system').map((m) => textOf(m.content)).join('\n');
  const tagged = /<context>([\s\S]*?)<\/context>/i.exec(system)?.[1]?.trim();
  if (!tagged) return '';
  const sentences = tagged
    .replace(/^\[\d+\][^:]*:\s*/gm, '')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const asked = new Set(words(question).map((w) => w.replace(/s$/, '')));
  let best = sentences[0] ?? '';
  let bestScore = -1;
  for (const sentence of sentences) {
    const score = words(sentence).filter((w) => asked.has(w.replace(/s$/, ''))).length;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  return best.slice(0, 400);
}

/** Builds the fake's answer from the request. */
export function answerFor(messages: ChatMessage[]): string {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const question = lastUser ? keySentence(textOf(lastUser.content)) : '';
  const context = contextOf(messages, question);
  const parts: string[] = [];
  // In a flow's step (the runtime writes <step name="…"> in the system message) the answer names the step.
  const step = /<step name="([^"]*)">/.exec(messages.filter((m) => m.role === 'system').map((m) => textOf(m.content)).join('\n'))?.[1];
  if (step) parts.push(`[${step}]`);
  parts.push(question ? `You asked: "${question}".` : 'Hello! How can I help you today?');
  parts.push(context ? `From the knowledge base: ${context}` : 'I have no context on that.');
  return parts.join(' ');
}

const estimateTokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4));

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  return JSON.parse(text);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Splits an answer into word-sized pieces so streaming carries several chunks. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [text];
}

/** The key's last 4 characters only: enough for a test to tell whose key was used, never the key itself. */
const maskedBearer = (value: string) => `Bearer ***${value.replace(/^Bearer\s+/i, '').slice(-4)}`;

export async function start(opts: { port: number }): Promise<{ url: string; stop(): Promise<void> }> {
  const control: Control = { latencyMs: 0, chunkDelayMs: 0, failures: [] };
  const recorded: RecordedRequest[] = [];
  const held = new Set<ServerResponse>();
  let counter = 0;

  return listen((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      try {
        if (url.pathname === '/__recorded') {
          if (req.method === 'DELETE') {
            recorded.length = 0;
            return json(res, 200, { ok: true });
          }
          return json(res, 200, recorded);
        }
        if (url.pathname === '/__control') {
          if (req.method === 'GET') return json(res, 200, control);
          const body = (await readJson(req)) as Partial<Control> & { reset?: boolean };
          if (body.reset) Object.assign(control, { latencyMs: 0, chunkDelayMs: 0, failures: [] });
          if (typeof body.latencyMs === 'number') control.latencyMs = body.latencyMs;
          if (typeof body.chunkDelayMs === 'number') control.chunkDelayMs = body.chunkDelayMs;
          if (Array.isArray(body.failures)) control.failures = [...body.failures];
          return json(res, 200, control);
        }
        if (url.pathname === '/v1/models' && req.method === 'GET') {
          return json(res, 200, { object: 'list', data: [{ id: 'fake-gpt', object: 'model', created: 0, owned_by: 'parley-fake' }] });
        }
        if (url.pathname !== '/v1/chat/completions' || req.method !== 'POST') {
          return json(res, 404, { error: { message: `Unknown path ${url.pathname}`, type: 'invalid_request_error' } });
        }
        let body: {
          model?: string; messages?: ChatMessage[]; stream?: boolean; stream_options?: { include_usage?: boolean };
          tools?: OfferedFunction[]; tool_choice?: string;
        };
        try {
          body = (await readJson(req)) as typeof body;
        } catch {
          return json(res, 400, { error: { message: 'Invalid JSON body', type: 'invalid_request_error' } });
        }
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = k === 'authorization' ? maskedBearer(v) : v;
        recorded.push({ method: req.method, path: url.pathname, headers, body, ts: Date.now() });
        if (!req.headers.authorization) {
          return json(res, 401, { error: { message: 'You must provide an API key.', type: 'invalid_request_error' } });
        }
        if (!Array.isArray(body.messages) || body.messages.length === 0) {
          return json(res, 400, { error: { message: "'messages' is required", type: 'invalid_request_error' } });
        }
        const failure = control.failures.shift();
        if (failure) {
          if (failure.status === 'timeout') {
            held.add(res);
            res.on('close', () => held.delete(res));
            return; // never answer: the client's timeout must fire
          }
          const type = failure.status === 429 ? 'rate_limit_exceeded' : 'server_error';
          return json(res, failure.status, { error: { message: failure.message ?? `Scripted failure ${failure.status}`, type } });
        }
        if (control.latencyMs > 0) await sleep(control.latencyMs);
        const model = body.model ?? 'fake-gpt';
        const moved = onlyMoved(body.messages, body.tools);
        // After a flow's transition the new step answers the same message: results of a move are not an answer.
        const results = moved ? [] : trailingResults(body.messages);
        const lastUser = [...body.messages].reverse().find((m) => m.role === 'user');
        const userText = lastUser ? textOf(lastUser.content) : '';
        // After results the model answers, unless the user asked it to keep calling (a test of the rounds cap).
        const mayCall = moved || (results.length === 0 ? body.messages.at(-1)?.role === 'user' : KEEP_CALLING.test(userText));
        const calls: PlannedCall[] =
          mayCall && Array.isArray(body.tools) && body.tools.length > 0 && body.tool_choice !== 'none' ? plannedCalls(body.tools, userText) : [];
        const answer = calls.length > 0 ? '' : results.length > 0 ? answerFromResults(results) : answerFor(body.messages);
        const promptTokens = estimateTokens(body.messages.map((m) => textOf(m.content)).join('\n'));
        const completionTokens = estimateTokens(answer || JSON.stringify(calls));
        const id = `chatcmpl-fake-${++counter}`;
        const created = Math.floor(Date.now() / 1000);
        const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
        const toolCalls = calls.map((call, i) => ({ id: `call_fake_${counter}_${i}`, type: 'function', function: { name: call.name, arguments: call.arguments } }));
        if (!body.stream) {
          const message = toolCalls.length > 0 ? { role: 'assistant', content: null, tool_calls: toolCalls, refusal: null } : { role: 'assistant', content: answer, refusal: null };
          return json(res, 200, {
            id, object: 'chat.completion', created, model,
            choices: [{ index: 0, message, finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop', logprobs: null }],
            usage,
          });
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }], ...extra })}\n\n`;
        if (toolCalls.length > 0) {
          // As OpenAI streams calls: the id and name first, then the arguments in fragments, by index.
          res.write(chunk({ role: 'assistant', content: null }, null));
          toolCalls.forEach((call, index) => {
            res.write(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }, null));
            const args = call.function.arguments;
            for (let at = 0; at < args.length; at += 8) res.write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(at, at + 8) } }] }, null));
          });
          res.write(chunk({}, 'tool_calls'));
        } else {
          res.write(chunk({ role: 'assistant', content: '' }, null));
          for (const piece of pieces(answer)) {
            if (res.destroyed) return;
            res.write(chunk({ content: piece }, null));
            if (control.chunkDelayMs > 0) await sleep(control.chunkDelayMs);
          }
          res.write(chunk({}, 'stop'));
        }
        if (body.stream_options?.include_usage) {
          res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`);
        }
        res.write('data: [DONE]\n\n');
        res.end();
      } catch (error) {
        if (!res.headersSent) json(res, 500, { error: { message: error instanceof Error ? error.message : 'fake failed', type: 'server_error' } });
        else res.end();
      }
    })();
  }, opts.port, () => {
    for (const res of held) res.destroy();
  });
}
