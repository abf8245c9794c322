// The conversation and call events as the product raises them, end to end: a visitor's chat through the API (the
// engine on the LLM stand-in), a quiet conversation found by the scheduled sweep, and a call's end-of-call report,
// each delivered to the webhook sink through the platform's own wiring (the composition's notify, voice's
// callEnded), signed the Standard Webhooks way (the sink checks the signature itself), and delivered once.
import { eventsApi, paths, voicePaths, CONVERSATION_IDLE_END_MS } from '@parley/core';
import { start as startSink, type SinkDelivery } from '@parley/local/fakes/webhook-sink';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { llmEnv, startTestStack, type TestStack } from '../../test/runtime';
import { eventsSigningSecretHandler } from './events-signing-secret';
import { saveEventsSettingsHandler } from './save-events-settings';

/* eslint-disable @typescript-eslint/no-explicit-any -- delivered bodies are JSON the test inspects freely */
let stack: TestStack;
let sink: Awaited<ReturnType<typeof startSink>>;
let db: Firestore;
let app: typeof import('../../test/composition').testApp;

const OWNER = 'raisedEventsOwner';
const AGENT = 'AgentRaisedEvents01';
const INBOX = '/hooks/raised-events';
const signedIn = { auth: { uid: OWNER, token: { email: 'raised@example.com', email_verified: true } as never, rawToken: 'x' } };

/** What the sink got, once every delivery of `type` the workspace recorded has been attempted. */
async function delivered(type: eventsApi.EventType, count: number): Promise<Array<SinkDelivery & { json: any }>> {
  await vi.waitFor(async () => {
    const records = (await db.collection(`${paths.user(OWNER)}/eventDeliveries`).where('type', '==', type).get()).docs;
    expect(records.map((d) => d.get('status'))).toEqual(Array(count).fill('delivered'));
  }, { timeout: 10_000, interval: 50 });
  const got = (await (await fetch(`${sink.url}/__recorded?path=${INBOX}`)).json()) as SinkDelivery[];
  return got.map((d) => ({ ...d, json: JSON.parse(d.body) })).filter((d) => d.json.type === type);
}

beforeAll(async () => {
  stack = await startTestStack();
  sink = await startSink({ port: 0 });
  process.env.ALLOW_PRIVATE_URLS = new URL(sink.url).host;
  db = (await import('../adapters/firestore')).databaseFor('na');
  const composition = await import('../../test/composition');
  app = composition.testApp;
  composition.useEngine(composition.runtimeDeps({ credits: app.credits, llm: () => llmEnv(stack.llm.url), agentCacheMs: 0 }));
}, 60_000);
afterAll(async () => {
  (await import('../../test/composition')).useEngine(null);
  delete process.env.ALLOW_PRIVATE_URLS;
  await sink?.stop();
  await stack?.stop();
});
beforeEach(async () => {
  await stack.limits.reset();
  await fetch(`${sink.url}/__recorded`, { method: 'DELETE' });
  await db.recursiveDelete(db.doc(paths.user(OWNER)));
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 1000, email: 'raised@example.com' });
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Raised', ownerID: OWNER, agentPlatform: 'vg', recordChatHistory: true, smartInit: true, messagesLimit: 0 });
  await saveEventsSettingsHandler({ db: app.db })(
    { region: 'na', workspaceId: OWNER, endpoint: `${sink.url}${INBOX}`, enabled: true, subscribedEvents: ['message.created', 'conversation.ended', 'call.ended'] },
    signedIn,
  );
  const { signingSecret } = await eventsSigningSecretHandler({ region: 'na', workspaceId: OWNER, rotate: false }, signedIn);
  await fetch(`${sink.url}/__control`, { method: 'POST', body: JSON.stringify({ path: INBOX, secret: signingSecret }) });
});

describe('message.created', () => {
  it('a visitor’s message and the agent’s answer each reach the endpoint once, signed, with their text', async () => {
    const conversationId = 'c_raisedMessage0001';
    const res = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ conversationId, action: 'text', message: 'Do you bake rye bread?' }),
    });
    expect(res.status).toBe(200);
    const answer = ((await res.json()) as any).data.parts[0] as string;

    const got = await delivered('message.created', 2);
    expect(got.map((d) => d.signature)).toEqual(['valid', 'valid']);
    expect(got.map((d) => d.json.payload).sort((a, b) => a.role.localeCompare(b.role))).toEqual([
      { agentId: AGENT, conversationId, region: 'na', role: 'assistant', text: answer, createdAt: expect.any(Number) },
      { agentId: AGENT, conversationId, region: 'na', role: 'user', text: 'Do you bake rye bread?', createdAt: expect.any(Number) },
    ]);
    expect(new Set(got.map((d) => d.headers['webhook-id'])).size).toBe(2);
  });

  it('the owner’s test chat raises none', async () => {
    const { idTokens } = await import('../../test/composition');
    idTokens.use(async (token) => (token === 'owner.id.token' ? { uid: OWNER } : null));
    try {
      const res = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat?channel=test`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer owner.id.token' },
        body: JSON.stringify({ conversationId: 'c_raisedTestChat001', action: 'text', message: 'Just trying my agent' }),
      });
      expect(res.status).toBe(200);
    } finally {
      idTokens.use(null);
    }
    expect((await db.collection(`${paths.user(OWNER)}/eventDeliveries`).get()).size).toBe(0);
  });
});

describe('conversation.ended', () => {
  it('a conversation quiet for the idle time is told once, however many sweeps see it; a call’s conversation is not', async () => {
    const endedAt = Date.now() - CONVERSATION_IDLE_END_MS - 60_000;
    const quiet = { agentId: AGENT, ownerID: OWNER, channel: 'widget', createdAt: endedAt - 5000, updatedAt: endedAt, lastMessageAt: endedAt, messageCount: 2 };
    await db.doc(paths.conversation(AGENT, 'c_raisedQuiet000001')).set({ ID: 'c_raisedQuiet000001', ...quiet });
    await db.doc(paths.conversation(AGENT, 'c_raisedCall0000001')).set({ ID: 'c_raisedCall0000001', ...quiet, channel: 'webcall', call: { callId: 'x' } });
    await db.doc(paths.conversation(AGENT, 'c_raisedActive00001')).set({ ID: 'c_raisedActive00001', ...quiet, lastMessageAt: Date.now() - 60_000 });
    const { sweepEndedConversations } = await import('./conversations-ended');
    const sweep = { db: app.db, notify: (event: any) => app.engine.notify(event), now: Date.now };
    await sweepEndedConversations(sweep, 'na');
    await sweepEndedConversations(sweep, 'na');

    const got = await delivered('conversation.ended', 1);
    expect(got).toHaveLength(1);
    expect(got[0]!.signature).toBe('valid');
    expect(got[0]!.json.payload).toEqual({ agentId: AGENT, conversationId: 'c_raisedQuiet000001', region: 'na', endedAt, createdAt: expect.any(Number) });
  });
});

describe('call.ended', () => {
  it('a call’s end-of-call report raises call.ended and its conversation’s end once, even when reported twice', async () => {
    const callId = 'call-raised-0001';
    const conversationId = 'c_raisedVoiceCall01';
    const now = Date.now();
    await db.doc(voicePaths.voiceCall(callId)).set({ callId, region: 'na', agentId: AGENT, ownerID: OWNER, conversationId, channel: 'webcall', holdsLine: false, status: 'started', billed: false, createdAt: now });
    await db.doc(paths.conversation(AGENT, conversationId)).set({ ID: conversationId, agentId: AGENT, ownerID: OWNER, channel: 'webcall', createdAt: now, updatedAt: now, lastMessageAt: now, call: { callId } });
    const { voiceDepsOf } = await import('../voice');
    const { finishCall } = await import('../voice/calls/finish');
    const voice = voiceDepsOf(app);
    const end = { callId, durationSeconds: 73, endedReason: 'customer-ended-call', endedAt: now + 73_000, cost: 0.1 };
    await finishCall(voice, 'na', end);
    await finishCall(voice, 'na', end);

    const calls = await delivered('call.ended', 1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signature).toBe('valid');
    expect(calls[0]!.json.payload).toEqual({
      agentId: AGENT, callId, conversationId, durationSeconds: 73, endedReason: 'customer-ended-call', endedAt: end.endedAt, region: 'na', createdAt: expect.any(Number),
    });
    const ended = await delivered('conversation.ended', 1);
    expect(ended.map((d) => [d.signature, d.json.payload.conversationId])).toEqual([['valid', conversationId]]);
  });
});
