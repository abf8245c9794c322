// The public chat path under attack, end to end (the API on a node server, Google's Firestore emulator, the LLM
// fake): floods are rate-limited, other websites and unverified clients are refused, invented conversation ids
// create nothing, and the public agent and the polled messages carry only what the widget needs.
import { paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appCheckVerifier, type AppCheckVerifier } from '../adapters/app-check';
import { testApp } from '../../test/composition';

/** The verifier the tests' composition hands the widget's endpoints (null: the platform's own). */
const setAppCheckVerifier = (verify: AppCheckVerifier | null) => {
  testApp.appCheck = verify ?? appCheckVerifier();
};
import { llmEnv, startTestStack, type TestStack } from '../../test/runtime';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON replies are inspected loosely */
let stack: TestStack;
let db: Firestore;

const OWNER = 'guard-owner';
const AGENT = 'AgentGuarded0001';
const APP = 'http://app.parley.test';

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${stack.api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const chat = (body: Record<string, unknown>, headers: Record<string, string> = {}) => post(`/public/agents/${AGENT}/chat`, body, headers);
const llmCalls = async () => ((await (await fetch(`${stack.llm.url}/__recorded`)).json()) as unknown[]).length;
const balance = async () => (await db.doc(paths.user(OWNER)).get()).get('loadTokens') as number;

beforeAll(async () => {
  stack = await startTestStack();
  db = (await import('../adapters/firestore')).databaseFor('na');
  const { useEngine } = await import('../../test/composition');
  const { runtimeDeps } = await import('../../test/composition');
  useEngine(runtimeDeps({ llm: () => llmEnv(stack.llm.url), agentCacheMs: 0 }));
  process.env.PARLEY_APP_URL = APP;
}, 30_000);
afterAll(async () => {
  (await import('../../test/composition')).useEngine(null);
  delete process.env.PARLEY_APP_URL;
  await stack?.stop();
});
beforeEach(async () => {
  await stack.limits.reset();
  await fetch(`${stack.llm.url}/__recorded`, { method: 'DELETE' });
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 100 });
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Guarded', ownerID: OWNER, agentPlatform: 'vg', recordChatHistory: true, enableHumanHandoff: true });
});
afterEach(() => {
  delete process.env.PARLEY_APP_CHECK;
  setAppCheckVerifier(null);
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once an address has sent 30 chats in a minute, before any credit is reserved', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await chat({ message: `hi ${i}` }, headers)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const limited = await chat({ message: 'again' }, headers);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await limited.json()) as any).error).toBe('Too many requests. Please wait a moment and try again.');
    // Another address is not affected …
    expect((await chat({ message: 'hi' }, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
    // … and writing a made-up address in front does not make a new one: only the last hop counts.
    expect((await chat({ message: 'hi' }, { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' })).status).toBe(429);
    expect(await llmCalls()).toBe(31);
  }, 60_000);

  it('limits one conversation to 10 messages a minute, whatever the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await chat({ message: `q${i}`, conversationId: 'conv-flooded-0001' }, { 'x-forwarded-for': `192.0.2.${i}` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits handoff requests per conversation and analytics events per address', async () => {
    await chat({ message: 'hello', conversationId: 'conv-handoff-0001' });
    const handoffs: number[] = [];
    for (let i = 0; i < 4; i++) handoffs.push((await post(`/public/agents/${AGENT}/conversations/conv-handoff-0001/handoff`, {})).status);
    expect(handoffs).toEqual([200, 200, 200, 429]);
    const events: number[] = [];
    for (let i = 0; i < 61; i++) events.push((await post(`/agents/${AGENT}/analytics`, { region: 'na', record: 'open' })).status);
    expect(events.filter((s) => s === 200)).toHaveLength(60);
    expect(events[60]).toBe(429);
  });

  it('limits page reports per conversation', async () => {
    await chat({ message: 'hello', conversationId: 'conv-pages-00001' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post(`/public/agents/${AGENT}/conversations/conv-pages-00001/page`, { pageUrl: `https://shop.example/p${i}` })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('allowed domains', () => {
  beforeEach(async () => {
    await db.doc(paths.agent(AGENT)).set({ allowedDomains: ['shop.example', '*.brand.example'] }, { merge: true });
  });

  it('another website cannot chat, not even with our widget frame claiming to be elsewhere', async () => {
    const before = await balance();
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'x-parley-embed-origin': 'https://shop.example' },
      { origin: APP, 'x-parley-embed-origin': 'https://evil.example' },
      { origin: APP },
      {},
    ];
    for (const headers of attempts) {
      const res = await chat({ message: 'drain them' }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(((await res.json()) as any).error).toBe('This chat is not available on this website.');
    }
    expect(await llmCalls()).toBe(0);
    expect(await balance()).toBe(before);
  });

  it('a listed website chats, directly or through our widget frame, and so do our own pages', async () => {
    expect((await chat({ message: 'hi' }, { origin: 'https://shop.example' })).status).toBe(200);
    expect((await chat({ message: 'hi' }, { origin: 'https://eu.brand.example' })).status).toBe(200);
    expect((await chat({ message: 'hi' }, { origin: APP, 'x-parley-embed-origin': 'https://shop.example' })).status).toBe(200);
    expect((await chat({ message: 'hi' }, { origin: APP, 'x-parley-embed-origin': APP })).status).toBe(200);
  });

  it('the loader on another website gets no agent; the other widget calls are refused too', async () => {
    expect((await fetch(`${stack.api.url}/public/agents/${AGENT}`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await fetch(`${stack.api.url}/public/agents/${AGENT}`, { headers: { origin: 'https://shop.example' } })).status).toBe(200);
    await chat({ message: 'hi', conversationId: 'conv-domains-001' }, { origin: 'https://shop.example' });
    const evil = { origin: 'https://evil.example' };
    expect((await post(`/public/agents/${AGENT}/conversations/conv-domains-001/handoff`, {}, evil)).status).toBe(403);
    expect((await post(`/public/agents/${AGENT}/conversations/conv-domains-001/page`, { pageUrl: 'https://evil.example' }, evil)).status).toBe(403);
    expect((await post(`/agents/${AGENT}/analytics`, { region: 'na' }, evil)).status).toBe(403);
    expect((await fetch(`${stack.api.url}/public/agents/${AGENT}/conversations/conv-domains-001`, { headers: evil })).status).toBe(403);
  });

  it('with no list, any website may run the widget', async () => {
    await db.doc(paths.agent(AGENT)).set({ allowedDomains: [] }, { merge: true });
    expect((await chat({ message: 'hi' }, { origin: 'https://anywhere.example' })).status).toBe(200);
  });
});

describe('our own origins', () => {
  it("are the app, the widget chat's site (configured, or the project's default) and the host asked", async () => {
    const { embeddingOrigin, platformOrigins } = await import('./visitor');
    const ours = platformOrigins({ host: 'api.parley.test' }, { PARLEY_APP_URL: 'https://app.parley.test/', PARLEY_WIDGET_ORIGIN: 'https://chat.parley.test' });
    expect([...ours].sort()).toEqual(['http://api.parley.test', 'https://api.parley.test', 'https://app.parley.test', 'https://chat.parley.test']);
    expect(platformOrigins({}, { GCLOUD_PROJECT: 'acme' }).has('https://acme-widget.web.app')).toBe(true);
    // Our chat frame names the page it runs on; a foreign page cannot borrow that header.
    expect(embeddingOrigin({ origin: 'https://chat.parley.test', 'x-parley-embed-origin': 'https://shop.example/x' }, ours)).toEqual({ origin: 'https://shop.example', ours: false });
    expect(embeddingOrigin({ origin: 'https://evil.example', 'x-parley-embed-origin': 'https://shop.example' }, ours)).toEqual({ origin: 'https://evil.example', ours: false });
    expect(embeddingOrigin({ origin: 'https://chat.parley.test', 'x-parley-embed-origin': 'https://app.parley.test' }, ours)).toEqual({ origin: 'https://app.parley.test', ours: true });
  });
});

describe('App Check', () => {
  it('when enforced, a chat without a valid App Check token is refused before the model is called', async () => {
    process.env.PARLEY_APP_CHECK = 'enforce';
    setAppCheckVerifier(async (token) => token === 'valid-app-check-token');
    const stored = async () => (await db.collection(paths.conversations(AGENT)).get()).size;
    const before = await stored();
    const missing = await chat({ message: 'hi' });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as any).error).toBe('This request could not be verified. Please reload the page and try again.');
    expect((await chat({ message: 'hi' }, { 'x-firebase-appcheck': 'forged' })).status).toBe(401);
    expect((await post(`/agents/${AGENT}/analytics`, { region: 'na' })).status).toBe(401);
    expect(await llmCalls()).toBe(0);
    expect(await stored()).toBe(before);
    const valid = { 'x-firebase-appcheck': 'valid-app-check-token' };
    const answered = await chat({ message: 'hi' }, valid);
    expect(answered.status).toBe(200);
    const { conversationId } = ((await answered.json()) as any).data;
    // Reading the conversation (the widget's polling) needs the token too.
    const poll = (headers: Record<string, string>) => fetch(`${stack.api.url}/public/agents/${AGENT}/conversations/${conversationId}?region=na&since=0`, { headers });
    expect((await poll({})).status).toBe(401);
    expect((await poll({ 'x-firebase-appcheck': 'forged' })).status).toBe(401);
    expect((await poll(valid)).status).toBe(200);
  });

  it('is not asked for when not configured', async () => {
    setAppCheckVerifier(async () => false);
    expect((await chat({ message: 'hi' })).status).toBe(200);
  });
});

describe('conversations', () => {
  it('a handoff for an id nobody chatted in is refused and creates nothing in the inbox', async () => {
    for (let i = 0; i < 3; i++) {
      const id = `invented-id-${String(i).padStart(4, '0')}`;
      const res = await post(`/public/agents/${AGENT}/conversations/${id}/handoff`, {});
      expect(res.status).toBe(404);
      expect(((await res.json()) as any).error).toBe('This conversation does not exist.');
      expect((await db.doc(paths.conversation(AGENT, id)).get()).exists).toBe(false);
    }
  });

  it('polling shows the operator’s reply, never who the operator is or which model answered', async () => {
    await chat({ message: 'I need a person', conversationId: 'conv-operator-01' });
    const { sendOperatorMessage } = await import('../conversations/operator');
    const channels = await import('../channels');
    await sendOperatorMessage(channels.operatorRelay(channels.channelSenders), { region: 'na', agentId: AGENT, conversationId: 'conv-operator-01', text: 'Hi, Ana here.' }, { kind: 'user', uid: OWNER, email: null, role: '' });
    const res = await fetch(`${stack.api.url}/public/agents/${AGENT}/conversations/conv-operator-01?since=0`);
    const text = await res.text();
    const { data } = JSON.parse(text);
    expect(data.messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'system', 'operator']);
    expect(text).not.toContain(OWNER);
    for (const m of data.messages) expect(Object.keys(m).sort()).toEqual(expect.arrayContaining(['ID', 'role', 'text', 'ts']));
    for (const field of ['operatorUid', 'modelId', 'inputTokens', 'outputTokens']) expect(text).not.toContain(field);
  });
});

describe('the public agent', () => {
  it('publishes an allowlist: a new secret-like field, the owner and the limits stay private', async () => {
    await db.doc(paths.agent(AGENT)).set(
      {
        apiKey: 'sk-live-leaked-0001', stripeSecret: 'rk_live_x', vg_systemPrompt: 'Secret recipe', vg_defaultModel: 'gpt-4o', messagesLimit: 9,
        allowedDomains: [], theme: 'blue-light', proactiveMessage: 'Hello!', messageDelayMS: 'not a number',
      },
      { merge: true },
    );
    const res = await fetch(`${stack.api.url}/public/agents/${AGENT}`);
    const text = await res.text();
    const { data } = JSON.parse(text);
    expect(data).toMatchObject({ ID: AGENT, title: 'Guarded', theme: 'blue-light', proactiveMessage: 'Hello!', enableHumanHandoff: true });
    for (const leaked of ['sk-live-leaked-0001', 'rk_live_x', 'Secret recipe', OWNER, 'gpt-4o']) expect(text).not.toContain(leaked);
    for (const field of ['apiKey', 'ownerID', 'messagesLimit', 'allowedDomains', 'vg_defaultModel', 'messageDelayMS']) expect(data).not.toHaveProperty(field);
  });
});
