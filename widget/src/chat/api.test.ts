// The widget builds its URLs and bodies by hand (it imports the contracts as types only, to stay small):
// every call must reach the path the contract names, with the method and a body the endpoint accepts.
import { conversationsApi, endpointUrl, leadsApi, utilsApi, voiceApi, type AnyEndpointContract } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { createApi } from './api';

const BASE = 'https://api.example';
const STREAM = 'https://fn.example';

function recordingFetch(answer: (url: string) => Response) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer(url);
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function expectCall(call: { url: string; method: string; body: unknown } | undefined, contract: AnyEndpointContract, input: { params?: object; query?: object }, base = BASE) {
  expect(call?.url).toBe(endpointUrl(contract, input as never, base));
  expect(call?.method).toBe(contract.method);
  if (contract.method !== 'GET') expect(contract.body.safeParse(call?.body).success).toBe(true);
}

describe('the embedding page', () => {
  it("is named on every request to the agent's endpoints, so its allowed domains can be checked", async () => {
    const seen: Array<{ url: string; origin: string | null }> = [];
    const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      seen.push({ url: String(input), origin: new Headers(init.headers).get('x-parley-embed-origin') });
      if (String(input).includes('/chat')) return new Response('event: done\ndata: {"conversationId":"c_abcdefghijklmnop","parts":["Hi"],"sources":[],"control":"ai","failed":false}\n\n');
      return json({ success: true, data: { exists: false, control: 'ai', handoffRequested: false, updatedAt: 0, messages: [], shouldContinue: true } });
    }) as typeof fetch;
    const api = createApi({ base: BASE, agentId: 'A1', region: 'na', fetchImpl, embedOrigin: 'https://shop.example' });
    await api.agent();
    await api.usage();
    await api.send({ action: 'text', message: 'hello', conversationId: 'c_abcdefghijklmnop' }, () => undefined);
    await api.poll('c_abcdefghijklmnop', 0);
    await api.handoff('c_abcdefghijklmnop');
    expect(seen).toHaveLength(5);
    for (const call of seen) expect(call.origin, call.url).toBe('https://shop.example');
  });
});

describe('App Check', () => {
  const conversationId = 'c_abcdefghijklmnop';
  function headerRecorder() {
    const seen: Array<{ url: string; token: string | null }> = [];
    const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      seen.push({ url: String(input), token: new Headers(init.headers).get('x-firebase-appcheck') });
      if (String(input).includes('/chat')) return new Response(`event: done\ndata: {"conversationId":"${conversationId}","parts":["Hi"],"sources":[],"control":"ai","failed":false}\n\n`);
      if (String(input).endsWith('/utils/ip')) return json({ ip: '1.2.3.4', country: 'DE' });
      return json({ success: true, data: { ID: 'A1', exists: false, control: 'ai', handoffRequested: false, updatedAt: 0, messages: [], shouldContinue: true } });
    }) as typeof fetch;
    return { seen, fetchImpl };
  }
  const everyCall = async (api: ReturnType<typeof createApi>) => {
    await api.usage();
    await api.send({ action: 'text', message: 'hello', conversationId }, () => undefined);
    await api.poll(conversationId, 0);
    await api.handoff(conversationId);
    await api.page(conversationId, 'https://shop.example/cart');
    await api.analytics({ record: 'open', ts: 1 });
    await api.lead(conversationId, { email: 'ada@example.com' });
    await api.ip();
  };

  it('sends the App Check token with every call to the public API: usage, chat, polling, handoff, page, analytics, lead, ip', async () => {
    const { seen, fetchImpl } = headerRecorder();
    let issued = 0;
    const appCheck = { token: async () => `token-${++issued}`, current: () => null };
    await everyCall(createApi({ base: BASE, agentId: 'A1', region: 'na', fetchImpl, streamBase: STREAM, embedOrigin: 'https://shop.example', appCheck }));
    expect(seen.map((c) => c.url.replace(/\?.*/, '').split('/').slice(-1)[0])).toEqual(['usage', 'chat', conversationId, 'handoff', 'page', 'analytics', 'lead', 'ip']);
    // Each call asks for the token afresh (the SDK caches and refreshes it), so an expired one is never reused.
    expect(seen.map((c) => c.token)).toEqual(['token-1', 'token-2', 'token-3', 'token-4', 'token-5', 'token-6', 'token-7', 'token-8']);
  });

  it('waits for the token before a call that needs it, but never holds the agent back', async () => {
    const { seen, fetchImpl } = headerRecorder();
    let release: (token: string) => void = () => undefined;
    const pending = new Promise<string>((resolve) => (release = resolve));
    let current: string | null = null;
    const api = createApi({ base: BASE, agentId: 'A1', region: 'na', fetchImpl, appCheck: { token: () => pending, current: () => current } });
    expect(await api.agent()).toMatchObject({ ID: 'A1' });
    expect(seen).toEqual([{ url: `${BASE}/public/agents/A1?region=na`, token: null }]);
    const usage = api.usage();
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(1);
    release('late-token');
    current = 'late-token';
    await usage;
    expect(seen[1]).toEqual({ url: `${BASE}/v2/public/agents/A1/usage?region=na`, token: 'late-token' });
    await api.agent();
    expect(seen[2]!.token).toBe('late-token');
  });

  it('sends no header when App Check is not configured or gives no token', async () => {
    const { seen, fetchImpl } = headerRecorder();
    await everyCall(createApi({ base: BASE, agentId: 'A1', region: 'na', fetchImpl }));
    await everyCall(createApi({ base: BASE, agentId: 'A1', region: 'na', fetchImpl, appCheck: { token: async () => null, current: () => null } }));
    expect(seen).toHaveLength(16);
    for (const call of seen) expect(call.token, call.url).toBeNull();
  });
});

describe('the chat API', () => {
  const agentId = 'A1';
  const conversationId = 'c_abcdefghijklmnop';

  it('reads the agent, usage, the conversation and the caller ip where the contracts say', async () => {
    const { calls, fetchImpl } = recordingFetch((url) => {
      if (url.includes('/usage')) return json({ success: true, data: { shouldContinue: false } });
      if (url.includes('/conversations/')) return json({ success: true, data: { exists: true, control: 'human', handoffRequested: false, updatedAt: 5, messages: [] } });
      if (url.endsWith('/utils/ip')) return json({ ip: '1.2.3.4', country: 'DE' });
      return json({ success: true, data: { ID: agentId, title: 'Helper' } });
    });
    const api = createApi({ base: BASE, agentId, region: 'eu', fetchImpl });
    expect(await api.agent()).toEqual({ ID: agentId, title: 'Helper' });
    expect(await api.usage()).toBe(false);
    expect((await api.poll(conversationId, 42)).control).toBe('human');
    expect(await api.ip()).toEqual({ ip: '1.2.3.4', country: 'DE' });
    expectCall(calls[0], conversationsApi.getPublicAgent, { params: { agentId }, query: { region: 'eu' } });
    expectCall(calls[1], conversationsApi.getAgentUsage, { params: { agentId }, query: { region: 'eu' } });
    expectCall(calls[2], conversationsApi.pollConversation, { params: { agentId, conversationId }, query: { region: 'eu', since: 42 } });
    expectCall(calls[3], utilsApi.getCallerIp, {});
  });

  it('sends messages (to the stream URL), handoffs, page changes and analytics with bodies the endpoints accept', async () => {
    const { calls, fetchImpl } = recordingFetch((url) => {
      if (url.includes('/chat')) {
        const done = { conversationId, parts: ['Hi'], sources: [], responder: 'llm', control: 'ai', messageDelayMS: 0, failed: false };
        return new Response(`event: delta\ndata: {"text":"Hi"}\n\nevent: done\ndata: ${JSON.stringify(done)}\n\n`, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }
      return json({ success: true, data: {} });
    });
    const api = createApi({ base: BASE, agentId, region: 'na', fetchImpl, streamBase: STREAM });
    const deltas: string[] = [];
    const answer = await api.send({ conversationId, action: 'text', message: 'Hello', visitor: { lang: 'en' } }, (d) => deltas.push(d));
    expect(answer.parts).toEqual(['Hi']);
    expect(deltas).toEqual(['Hi']);
    await api.handoff(conversationId);
    await api.page(conversationId, 'https://shop.example/cart');
    await api.analytics({ record: 'open', ts: 1 });
    await api.lead(conversationId, { name: 'Ada', email: 'ada@example.com', pageUrl: 'https://shop.example/cart' });
    expectCall(calls[0], conversationsApi.sendChatMessage, { params: { agentId }, query: { region: 'na' } }, STREAM);
    expect(calls[0]!.body).toMatchObject({ region: 'na', stream: true, message: 'Hello' });
    expectCall(calls[1], conversationsApi.requestHandoff, { params: { agentId, conversationId }, query: { region: 'na' } });
    expectCall(calls[2], conversationsApi.reportConversationPage, { params: { agentId, conversationId }, query: { region: 'na' } });
    expectCall(calls[3], conversationsApi.recordAnalytics, { params: { agentId } });
    expectCall(calls[4], leadsApi.submitLead, { params: { agentId, conversationId }, query: { region: 'na' } });
  });

  it("shows the server's sentence when a message is refused, and the stream's error event", async () => {
    const refused = createApi({ base: BASE, agentId: 'A1', region: 'na', fetchImpl: recordingFetch(() => new Response(JSON.stringify({ success: false, error: 'Usage limit reached.' }), { status: 402 })).fetchImpl });
    await expect(refused.send({ action: 'text', message: 'Hi' }, () => undefined)).rejects.toMatchObject({ status: 402, message: 'Usage limit reached.' });
    const failing = createApi({ base: BASE, agentId: 'A1', region: 'na', fetchImpl: recordingFetch(() => new Response('event: error\ndata: {"error":"The model is down."}\n\n', { status: 200 })).fetchImpl });
    await expect(failing.send({ action: 'text', message: 'Hi' }, () => undefined)).rejects.toThrow('The model is down.');
  });

  it('starts a browser call where the contract says, and shows the server’s sentence when it is refused', async () => {
    const { calls, fetchImpl } = recordingFetch(() => json({ success: true, data: { callId: 'call-1', webCallUrl: 'https://vapi.example/room' } }));
    expect(await createApi({ base: BASE, agentId, region: 'eu', fetchImpl }).webCall()).toEqual({ callId: 'call-1', webCallUrl: 'https://vapi.example/room' });
    expectCall(calls[0], voiceApi.startVisitorWebCall, { params: { agentId }, query: { region: 'eu' } });
    const refused = recordingFetch(() => new Response(JSON.stringify({ success: false, error: 'Web calling is off for this agent.' }), { status: 403 }));
    await expect(createApi({ base: BASE, agentId, region: 'na', fetchImpl: refused.fetchImpl }).webCall()).rejects.toMatchObject({ status: 403, message: 'Web calling is off for this agent.' });
  });
});
