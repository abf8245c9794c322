/**
 * A Vapi stand-in: the REST API the server SDK calls, and calls simulated without audio.
 *   POST/GET /assistant, GET/PATCH/DELETE /assistant/{id}   assistants (400 with Vapi's error shape for an unknown
 *                                                           voice or transcriber provider, or an empty voice id)
 *   POST/GET /phone-number, GET/PATCH/DELETE /phone-number/{id}   numbers (provider twilio)
 *   POST /call { assistantId, phoneNumberId, customer }     an outbound call;  POST /call/web { assistantId } a web call
 *   GET /call/{id}                                          a call as it stands
 * Every API request needs `Authorization: Bearer {key}`: the platform's key (FAKE_VAPI_KEY) or a workspace's own
 * (any key starting OWN_VAPI_KEY_PREFIX); another is refused with Vapi's 401. Each key is its own account: assistants,
 * numbers and calls made with one are not found with another, and every recorded request names its key. Webhooks ("server messages") go to the assistant's or number's
 * server URL with its headers (the secret in `x-vapi-secret`), as `{ message: { type, call, … } }`.
 * GET /                                  the call simulator page (page.ts), linked from the mailbox
 * GET /voice/sounds/{name}.mp3           a short sample sound (sounds.ts): voice samples and background sounds
 * Simulation (CORS *):
 *   GET /__sim/numbers                     the connected numbers
 *   POST /__sim/ring { number, from }      an inbound call: assistant-request to the number's server, answered with an
 *                                          assistant of the number's account (`assistantId`) or a transient one
 *                                          (`assistant`); { callId, assistantId | transient, error? }
 *   POST /__sim/calls/{id}/start           an outbound or web call connects (status-update in-progress)
 *   POST /__sim/calls/{id}/say { text }    the caller says a line: transcript, then the assistant's custom LLM is called
 *                                          (POST {model.url}/chat/completions, streamed) and its answer spoken; { reply }
 *                                          (?stream=1: the answer as text/plain, written piece by piece as it streams)
 *   POST /__sim/calls/{id}/hangup [{ durationSeconds }]  the caller hangs up: status-update ended, end-of-call-report
 *   POST /__sim/calls/{id}/report          sends the end-of-call report again (Vapi sends it once; a replay test)
 *   GET /__sim/calls                       every call with its transcript
 *   GET /__recorded, DELETE /__recorded    the API requests and the webhooks sent (with their answers)
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { portOverride } from '../../stack/ports';
import { listen, readBody } from '../listen';
import { renderCallSimulator } from './page';
import { silentMp3, SOUND_PATH } from './sounds';

type Json = Record<string, unknown>;

export const VOICE_PROVIDERS = ['deepgram', '11labs', 'azure', 'openai', 'playht', 'cartesia', 'rime-ai', 'lmnt', 'vapi'] as const;
export const TRANSCRIBER_PROVIDERS = ['deepgram', 'assembly-ai', 'azure', 'gladia', 'google', 'speechmatics', 'talkscriber', 'openai'] as const;
export const FAKE_VAPI_KEY = 'vapi-local-fake-key';
/** Keys the stand-in accepts besides the platform's: a workspace's own Vapi account (`vapi-own-…`). */
export const OWN_VAPI_KEY_PREFIX = 'vapi-own-';
const knownKey = (key: string) => key === FAKE_VAPI_KEY || (key.startsWith(OWN_VAPI_KEY_PREFIX) && key.length > OWN_VAPI_KEY_PREFIX.length);
/** What a simulated minute of call costs at the provider (USD), for end-of-call reports. */
export const COST_PER_MINUTE_USD = 0.1;

interface Turn {
  role: 'user' | 'assistant';
  text: string;
}

interface SimCall {
  id: string;
  type: 'inboundPhoneCall' | 'outboundPhoneCall' | 'webCall';
  status: 'queued' | 'ringing' | 'in-progress' | 'ended';
  assistantId: string;
  phoneNumberId?: string;
  customer?: { number?: string };
  metadata: Json;
  createdAt: string;
  startedAt?: string;
  endedAt?: string;
  endedReason?: string;
  cost?: number;
  turns: Turn[];
  server?: { url: string; headers: Record<string, string> };
  webCallUrl?: string;
  /** A transient assistant (an assistant-request answered with `assistant`): kept for this call only. */
  assistant?: Json;
}

export interface VapiRecord {
  kind: 'api' | 'webhook' | 'llm';
  method: string;
  path: string;
  body: unknown;
  headers?: Record<string, string>;
  /** The API key the request was made with (API requests only): which account it acted on. */
  key?: string;
  status?: number;
  answer?: unknown;
  ts: number;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}

const badRequest = (res: ServerResponse, messages: string[]) => json(res, 400, { message: messages, error: 'Bad Request', statusCode: 400 });
const notFound = (res: ServerResponse, what: string) => json(res, 404, { message: `Couldn't Find ${what}`, error: 'Not Found', statusCode: 404 });

function assistantErrors(body: Json): string[] {
  const errors: string[] = [];
  const voice = body.voice as Json | undefined;
  const transcriber = body.transcriber as Json | undefined;
  if (voice && !(VOICE_PROVIDERS as readonly string[]).includes(String(voice.provider))) errors.push(`voice.provider must be one of the following values: ${VOICE_PROVIDERS.join(', ')}`);
  if (voice && !String(voice.voiceId ?? '').trim()) errors.push('voice.voiceId should not be empty');
  if (transcriber && !(TRANSCRIBER_PROVIDERS as readonly string[]).includes(String(transcriber.provider))) {
    errors.push(`transcriber.provider must be one of the following values: ${TRANSCRIBER_PROVIDERS.join(', ')}`);
  }
  const model = body.model as Json | undefined;
  if (model?.provider === 'custom-llm' && !/^https?:\/\//.test(String(model.url ?? ''))) errors.push('model.url must be a URL address');
  return errors;
}

/**
 * The text of an OpenAI streamed answer (chat.completion.chunk events, each delta handed to `onDelta` as it arrives),
 * or of a plain chat.completion.
 */
async function completionText(res: Response, onDelta: (text: string) => void = () => undefined): Promise<string> {
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) {
    const body = JSON.parse((await res.text()) || '{}') as { choices?: Array<{ message?: { content?: string } }> };
    const text = body.choices?.[0]?.message?.content ?? '';
    if (text) onDelta(text);
    return text;
  }
  let out = '';
  let pending = '';
  const decoder = new TextDecoder();
  const take = (line: string) => {
    const data = line.startsWith('data:') ? line.slice(5).trim() : '';
    if (!data || data === '[DONE]') return;
    const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }> };
    const piece = chunk.choices?.[0]?.delta?.content ?? '';
    if (!piece) return;
    out += piece;
    onDelta(piece);
  };
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    lines.forEach(take);
  }
  take(pending);
  return out;
}

export async function start(opts: { port: number; mailboxUrl?: string | null }) {
  const mailboxUrl = opts.mailboxUrl === undefined ? `http://127.0.0.1:${portOverride('resend', 9401)}/` : opts.mailboxUrl;
  const recorded: VapiRecord[] = [];
  const assistants = new Map<string, Json>();
  const numbers = new Map<string, Json>();
  const calls = new Map<string, SimCall>();
  /** Which key (account) made each assistant, number and call. */
  const accountOf = new Map<string, string>();
  let baseUrl = '';

  const now = () => new Date().toISOString();
  const callView = (call: SimCall): Json => {
    const { turns, server: _server, ...rest } = call;
    const number = call.phoneNumberId ? numbers.get(call.phoneNumberId) : undefined;
    return { ...rest, orgId: 'org-local', updatedAt: now(), ...(number ? { phoneNumber: { number: number.number } } : {}), messages: turns.map((t) => ({ role: t.role === 'user' ? 'user' : 'bot', message: t.text })) };
  };

  /** Sends one server message to the call's server; answers its JSON (null when it failed). */
  async function webhook(call: SimCall, message: Json): Promise<Json | null> {
    const server = call.server ?? serverOf(assistantOf(call));
    if (!server) return null;
    const body = { message: { timestamp: Date.now(), call: callView(call), ...(call.customer ? { customer: call.customer } : {}), ...message } };
    try {
      const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', ...server.headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
      const answer = (await res.json().catch(() => null)) as Json | null;
      recorded.push({ kind: 'webhook', method: 'POST', path: server.url, body, headers: server.headers, status: res.status, answer, ts: Date.now() });
      return res.ok ? answer : null;
    } catch (error) {
      recorded.push({ kind: 'webhook', method: 'POST', path: server.url, body, status: 0, answer: String(error), ts: Date.now() });
      return null;
    }
  }

  /** The assistant answering the call: its own transient one, or the stored one it names. */
  const assistantOf = (call: SimCall): Json | undefined => call.assistant ?? assistants.get(call.assistantId);

  function serverOf(holder: Json | undefined): SimCall['server'] {
    const server = holder?.server as { url?: string; headers?: Record<string, string> } | undefined;
    return server?.url ? { url: server.url, headers: server.headers ?? {} } : undefined;
  }

  async function connect(call: SimCall): Promise<void> {
    call.status = 'in-progress';
    call.startedAt = now();
    await webhook(call, { type: 'status-update', status: 'in-progress' });
    const first = String(assistantOf(call)?.firstMessage ?? '');
    if (first) call.turns.push({ role: 'assistant', text: first });
  }

  async function say(call: SimCall, text: string, onDelta?: (text: string) => void): Promise<string> {
    call.turns.push({ role: 'user', text });
    await webhook(call, { type: 'transcript', role: 'user', transcriptType: 'final', transcript: text });
    const assistant = assistantOf(call) ?? {};
    const model = (assistant.model ?? {}) as { url?: string; headers?: Record<string, string>; model?: string };
    if (!model.url) return '';
    const body = {
      model: model.model ?? 'parley',
      stream: true,
      messages: call.turns.map((t) => ({ role: t.role, content: t.text })),
      call: callView(call),
      metadata: call.metadata,
    };
    const url = `${model.url.replace(/\/$/, '')}/chat/completions`;
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(model.headers ?? {}) }, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
    const reply = res.ok ? await completionText(res, onDelta) : '';
    recorded.push({ kind: 'llm', method: 'POST', path: url, body, status: res.status, answer: reply, ts: Date.now() });
    if (reply) {
      call.turns.push({ role: 'assistant', text: reply });
      await webhook(call, { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: reply });
    }
    return reply;
  }

  function report(call: SimCall, durationSeconds: number): Json {
    const recording = Boolean((assistantOf(call)?.artifactPlan as Json | undefined)?.recordingEnabled);
    return {
      type: 'end-of-call-report',
      endedReason: call.endedReason ?? 'customer-ended-call',
      cost: call.cost ?? 0,
      durationSeconds,
      durationMs: durationSeconds * 1000,
      startedAt: call.startedAt ?? call.createdAt,
      endedAt: call.endedAt ?? now(),
      artifact: {
        transcript: call.turns.map((t) => `${t.role === 'user' ? 'User' : 'AI'}: ${t.text}`).join('\n'),
        messages: call.turns.map((t) => ({ role: t.role === 'user' ? 'user' : 'bot', message: t.text })),
        ...(recording ? { recordingUrl: `${baseUrl}/__recordings/${call.id}.wav` } : {}),
      },
      analysis: {},
    };
  }
  const durations = new Map<string, number>();

  async function hangup(call: SimCall, durationSeconds?: number, reason = 'customer-ended-call'): Promise<Json> {
    const started = call.startedAt ? Date.parse(call.startedAt) : Date.now();
    const seconds = durationSeconds ?? Math.max(0, Math.round((Date.now() - started) / 1000));
    call.status = 'ended';
    call.endedAt = now();
    call.endedReason = reason;
    call.cost = Math.round((seconds / 60) * COST_PER_MINUTE_USD * 10_000) / 10_000;
    durations.set(call.id, seconds);
    await webhook(call, { type: 'status-update', status: 'ended', endedReason: reason });
    const sent = report(call, seconds);
    await webhook(call, sent);
    return sent;
  }

  const newCall = (type: SimCall['type'], assistantId: string, extra: Partial<SimCall> = {}): SimCall => {
    const call: SimCall = { id: randomUUID(), type, status: 'queued', assistantId, metadata: {}, createdAt: now(), turns: [], ...extra };
    calls.set(call.id, call);
    return call;
  };

  async function simulate(res: ServerResponse, method: string, path: string, input: Json, stream: boolean): Promise<void> {
    if (path === '/__sim/numbers' && method === 'GET') return json(res, 200, { numbers: [...numbers.values()].map((n) => ({ id: n.id, number: n.number, name: n.name ?? null })) });
    if (path === '/__sim/calls' && method === 'GET') return json(res, 200, { calls: [...calls.values()].map((c) => ({ ...callView(c), turns: c.turns })) });
    if (path === '/__sim/ring' && method === 'POST') {
      const number = [...numbers.values()].find((n) => n.number === input.number);
      if (!number) return json(res, 404, { error: `No number ${String(input.number)} is connected.` });
      const call = newCall('inboundPhoneCall', '', { phoneNumberId: String(number.id), customer: { number: String(input.from ?? '+15005550006') }, server: serverOf(number), status: 'ringing' });
      // The call is in the number's account, and only an assistant of that account can answer it.
      const account = accountOf.get(String(number.id)) ?? '';
      accountOf.set(call.id, account);
      const answer = await webhook(call, { type: 'assistant-request', phoneNumber: number });
      // A transient assistant (`assistant`, given whole) answers in any account; one named by id must be of the call's.
      const transient = answer?.assistant && typeof answer.assistant === 'object' && !assistantErrors(answer.assistant as Json).length ? (answer.assistant as Json) : undefined;
      const assistantId = typeof answer?.assistantId === 'string' ? answer.assistantId : '';
      if (!answer || typeof answer.error === 'string' || (!transient && (!assistants.has(assistantId) || accountOf.get(assistantId) !== account))) {
        const error = typeof answer?.error === 'string' ? answer.error : 'assistant-request-failed';
        call.turns.push({ role: 'assistant', text: error });
        call.status = 'ended';
        call.endedAt = now();
        call.endedReason = answer ? 'assistant-request-returned-error' : 'assistant-request-failed';
        return json(res, 200, { callId: call.id, error });
      }
      if (transient) call.assistant = transient;
      else call.assistantId = assistantId;
      call.server = serverOf(assistantOf(call)) ?? call.server;
      await connect(call);
      return json(res, 200, { callId: call.id, ...(transient ? { transient: true } : { assistantId }) });
    }
    const match = /^\/__sim\/calls\/([^/]+)\/(start|say|hangup|report)$/.exec(path);
    const call = match ? calls.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || method !== 'POST') return json(res, 404, { error: 'Unknown simulator call' });
    if (!call) return json(res, 404, { error: 'No such call' });
    if (match[2] === 'start') {
      if (call.status !== 'ended') await connect(call);
      return json(res, 200, { ok: true });
    }
    if (match[2] === 'say') {
      if (call.status !== 'in-progress') return json(res, 409, { error: 'The call is not in progress.' });
      if (!stream) return json(res, 200, { reply: await say(call, String(input.text ?? '')) });
      // ?stream=1: the answer as plain text, each piece written as the model streams it (the simulator page and
      // the widget's local voice transport show it growing, as a caller hears it).
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
      await say(call, String(input.text ?? ''), (piece) => res.write(piece));
      return void res.end();
    }
    if (match[2] === 'hangup') {
      if (call.status === 'ended') return json(res, 409, { error: 'The call has ended.' });
      return json(res, 200, await hangup(call, typeof input.durationSeconds === 'number' ? input.durationSeconds : undefined));
    }
    // report: the same end-of-call report once more.
    if (call.status !== 'ended') return json(res, 409, { error: 'The call has not ended.' });
    const again = report(call, durations.get(call.id) ?? 0);
    await webhook(call, again);
    return json(res, 200, again);
  }

  /**
   * A resource's list, create, get, update and delete, as Vapi answers them: `create` and `update` answer the stored
   * fields, or Vapi's 400 messages (create: [] accepts the body as it is).
   */
  function crud(
    res: ServerResponse,
    method: string,
    id: string | undefined,
    store: Map<string, Json>,
    label: string,
    rules: { create: (body: Json) => Json | string[]; update: (existing: Json, body: Json) => Json | string[] },
    input: Json,
    key: string,
  ): void {
    if (!id && method === 'GET') return json(res, 200, [...store.values()].filter((r) => accountOf.get(String(r.id)) === key));
    if (!id && method === 'POST') {
      const made = rules.create(input);
      if (Array.isArray(made) && made.length) return badRequest(res, made);
      const record = { ...(Array.isArray(made) ? input : made), id: randomUUID(), orgId: 'org-local', createdAt: now(), updatedAt: now() };
      store.set(String(record.id), record);
      accountOf.set(String(record.id), key);
      return json(res, 201, record);
    }
    const existing = id && accountOf.get(id) === key ? store.get(id) : undefined;
    if (!existing) return notFound(res, label);
    if (method === 'GET') return json(res, 200, existing);
    if (method === 'DELETE') {
      store.delete(id!);
      return json(res, 200, existing);
    }
    if (method !== 'PATCH') return json(res, 404, { message: `Cannot ${method} /${id}`, error: 'Not Found', statusCode: 404 });
    const updated = rules.update(existing, input);
    if (Array.isArray(updated)) return badRequest(res, updated);
    store.set(id!, { ...updated, updatedAt: now() });
    json(res, 200, store.get(id!));
  }

  async function api(res: ServerResponse, method: string, path: string, input: Json, key: string): Promise<void> {
    const [, resource, id] = path.split('/');
    const mine = (resourceId: unknown) => accountOf.get(String(resourceId)) === key;
    if (resource === 'assistant') {
      return crud(res, method, id, assistants, 'Assistant', {
        create: (body) => assistantErrors(body),
        update: (existing, body) => {
          const { id: _ignored, ...changes } = body;
          const errors = assistantErrors(changes);
          return errors.length ? errors : { ...existing, ...changes };
        },
      }, input, key);
    }
    if (resource === 'phone-number') {
      return crud(res, method, id, numbers, 'Phone Number', {
        create: (body) => {
          if (body.provider !== 'twilio') return ['provider must be one of the following values: twilio'];
          if (!/^\+[1-9]\d{7,14}$/.test(String(body.number ?? ''))) return ['number must be a valid phone number in E.164 format'];
          if (!body.twilioAccountSid || !body.twilioAuthToken) return ['twilioAccountSid and twilioAuthToken are required'];
          if ([...numbers.values()].some((n) => n.number === body.number)) return ['Number Already Exists'];
          const { twilioAuthToken: _secret, ...visible } = body;
          return { ...visible, status: 'active' };
        },
        update: (existing, body) => ({ ...existing, ...body, id: existing.id }),
      }, input, key);
    }
    if (resource === 'call') {
      if (id === 'web' && method === 'POST') {
        if (!assistants.has(String(input.assistantId)) || !mine(input.assistantId)) return badRequest(res, ['Couldn\'t Get Assistant. `assistantId` is invalid.']);
        const call = newCall('webCall', String(input.assistantId), { metadata: (input.metadata as Json) ?? {} });
        call.webCallUrl = `${baseUrl}/__web/${call.id}`;
        accountOf.set(call.id, key);
        return json(res, 201, callView(call));
      }
      if (!id && method === 'POST') {
        if (!assistants.has(String(input.assistantId)) || !mine(input.assistantId)) return badRequest(res, ['Couldn\'t Get Assistant. `assistantId` is invalid.']);
        if (!numbers.has(String(input.phoneNumberId)) || !mine(input.phoneNumberId)) return badRequest(res, ['Couldn\'t Get Phone Number. `phoneNumberId` is invalid.']);
        const customer = input.customer as { number?: string } | undefined;
        if (!customer?.number) return badRequest(res, ['customer.number is required']);
        const call = newCall('outboundPhoneCall', String(input.assistantId), { phoneNumberId: String(input.phoneNumberId), customer, metadata: (input.metadata as Json) ?? {}, status: 'ringing' });
        accountOf.set(call.id, key);
        return json(res, 201, callView(call));
      }
      const call = id && mine(id) ? calls.get(id) : undefined;
      if (!call) return notFound(res, 'Call');
      if (method === 'GET') return json(res, 200, callView(call));
    }
    json(res, 404, { message: `Cannot ${method} ${path}`, error: 'Not Found', statusCode: 404 });
  }

  const server = await listen((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      if (method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET,POST' });
        return res.end();
      }
      const text = await readBody(req);
      let input: Json = {};
      try {
        input = text.trim() ? (JSON.parse(text) as Json) : {};
      } catch {
        return badRequest(res, ['The body must be JSON.']);
      }
      if (url.pathname === '/__recorded') {
        if (method === 'DELETE') recorded.length = 0;
        return json(res, 200, method === 'DELETE' ? { ok: true } : recorded);
      }
      if (method === 'GET' && (url.pathname === '/' || url.pathname === '/index.html')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return void res.end(renderCallSimulator({ mailboxUrl }));
      }
      if (method === 'GET' && SOUND_PATH.test(url.pathname)) {
        const mp3 = silentMp3();
        res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': mp3.length, 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=3600' });
        return void res.end(mp3);
      }
      if (url.pathname.startsWith('/__sim/')) return simulate(res, method, url.pathname, input, url.searchParams.get('stream') === '1');
      const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      recorded.push({ kind: 'api', method, path: url.pathname, body: input, key, ts: Date.now() });
      if (!knownKey(key)) return json(res, 401, { message: 'Invalid Key. Hot tip, make sure you are using the private key.', error: 'Unauthorized', statusCode: 401 });
      await api(res, method, url.pathname, input, key);
    })().catch((error: unknown) => json(res, 500, { message: error instanceof Error ? error.message : 'error', statusCode: 500 }));
  }, opts.port);
  baseUrl = server.url;
  return server;
}

/** The functions reach this stand-in with a key it accepts; the webhook secret is the stack's own. */
export const functionsEnv = (url: string) => ({ VAPI_API_BASE: url, VAPI_API_KEY: FAKE_VAPI_KEY, VAPI_WEBHOOK_SECRET: 'vapi-local-webhook-secret' });
