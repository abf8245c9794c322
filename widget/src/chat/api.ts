// The chat's calls to the public API. What goes out and what comes back is typed from the contracts in
// @parley/core (`conversationsApi`, `utilsApi`), imported as types only: the bundle carries no schema. The
// answers are used as sent (the raw JSON: z.input of each output schema). api.test.ts checks that every URL
// built here is the one the contract's path gives.
import { readSse } from '@parley/core';
import { NO_APP_CHECK, type AppCheckTokens } from './app-check';
import type { conversationsApi, leadsApi, utilsApi, voiceApi } from '@parley/core';
import type { z } from 'zod';

type Answer<C extends { output: z.ZodType }> = z.input<C['output']>;
type Body<C extends { body: z.ZodType }> = z.input<C['body']>;

/** The agent the widget renders (GET /public/agents/{id}): no secret or runtime-only field. */
export type WidgetAgent = Answer<typeof conversationsApi.getPublicAgent>['data'];
/** One answer of the chat endpoint (its `done` event). */
export type AnswerResult = z.input<typeof conversationsApi.answerResultSchema>;
/** What a poll answers: takeover state and the newer messages. */
export type ConversationState = Answer<typeof conversationsApi.pollConversation>['data'];
export type ServerMessage = ConversationState['messages'][number];
export type Source = NonNullable<ServerMessage['sources']>[number];
/** A chat request as the session builds it; the API adds the region and asks for a stream. */
export type ChatRequest = Omit<Body<typeof conversationsApi.sendChatMessage>, 'region' | 'stream'>;
export type VisitorInfo = NonNullable<ChatRequest['visitor']>;
export type AnalyticsEvent = Omit<Body<typeof conversationsApi.recordAnalytics>, 'region'>;
export type CallerIp = Answer<typeof utilsApi.getCallerIp>;
/** What the lead form sends (name, e-mail, phone as typed; the server checks them). */
export type LeadBody = Omit<Body<typeof leadsApi.submitLead>, 'region'>;
/** The browser call the server created: the voice transport joins its webCallUrl. */
export type WebCallStarted = Answer<typeof voiceApi.startVisitorWebCall>['data'];
type Streamed = (typeof conversationsApi.sendChatMessage)['events'];

/** The header the functions read the App Check token from. */
export const APP_CHECK_HEADER = 'x-firebase-appcheck';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ChatApi {
  agent(): Promise<WidgetAgent | null>;
  usage(): Promise<boolean>;
  send(body: ChatRequest, onDelta: (text: string) => void): Promise<AnswerResult>;
  poll(conversationId: string, since: number): Promise<ConversationState>;
  handoff(conversationId: string): Promise<void>;
  page(conversationId: string, pageUrl: string): Promise<void>;
  /** Saves the visitor's contact details; an ApiError carries the sentence to show (an invalid e-mail …). */
  lead(conversationId: string, body: LeadBody): Promise<void>;
  analytics(body: AnalyticsEvent): Promise<void>;
  ip(): Promise<CallerIp | null>;
  /** Starts a browser call with the agent (its web calling on); an ApiError carries the sentence to show. */
  webCall(): Promise<WebCallStarted>;
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

/** Where and how the chat reaches the public API. */
export interface ApiOptions {
  /** The API origin (a path prefix may follow). */
  base: string;
  agentId: string;
  region: 'na' | 'eu';
  /** Chat messages go here when set (the function's direct URL: Hosting rewrites buffer streams). Default `base`. */
  streamBase?: string;
  /**
   * The origin of the page the widget is embedded in. The chat runs on the widget's own site, so the browser's
   * Origin header names that site; the API checks the agent's allowed domains against this one.
   */
  embedOrigin?: string | null;
  /** Firebase App Check: every call carries a token (X-Firebase-AppCheck) when one can be had. */
  appCheck?: AppCheckTokens;
  fetchImpl?: typeof fetch;
}

export function createApi({
  base,
  agentId,
  region,
  streamBase = base,
  embedOrigin = null,
  appCheck = NO_APP_CHECK,
  fetchImpl = (...a) => fetch(...a),
}: ApiOptions): ChatApi {
  const agent = encodeURIComponent(agentId);
  const agentPath = `${base}/public/agents/${agent}`;
  const conversationPath = (id: string) => `${agentPath}/conversations/${encodeURIComponent(id)}`;
  const q = `region=${region}`;
  const embed: Record<string, string> = embedOrigin ? { 'x-parley-embed-origin': embedOrigin } : {};
  const withToken = (headers: Record<string, string>, token: string | null): Record<string, string> =>
    token ? { ...headers, [APP_CHECK_HEADER]: token } : headers;
  const json = async (body: unknown): Promise<RequestInit> => ({
    method: 'POST',
    headers: withToken({ 'content-type': 'application/json', ...embed }, await appCheck.token()),
    body: JSON.stringify(body),
  });
  const get = async (): Promise<RequestInit> => ({ headers: withToken(embed, await appCheck.token()) });
  return {
    async agent() {
      // The agent needs no token (the loader asks for it from the website itself): it never waits for App Check.
      const res = await fetchImpl(`${agentPath}?${q}`, { headers: withToken(embed, appCheck.current()) });
      if (!res.ok) return null;
      return ((await res.json()) as Answer<typeof conversationsApi.getPublicAgent>).data;
    },
    async usage() {
      const res = await fetchImpl(`${base}/v2/public/agents/${agent}/usage?${q}`, await get());
      if (!res.ok) return true;
      return ((await res.json()) as Answer<typeof conversationsApi.getAgentUsage>).data.shouldContinue;
    },
    async send(body, onDelta) {
      const request: Body<typeof conversationsApi.sendChatMessage> = { ...body, region, stream: true };
      const res = await fetchImpl(`${streamBase}/public/agents/${agent}/chat?${q}`, await json(request));
      if (!res.ok) throw await errorOf(res);
      if (!res.body) throw new ApiError(500, 'The reply could not be read.');
      for await (const event of readSse(res.body)) {
        if (event.event === 'delta') onDelta((JSON.parse(event.data) as z.input<Streamed['delta']>).text ?? '');
        else if (event.event === 'done') return JSON.parse(event.data) as z.input<Streamed['done']>;
        else if (event.event === 'error') throw new ApiError(500, (JSON.parse(event.data) as z.input<Streamed['error']>).error || 'Something went wrong.');
      }
      throw new ApiError(500, 'The reply was interrupted. Please try again.');
    },
    async poll(conversationId, since) {
      const res = await fetchImpl(`${conversationPath(conversationId)}?${q}&since=${since}`, await get());
      if (!res.ok) throw await errorOf(res);
      return ((await res.json()) as Answer<typeof conversationsApi.pollConversation>).data;
    },
    async handoff(conversationId) {
      const body: Body<typeof conversationsApi.requestHandoff> = {};
      const res = await fetchImpl(`${conversationPath(conversationId)}/handoff?${q}`, await json(body));
      if (!res.ok) throw await errorOf(res);
    },
    async page(conversationId, pageUrl) {
      const body: Body<typeof conversationsApi.reportConversationPage> = { pageUrl };
      await fetchImpl(`${conversationPath(conversationId)}/page?${q}`, await json(body)).catch(() => undefined);
    },
    async lead(conversationId, body) {
      const res = await fetchImpl(`${conversationPath(conversationId)}/lead?${q}`, await json(body));
      if (!res.ok) throw await errorOf(res);
    },
    async analytics(event) {
      const body: Body<typeof conversationsApi.recordAnalytics> = { region, ...event };
      await fetchImpl(`${base}/agents/${agent}/analytics`, await json(body)).catch(() => undefined);
    },
    async webCall() {
      const res = await fetchImpl(`${agentPath}/web-call?${q}`, await json({}));
      if (!res.ok) throw await errorOf(res);
      return ((await res.json()) as Answer<typeof voiceApi.startVisitorWebCall>).data;
    },
    async ip() {
      try {
        const res = await fetchImpl(`${base}/utils/ip`, { headers: withToken({}, await appCheck.token()) });
        return res.ok ? ((await res.json()) as CallerIp) : null;
      } catch {
        return null;
      }
    },
  };
}
