// The daily rollups the charts read, written by the chat itself: over the API on a node server, Google's Firestore
// emulator and the LLM stand-in. Each counter must agree with the records it summarises (messages, the credit usage
// log), and a month's chart must read about one document per day whatever the number of messages.
import { agentDailyRollupSchema, dailySeries, paths, payerDailyRollupSchema, rollupDay, sumOf, type AgentDailyRollup } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { llmEnv, startTestStack, type TestStack } from '../../test/runtime';

const OWNER = 'rollupOwner01';
const AGENT = 'AgentWithRollups01';
const DAY_MS = 86_400_000;
const START = Date.parse('2026-03-01T09:00:00Z');
const timing = { deadlineMs: 4000, baseDelayMs: 20, maxAttempts: 2, attemptTimeoutMs: 2000 };

let stack: TestStack;
let db: Firestore;
let composition: typeof import('../../test/composition');
/** The engine's clock: the test moves it through simulated days. */
let clock = START;

const post = (path: string, body: unknown) =>
  fetch(`${stack.api.url}/public/agents/${AGENT}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
async function chat(conversationId: string, message: string): Promise<void> {
  expect((await post('/chat', { conversationId, message })).status).toBe(200);
}
const agentDay = async (day: string): Promise<AgentDailyRollup | undefined> => {
  const snap = await db.doc(paths.agentRollup(AGENT, day)).get();
  return snap.exists ? agentDailyRollupSchema.parse(snap.data()) : undefined;
};
/** What a chart reads: the agent's documents of a range of days. */
const agentRange = async (from: string, to: string) => {
  const snap = await db.collection(`voiceglow/${AGENT}/rollups`).where('day', '>=', from).where('day', '<=', to).get();
  return snap.docs.map((d) => agentDailyRollupSchema.parse(d.data()));
};
async function clear(): Promise<void> {
  for (const path of [`voiceglow/${AGENT}/rollups`, paths.userRollups(OWNER), paths.creditUsageLogs(OWNER), paths.conversations(AGENT)]) {
    await db.recursiveDelete(db.collection(path));
  }
}

beforeAll(async () => {
  // A month of traffic from one address: the per-visitor rate limits are not what this test is about.
  stack = await startTestStack({ limits: (await import('../rate-limits')).noRateLimits });
  db = (await import('../adapters/firestore')).databaseFor('na');
  composition = await import('../../test/composition');
}, 30_000);
afterAll(async () => {
  composition?.useEngine(null);
  await stack?.stop();
});
beforeEach(async () => {
  await stack.limits.reset();
  await clear();
  clock = START;
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 1_000_000, hasEverPaid: true });
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Counted desk', ownerID: OWNER, agentPlatform: 'vg', messagesLimit: 0 });
  composition.useEngine(composition.runtimeDeps({ llm: () => llmEnv(stack.llm.url), timing, agentCacheMs: 0, now: () => clock }));
});

describe('a chat counts itself in its day', () => {
  it('a new conversation, its messages and answer, and the credits the answer cost (agent and payer alike)', async () => {
    await chat('conv-rollup-one-01', 'Hello there');
    await chat('conv-rollup-one-01', 'And again');
    const day = await agentDay(rollupDay(START));
    expect(day).toMatchObject({ conversations: 1, channels: { widget: 1 }, messages: 4, answers: 2 });
    const logs = (await db.collection(paths.creditUsageLogs(OWNER)).get()).docs.map((d) => d.data());
    const credits = sumOf(logs, (l) => l.amount as number);
    expect(credits).toBeGreaterThan(0);
    expect(day!.credits).toBeCloseTo(credits, 9);
    expect(day!.features['chat-message']).toBeCloseTo(credits, 9);
    expect(day!.inputTokens + day!.outputTokens).toBe(sumOf(logs, (l) => l.totalTokens as number));
    const payer = payerDailyRollupSchema.parse((await db.doc(`${paths.userRollups(OWNER)}/${rollupDay(START)}`).get()).data());
    expect(payer.credits).toBeCloseTo(credits, 9);
    expect(payer.agents[AGENT]).toBeCloseTo(credits, 9);
    expect(payer.features['chat-message']).toBeCloseTo(credits, 9);
  });

  it('a handoff request is counted once, however often the visitor asks', async () => {
    clock = Date.now();
    await chat('conv-rollup-handoff-01', 'I need a person');
    for (let i = 0; i < 2; i++) expect((await post('/conversations/conv-rollup-handoff-01/handoff', {})).status).toBe(200);
    // The request is counted on the day it was made (the chat's day, unless midnight passed in between).
    const days = await agentRange(rollupDay(clock), rollupDay(Date.now()));
    expect(sumOf(days, (d) => d.conversations)).toBe(1);
    expect(sumOf(days, (d) => d.handoffs)).toBe(1);
    expect(sumOf(days, (d) => d.messages)).toBe(3);
  });

  it('the team’s first reply to a handoff request counts its wait; later replies do not', async () => {
    clock = Date.now();
    await chat('conv-rollup-answer-01', 'A person, please');
    expect((await post('/conversations/conv-rollup-answer-01/handoff', {})).status).toBe(200);
    const requestedAt = (await db.doc(paths.conversation(AGENT, 'conv-rollup-answer-01')).get()).get('handoffRequestedAt') as number;
    const ops = await import('../conversations/operator');
    const noRelay = async () => undefined;
    const caller = { kind: 'user', uid: OWNER, email: null, role: '' } as const;
    for (const text of ['Hi, this is Ana.', 'How can I help?']) {
      await ops.sendOperatorMessage(noRelay, { region: 'na', agentId: AGENT, conversationId: 'conv-rollup-answer-01', text }, caller);
    }
    const days = await agentRange(rollupDay(clock), rollupDay(Date.now()));
    expect(sumOf(days, (d) => d.handoffAnswers)).toBe(1);
    // The wait is from the request to the reply (stored one millisecond after the "taken over" note before it).
    const replies = await db.collection(paths.conversationMessages(AGENT, 'conv-rollup-answer-01')).where('role', '==', 'operator').orderBy('ts').get();
    expect(sumOf(days, (d) => d.handoffAnswerMs)).toBe((replies.docs[0]!.get('ts') as number) - 1 - requestedAt);
  });

  it('the owner’s test chats count no conversation and no message, only the credits they cost (as the usage log does)', async () => {
    composition.idTokens.use(async (token) => (token === 'owner.id.token' ? { uid: OWNER } : null));
    const res = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat?channel=test`, {
      method: 'POST', headers: { authorization: 'Bearer owner.id.token' }, body: JSON.stringify({ message: 'Just testing', conversationId: 'conv-rollup-test-01' }),
    });
    expect(res.status).toBe(200);
    const day = await agentDay(rollupDay(START));
    expect(day).toMatchObject({ conversations: 0, messages: 0, answers: 0 });
    expect(day!.credits).toBeGreaterThan(0);
  });
});

describe('a widget opening counts itself in its day', () => {
  it('by country (geo analytics on) and by browser family; a made-up browser name is counted as Other, an unknown country nowhere', async () => {
    await db.doc(paths.agent(AGENT)).set({ enableGeoAnalytics: true }, { merge: true });
    const open = (body: Record<string, unknown>) => fetch(`${stack.api.url}/agents/${AGENT}/analytics`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ region: 'na', ...body }) });
    const before = Date.now();
    expect((await open({ countryCode: 'DE', browser: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36' })).status).toBe(200);
    expect((await open({ countryCode: 'de', browser: 'Mozilla/5.0 (Macintosh) Gecko/20100101 Firefox/121.0' })).status).toBe(200);
    expect((await open({ browser: 'my.own.key' })).status).toBe(200);
    const days = await agentRange(rollupDay(before), rollupDay(Date.now()));
    expect(sumOf(days, (d) => d.opens)).toBe(3);
    expect(sumOf(days, (d) => d.countries.DE)).toBe(2);
    expect(days.flatMap((d) => Object.keys(d.countries))).toEqual(['DE']);
    expect(sumOf(days, (d) => d.browsers.Chrome)).toBe(1);
    expect(sumOf(days, (d) => d.browsers.Firefox)).toBe(1);
    expect(sumOf(days, (d) => d.browsers.Other)).toBe(1);
  });
});

describe('1,000 messages over 30 days', () => {
  it('the credits chart sums to the credit usage log of the range, and the month reads at most 40 documents', { timeout: 300_000 }, async () => {
    // 500 turns (a visitor's message and its answer each), in 60 conversations, spread over 30 days.
    const turns = 500;
    for (let turn = 0; turn < turns; turn++) {
      clock = START + Math.floor((turn * 30) / turns) * DAY_MS + (turn % 7) * 60_000;
      await chat(`conv-month-${String(turn % 60).padStart(3, '0')}-${Math.floor((turn * 30) / turns)}`, `Question number ${turn}`);
    }
    const from = rollupDay(START);
    const to = rollupDay(START + 29 * DAY_MS);
    const docs = await agentRange(from, to);
    expect(docs.length).toBeLessThanOrEqual(40);
    const series = dailySeries(docs, from, to, (d) => ({ credits: d?.credits ?? 0, messages: d?.messages ?? 0 }));
    expect(series).toHaveLength(30);
    expect(sumOf(series, (r) => r.messages)).toBe(1000);
    const logs = (await db.collection(paths.creditUsageLogs(OWNER)).where('ts', '>=', START).where('ts', '<', START + 30 * DAY_MS).get()).docs;
    expect(logs).toHaveLength(turns);
    expect(sumOf(series, (r) => r.credits)).toBeCloseTo(sumOf(logs, (l) => l.get('amount') as number), 6);
  });
});
