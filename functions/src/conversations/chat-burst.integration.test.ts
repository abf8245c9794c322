// The burst that walked through the per-instance limits: 120 chats at once from one address to one agent, spread
// over two instances of the API (two compositions with their own memory, sharing Google's Firestore emulator, as
// two Cloud Functions instances share the database). No more than the address's allowance is answered; the rest
// are 429 with a sentence, and for them no credit is reserved and the model (the LLM fake) is never called.
import { paths, USAGE_MESSAGES } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_RULES } from '../rate-limits';
import { llmEnv, startTestStack, type TestStack } from '../../test/runtime';

let stack: TestStack;
let second: { url: string; close(): Promise<void> };
let reservations = 0;

const OWNER = 'burst-owner';
const AGENT = 'AgentBurst000001';

const llmCalls = async () => ((await (await fetch(`${stack.llm.url}/__recorded`)).json()) as unknown[]).length;

beforeAll(async () => {
  stack = await startTestStack();
  const { serveApi } = await import('../http/serve');
  const endpoints = (await import('../../test/composition')).testEndpoints();
  const { resettableRateLimits } = await import('../../test/rate-limits');
  second = await serveApi(endpoints, { limits: resettableRateLimits() });
  const { useEngine } = await import('../../test/composition');
  const { runtimeDeps, testApp } = await import('../../test/composition');
  const firestoreCredits = testApp.credits;
  // The real credits, with each reservation counted.
  const credits = { ...firestoreCredits, reserve: (...args: Parameters<typeof firestoreCredits.reserve>) => ((reservations += 1), firestoreCredits.reserve(...args)) };
  useEngine(runtimeDeps({ llm: () => llmEnv(stack.llm.url), agentCacheMs: 0, credits }));
  const db = (await import('../adapters/firestore')).databaseFor('na');
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 10_000 });
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Burst', ownerID: OWNER, agentPlatform: 'vg', recordChatHistory: true });
}, 30_000);
afterAll(async () => {
  (await import('../../test/composition')).useEngine(null);
  await second?.close();
  await stack?.stop();
});

describe('a burst of chats over two instances', () => {
  it(`answers no more than ${RATE_RULES.chatIp.limit} of 120 concurrent chats from one address; the rest are 429 and cost nothing`, async () => {
    const urls = [stack.api.url, second.url];
    const replies = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const res = await fetch(`${urls[i % 2]}/public/agents/${AGENT}/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.120' },
          body: JSON.stringify({ message: `burst ${i}` }),
        });
        return { status: res.status, body: (await res.json()) as { error?: string } };
      }),
    );
    const answered = replies.filter((r) => r.status === 200).length;
    const refused = replies.filter((r) => r.status === 429);
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThanOrEqual(RATE_RULES.chatIp.limit);
    expect(refused).toHaveLength(120 - answered);
    expect(new Set(refused.map((r) => r.body.error))).toEqual(new Set([USAGE_MESSAGES.tooManyRequests]));
    expect(await llmCalls()).toBe(answered);
    expect(reservations).toBe(answered);
  }, 120_000);
});
