// The chat's calls to the public API.
import { readSse } from './sse';

export interface Source {
  docId: string;
  name: string;
  excerpt: string;
}

export interface ServerMessage {
  ID: string;
  role: 'user' | 'assistant' | 'operator' | 'system';
  text: string;
  ts: number;
  sources?: Source[];
  status?: 'complete' | 'failed';
}

export interface AnswerResult {
  conversationId: string;
  parts: string[];
  sources: Source[];
  control: 'ai' | 'human';
  messageDelayMS: number;
  failed: boolean;
}

export interface PollResult {
  exists: boolean;
  control: 'ai' | 'human';
  handoffRequested: boolean;
  updatedAt: number;
  messages: ServerMessage[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ChatApi {
  agent(): Promise<Record<string, unknown> | null>;
  usage(): Promise<boolean>;
  send(body: Record<string, unknown>, onDelta: (text: string) => void): Promise<AnswerResult>;
  poll(conversationId: string, since: number): Promise<PollResult>;
  handoff(conversationId: string): Promise<void>;
  page(conversationId: string, pageUrl: string): Promise<void>;
  analytics(body: Record<string, unknown>): Promise<void>;
  ip(): Promise<{ ip: string; country: string } | null>;
}

async function errorOf(res: Response): Promise<ApiError> {
  let message = 'Something went wrong. Please try again.';
  try {
    const body = (await res.json()) as { error?: unknown };
    if (typeof body.error === 'string') message = body.error;
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, message);
}

export function createApi(
  base: string,
  agentId: string,
  region: string,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
  /** Chat messages go here when set (the function's direct URL: Hosting rewrites buffer streams). */
  streamBase: string = base,
): ChatApi {
  const agentPath = `${base}/public/agents/${encodeURIComponent(agentId)}`;
  const chatUrl = `${streamBase}/public/agents/${encodeURIComponent(agentId)}/chat`;
  const q = `region=${region}`;
  const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return {
    async agent() {
      const res = await fetchImpl(`${agentPath}?${q}`);
      if (!res.ok) return null;
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    },
    async usage() {
      const res = await fetchImpl(`${base}/v2/public/agents/${encodeURIComponent(agentId)}/usage?${q}`);
      if (!res.ok) return true;
      return ((await res.json()) as { data: { shouldContinue: boolean } }).data.shouldContinue;
    },
    async send(body, onDelta) {
      const res = await fetchImpl(`${chatUrl}?${q}`, json({ ...body, region, stream: true }));
      if (!res.ok) throw await errorOf(res);
      if (!res.body) throw new ApiError(500, 'The reply could not be read.');
      for await (const event of readSse(res.body)) {
        const data = JSON.parse(event.data) as Record<string, unknown>;
        if (event.event === 'delta') onDelta(String(data.text ?? ''));
        else if (event.event === 'done') return data as unknown as AnswerResult;
        else if (event.event === 'error') throw new ApiError(500, String(data.error ?? 'Something went wrong.'));
      }
      throw new ApiError(500, 'The reply was interrupted. Please try again.');
    },
    async poll(conversationId, since) {
      const res = await fetchImpl(`${agentPath}/conversations/${encodeURIComponent(conversationId)}?${q}&since=${since}`);
      if (!res.ok) throw await errorOf(res);
      return ((await res.json()) as { data: PollResult }).data;
    },
    async handoff(conversationId) {
      const res = await fetchImpl(`${agentPath}/conversations/${encodeURIComponent(conversationId)}/handoff?${q}`, json({}));
      if (!res.ok) throw await errorOf(res);
    },
    async page(conversationId, pageUrl) {
      await fetchImpl(`${agentPath}/conversations/${encodeURIComponent(conversationId)}/page?${q}`, json({ pageUrl })).catch(() => undefined);
    },
    async analytics(body) {
      await fetchImpl(`${base}/agents/${encodeURIComponent(agentId)}/analytics`, json({ region, ...body })).catch(() => undefined);
    },
    async ip() {
      try {
        const res = await fetchImpl(`${base}/utils/ip`);
        return res.ok ? ((await res.json()) as { ip: string; country: string }) : null;
      } catch {
        return null;
      }
    },
  };
}
