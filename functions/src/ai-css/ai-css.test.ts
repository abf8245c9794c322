/* eslint-disable @typescript-eslint/no-explicit-any -- JSON replies are inspected loosely */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractCssBlocks, paths } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { setIdTokenVerifier } from '../adapters/id-token';
import { serveApi } from '../http/serve';
import { resettableRateLimits } from '../../test/rate-limits';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import { createCredits } from '../credits';
import { aiCssEndpoints, type AiCssDeps, type CssResponder } from './index';
import { offlineCss } from './offline-css';

let api: Awaited<ReturnType<typeof serveApi>>;
/** The assistant's dependencies as the composition hands them over; a test may fake the model call. */
const deps: AiCssDeps = { credits: createCredits() };
const setCssResponder = (respond: CssResponder | null) => {
  if (respond) deps.respond = respond;
  else delete deps.respond;
};
const savedKey = process.env.OPENAI_API_KEY;
const AGENT = 'cssAgent00000001';
const OWNER = 'css-owner';
const db = () => databaseFor('na');

/** The API instance's rate limits (reset before each test). */
const limits = resettableRateLimits();

beforeAll(async () => {
  api = await serveApi(aiCssEndpoints(deps), { limits });
  setIdTokenVerifier(async (token) =>
    token === 'owner.id.token' ? { uid: OWNER } : token === 'stranger.id.token' ? { uid: 'stranger' } : token === 'client.id.token' ? { uid: 'c1', role: 'client', clientId: 'c1' } : null,
  );
  await seedWorkspace('na', OWNER, 'vg_cssOwnerSecret0000001');
  await seedAgent('na', AGENT, OWNER, 'vg_cssAgentSecret0000001');
});
beforeEach(async () => {
  delete process.env.OPENAI_API_KEY;
  await limits.reset();
  await db().doc(paths.user(OWNER)).set({ loadTokens: 100 }, { merge: true });
});
afterEach(() => setCssResponder(null));
afterAll(async () => {
  setIdTokenVerifier(null);
  if (savedKey !== undefined) process.env.OPENAI_API_KEY = savedKey;
  await api?.close();
});

const ask = (content: string, extra: Record<string, unknown> = {}, bearer: string | null = 'owner.id.token') =>
  fetch(`${api.url}/api/ai-css-generator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify({ messages: [{ role: 'user', content }], currentCSS: '', agentID: AGENT, bucket: '(default)', ...extra }),
  });

const balance = async () => (await db().doc(paths.user(OWNER)).get()).get('loadTokens') as number;

describe('offline CSS responder', () => {
  it('writes real CSS for colours, rounded corners, fonts and bubble sizes', () => {
    expect(offlineCss('make the header dark green #065f46')).toBe('.head {\n  background: #065f46;\n}');
    expect(offlineCss('rounded corners please')).toContain('border-radius: 16px;');
    expect(offlineCss('use a serif font')).toContain('font-family: Georgia');
    expect(offlineCss('make message bubbles wider')).toContain('max-width: 92%;');
    expect(offlineCss('make the user bubbles purple')).toContain('.user .msg {\n  background: #7c3aed;');
    expect(offlineCss('tell me a joke')).toBeNull();
  });
});

describe('extractCssBlocks', () => {
  it('finds css fences, falls back to css-looking fences, and reports none', () => {
    expect(extractCssBlocks('Here:\n```css\n.a { color: red; }\n```\nand\n```css\n.b { color: blue; }\n```')).toBe('.a { color: red; }\n\n.b { color: blue; }');
    expect(extractCssBlocks('```\n.head { background: #000; }\n```')).toBe('.head { background: #000; }');
    expect(extractCssBlocks('No code here.')).toBeNull();
  });
});

describe('POST /api/ai-css-generator', () => {
  it('answers a member with a css block from the offline responder when no LLM is configured, free of charge', async () => {
    const res = await ask('Make the send button #ff0000 and round the corners');
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    const css = extractCssBlocks(body.response)!;
    expect(css).toContain('.send');
    expect(css).toContain('#ff0000');
    expect(await balance()).toBe(100);
  });

  it('is no longer an anonymous LLM proxy: no token 401, a stranger or an agency client 403', async () => {
    let called = 0;
    process.env.OPENAI_API_KEY = 'sk-test';
    setCssResponder(async () => {
      called++;
      return { text: '```css\n.a{}\n```' };
    });
    expect((await ask('anything', {}, null)).status).toBe(401);
    expect((await ask('anything', {}, 'forged.id.token')).status).toBe(401);
    expect((await ask('anything', {}, 'stranger.id.token')).status).toBe(403);
    expect((await ask('anything', {}, 'client.id.token')).status).toBe(403);
    expect((await ask('anything', {}, 'vg_cssAgentSecret0000001')).status).toBe(403);
    expect(called).toBe(0);
  });

  it("charges the tokens to the agent's workspace at the model's rate, with a credit usage log", async () => {
    process.env.OPENAI_API_KEY = 'sk-test';
    setCssResponder(async () => ({ text: 'Here:\n```css\n.head { background: #000; }\n```', usage: { inputTokens: 3000, outputTokens: 1000, modelId: 'gpt-4o-mini' } }));
    const res = await ask('dark header');
    expect(res.status).toBe(200);
    expect(await balance()).toBe(96);
    const logs = (await db().collection(paths.creditUsageLogs(OWNER)).where('featureKey', '==', 'ai-css').get()).docs.map((d) => d.data());
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ amount: 4, causedBy: 'feature', agentId: AGENT, inputTokens: 3000, outputTokens: 1000 });
  });

  it('refuses with 402 when the workspace has no credits, before calling the model', async () => {
    process.env.OPENAI_API_KEY = 'sk-test';
    let called = 0;
    setCssResponder(async () => {
      called++;
      return { text: 'x' };
    });
    await db().doc(paths.user(OWNER)).set({ loadTokens: 0 }, { merge: true });
    expect((await ask('anything')).status).toBe(402);
    expect(called).toBe(0);
  });

  it('reports failures with the spec message and gives the reserved credits back', async () => {
    process.env.OPENAI_API_KEY = 'sk-test';
    setCssResponder(async () => {
      throw new Error('provider down');
    });
    const failed = await ask('anything');
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ success: false, error: 'Failed to generate CSS. Please try again.' });
    expect(await balance()).toBe(100);
  });

  it('refuses unknown agents and inputs beyond its bounds', async () => {
    expect((await ask('x', { agentID: 'noSuchAgent' })).status).toBe(404);
    const invalid = await ask('x', { messages: [] });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as any).error).toContain('messages');
    expect((await ask('x'.repeat(6001))).status).toBe(400);
    expect((await ask('x', { currentCSS: 'a'.repeat(20_001) })).status).toBe(400);
    const long = Array.from({ length: 12 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'y'.repeat(5500) }));
    expect((await ask('x', { messages: long })).status).toBe(400);
    expect((await ask('x', { userData: { uid: OWNER, blob: 'z'.repeat(100) } })).status).toBe(200);
  });

  it('limits each member to 20 replies a minute (429 with Retry-After)', async () => {
    for (let i = 0; i < 20; i++) expect((await ask(`round corners ${i}`)).status).toBe(200);
    const limited = await ask('one more');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
