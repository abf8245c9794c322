// Money on the chat path, end to end (the API on a node server, Google's Firestore emulator, the LLM fake): credits
// are reserved before the model is called, so concurrent chats cannot spend more than the balance holds; answers
// are charged at their model's rate; a model outside the catalogue or an unbounded reply never reaches the provider.
import { answerCredits, paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { llmEnv, startTestStack, type TestStack } from '../../test/runtime';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON replies are inspected loosely */
let stack: TestStack;
let db: Firestore;
let useEngine: typeof import('../../test/composition').useEngine;
let runtimeDeps: typeof import('../../test/composition').runtimeDeps;

const OWNER = 'meter-owner';
const AGENT = 'AgentMetering001';
const timing = { deadlineMs: 4000, baseDelayMs: 20, maxAttempts: 4, attemptTimeoutMs: 2000 };

const chat = (body: Record<string, unknown>, agentId = AGENT) =>
  fetch(`${stack.api.url}/public/agents/${agentId}/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const recorded = async (): Promise<any[]> => (await (await fetch(`${stack.llm.url}/__recorded`)).json()) as any[];
const balance = async () => (await db.doc(paths.user(OWNER)).get()).get('loadTokens') as number;
const chatLogs = async () => (await db.collection(paths.creditUsageLogs(OWNER)).where('featureKey', '==', 'chat-message').get()).docs.map((d) => d.data());

beforeAll(async () => {
  stack = await startTestStack();
  db = (await import('../adapters/firestore')).databaseFor('na');
  ({ useEngine } = await import('../../test/composition'));
  ({ runtimeDeps } = await import('../../test/composition'));
}, 30_000);
afterAll(async () => {
  useEngine(null);
  await stack?.stop();
});
beforeEach(async () => {
  await stack.limits.reset();
  useEngine(runtimeDeps({ llm: () => llmEnv(stack.llm.url), timing, agentCacheMs: 0 }));
  await fetch(`${stack.llm.url}/__control`, { method: 'POST', body: JSON.stringify({ reset: true }) });
  await fetch(`${stack.llm.url}/__recorded`, { method: 'DELETE' });
  await db.recursiveDelete(db.collection(paths.creditUsageLogs(OWNER)));
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 100 });
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Meter', ownerID: OWNER, agentPlatform: 'vg', recordChatHistory: true });
});

describe('the balance check race', () => {
  it('1 credit and 25 simultaneous chats: at most the answers the credit covers, and the balance ends at 0, never below', async () => {
    await db.doc(paths.user(OWNER)).set({ loadTokens: 1 }, { merge: true });
    // The model takes a moment, as a real one does: every chat is in flight at once.
    await fetch(`${stack.llm.url}/__control`, { method: 'POST', body: JSON.stringify({ latencyMs: 150 }) });
    const replies = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const res = await chat({ message: `Question ${i}`, conversationId: `race-conv-${String(i).padStart(4, '0')}` });
        return { status: res.status, body: (await res.json()) as any };
      }),
    );
    const answered = replies.filter((r) => r.status === 200 && r.body.data.failed === false);
    // One credit covers one answer (every answer costs at least 1 credit).
    expect(answered.length).toBeLessThanOrEqual(1);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(402);
      expect(r.body.error).toBe('This assistant has reached its usage limit and cannot reply right now. Please try again later.');
    }
    // Refused chats never reached the model.
    expect((await recorded()).length).toBe(answered.length);
    expect(await balance()).toBe(0);
    const charged = (await chatLogs()).reduce((sum, log) => sum + log.amount, 0);
    expect(charged).toBe(1);
  });

  it('streamed chats too: a chat refused at its reservation answers 402, not a stream that fails', async () => {
    await db.doc(paths.user(OWNER)).set({ loadTokens: 1 }, { merge: true });
    await fetch(`${stack.llm.url}/__control`, { method: 'POST', body: JSON.stringify({ latencyMs: 100 }) });
    const replies = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const res = await chat({ message: `Streamed ${i}`, stream: true, conversationId: `race-sse-conv-${String(i).padStart(4, '0')}` });
        return { status: res.status, text: await res.text() };
      }),
    );
    const streamed = replies.filter((r) => r.status === 200);
    expect(streamed).toHaveLength(1);
    expect(streamed[0]!.text).toContain('event: done');
    expect(replies.filter((r) => r.status === 402)).toHaveLength(24);
    expect(await balance()).toBe(0);
  });

  it('10 credits and 25 simultaneous chats: what is charged plus what is left is exactly what there was', async () => {
    await db.doc(paths.user(OWNER)).set({ loadTokens: 10 }, { merge: true });
    await fetch(`${stack.llm.url}/__control`, { method: 'POST', body: JSON.stringify({ latencyMs: 100 }) });
    const statuses = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => (await chat({ message: `Q${i}`, conversationId: `race10-conv-${String(i).padStart(4, '0')}` })).status),
    );
    expect(statuses.every((s) => s === 200 || s === 402)).toBe(true);
    const left = await balance();
    expect(left).toBeGreaterThanOrEqual(0);
    const charged = (await chatLogs()).reduce((sum, log) => sum + log.amount, 0);
    expect(charged + left).toBeCloseTo(10, 5);
    expect((await recorded()).length).toBe(statuses.filter((s) => s === 200).length);
  });

  it('never reuses a "may continue" decision: an emptied balance stops the very next message', async () => {
    useEngine(runtimeDeps({ llm: () => llmEnv(stack.llm.url), timing, agentCacheMs: 60_000 }));
    expect((await chat({ message: 'first' })).status).toBe(200);
    await db.doc(paths.user(OWNER)).set({ loadTokens: 0 }, { merge: true });
    expect((await chat({ message: 'second' })).status).toBe(402);
  });

  it('gives the reservation back when the answer fails', async () => {
    await fetch(`${stack.llm.url}/__control`, { method: 'POST', body: JSON.stringify({ failures: Array.from({ length: 10 }, () => ({ status: 400 })) }) });
    const { data } = (await (await chat({ message: 'Hello?' })).json()) as any;
    expect(data.failed).toBe(true);
    expect(await balance()).toBe(100);
    expect(await chatLogs()).toEqual([]);
  });
});

describe('reservations from several instances', () => {
  it('two instances reserving at once from 3 credits: never more than the balance, never below zero', async () => {
    const { initializeApp, getApps } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    const { reserveCredits } = await import('./reservation');
    // Another instance: its own client, so it knows nothing of this one's writes.
    const other = getFirestore(getApps().find((a) => a.name === 'other-instance') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT }, 'other-instance'));
    await db.doc(paths.user(OWNER)).set({ loadTokens: 3 }, { merge: true });
    const attempts = Array.from({ length: 20 }, (_, i) =>
      reserveCredits(i % 2 ? db : other, { ownerID: OWNER, estimate: 1 }, Date.now()).then(
        (r) => r.amount,
        (e: { status?: number }) => {
          expect([402, 429]).toContain(e.status);
          return 0;
        },
      ),
    );
    const taken = (await Promise.all(attempts)).reduce((sum, amount) => sum + amount, 0);
    expect(taken).toBe(3);
    expect(await balance()).toBe(0);
  });

  it('an org that pays: the same from its 3 credits, and the workspace keeps its own', async () => {
    const { initializeApp, getApps } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    const { reserveCredits } = await import('./reservation');
    const other = getFirestore(getApps().find((a) => a.name === 'other-instance') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT }, 'other-instance'));
    await db.doc(paths.user(OWNER)).set({ loadTokens: 100 }, { merge: true });
    await db.doc(paths.org('orgPays')).set({ ID: 'orgPays', ownerID: OWNER, loadTokens: 3 });
    const attempts = Array.from({ length: 20 }, (_, i) =>
      reserveCredits(i % 2 ? db : other, { ownerID: OWNER, orgId: 'orgPays', estimate: 1 }, Date.now()).then(
        (r) => {
          expect(r.orgId).toBe('orgPays');
          return r.amount;
        },
        (e: { status?: number }) => {
          expect([402, 429]).toContain(e.status);
          return 0;
        },
      ),
    );
    expect((await Promise.all(attempts)).reduce((sum, amount) => sum + amount, 0)).toBe(3);
    expect((await db.doc(paths.org('orgPays')).get()).get('loadTokens')).toBe(0);
    expect(await balance()).toBe(100);
  });
});

describe('credits follow the model', () => {
  it("charges an answer at its model's rate", async () => {
    // A long prompt, so the tokens (not the minimum charge) decide the price.
    await db.doc(paths.agent(AGENT)).set({ vg_defaultModel: 'gpt-4o', vg_systemPrompt: 'You sell bread. '.repeat(500) }, { merge: true });
    const { data } = (await (await chat({ message: 'What do you sell?' })).json()) as any;
    expect(data.failed).toBe(false);
    expect((await recorded())[0].body.model).toBe('gpt-4o');
    const [log] = await chatLogs();
    expect(log!.amount).toBe(answerCredits('gpt-4o', log!.inputTokens, log!.outputTokens));
    expect(log!.amount).toBeGreaterThan(answerCredits('gpt-4o-mini', log!.inputTokens, log!.outputTokens));
    expect(await balance()).toBeCloseTo(100 - log!.amount, 5);
  });

  it('a model outside the catalogue or an unbounded reply stored on the agent never reaches the provider', async () => {
    await db.doc(paths.agent(AGENT)).set({ vg_defaultModel: 'gpt-4-32k', vg_maxTokens: 1_000_000 }, { merge: true });
    expect((await chat({ message: 'Hi' })).status).toBe(200);
    const sent = (await recorded())[0].body;
    expect(sent.model).toBe('fake-gpt');
    expect(sent.max_tokens).toBe(4096);
  });

  it('the test chat tries only catalogue models', async () => {
    const { setIdTokenVerifier } = await import('../adapters/id-token');
    setIdTokenVerifier(async (token) => (token === 'owner.id.token' ? { uid: OWNER } : null));
    try {
      const res = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat?channel=test`, {
        method: 'POST',
        headers: { authorization: 'Bearer owner.id.token' },
        body: JSON.stringify({ message: 'Hi', draft: { vg_defaultModel: 'o1-pro', vg_maxTokens: 100_000 } }),
      });
      expect(res.status).toBe(200);
      const sent = (await recorded())[0].body;
      expect(sent.model).toBe('fake-gpt');
      expect(sent.max_tokens).toBe(1024);
    } finally {
      setIdTokenVerifier(null);
    }
  });

  it('the save endpoint refuses a model outside the catalogue and an unbounded reply', async () => {
    await db.doc(paths.agentSecrets(AGENT)).set({ SECRET_API_KEY: 'vg_meterAgentSecret00001' });
    const save = (body: unknown) =>
      fetch(`${stack.api.url}/v2/agents/${AGENT}`, { method: 'POST', headers: { authorization: 'Bearer vg_meterAgentSecret00001' }, body: JSON.stringify(body) });
    const model = await save({ vg_defaultModel: 'gpt-4-32k' });
    expect(model.status).toBe(400);
    expect(((await model.json()) as any).error).toContain('vg_defaultModel');
    expect((await save({ vg_maxTokens: 50_000 })).status).toBe(400);
    expect((await save({ vg_defaultModel: 'gpt-4.1', vg_maxTokens: 2048 })).status).toBe(200);
    expect((await db.doc(paths.agent(AGENT)).get()).data()).toMatchObject({ vg_defaultModel: 'gpt-4.1', vg_maxTokens: 2048 });
  });
});
