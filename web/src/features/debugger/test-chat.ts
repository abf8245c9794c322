// The test debugger's calls: the same runtime endpoint as the widget, as the signed-in owner
// (ID token), with the unsaved draft and nothing recorded (?channel=test).
import { apiUrl } from '../../lib/config';
import type { Region } from '../../lib/region';

export interface TestAnswer {
  conversationId: string;
  parts: string[];
  sources: Array<{ docId: string; name: string; excerpt: string; score: number }>;
  responder: string | null;
  modelId?: string;
  failed: boolean;
  messageDelayMS: number;
}

export interface TestTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** Settings the runtime accepts from a draft (the rest of the draft is not sent). */
export const DRAFT_FIELDS = [
  'agentPlatform', 'messageDelayMS', 'smartInit', 'vg_defaultModel', 'vg_temperature', 'vg_maxTokens', 'vg_systemPrompt',
  'vg_initPrompt', 'vg_initMessages', 'topChunks', 'kb_llm', 'lang', 'VF_DIALOGUE_API_KEY',
] as const;

export function draftOverrides(draft: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of DRAFT_FIELDS) if (draft[key] !== undefined && draft[key] !== null) out[key] = draft[key];
  return out;
}

/** Splits a Server-Sent Events buffer into complete events and the remainder. */
export function parseEvents(buffer: string): { events: Array<{ event: string; data: string }>; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
    const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, '')).join('\n');
    return data ? [{ event, data }] : [];
  });
  return { events, rest };
}

export async function sendTestMessage(opts: {
  region: Region;
  agentId: string;
  idToken: string;
  draft: Record<string, unknown>;
  action: 'launch' | 'text';
  message?: string;
  history: TestTurn[];
  onDelta(text: string): void;
}): Promise<TestAnswer> {
  const res = await fetch(apiUrl(`/public/agents/${encodeURIComponent(opts.agentId)}/chat?region=${opts.region}&channel=test`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.idToken}` },
    body: JSON.stringify({ action: opts.action, message: opts.message, history: opts.history, draft: draftOverrides(opts.draft), stream: true, region: opts.region }),
  });
  if (!res.ok || !res.body) {
    let message = `Request failed (${res.status})`;
    try {
      const body = (await res.json()) as { error?: string };
      if (body.error) message = body.error;
    } catch {
      /* not JSON */
    }
    throw new Error(message);
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    const { events, rest } = parseEvents(done ? `${buffer}\n\n` : buffer);
    buffer = rest;
    for (const e of events) {
      const data = JSON.parse(e.data) as Record<string, unknown>;
      if (e.event === 'delta') opts.onDelta(String(data.text ?? ''));
      if (e.event === 'done') return data as unknown as TestAnswer;
      if (e.event === 'error') throw new Error(String(data.error ?? 'Something went wrong.'));
    }
    if (done) throw new Error('The reply was interrupted. Please try again.');
  }
}
