// The runtime end to end: the API served on a node server, Google's Firestore emulator, the real
// `openai` client against the OpenAI-compatible fake, and the Voiceflow fake.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_SECRET_FIELDS } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { llmEnv, readSse, startTestStack, type TestStack } from '../../../test/runtime';

// Responses here are JSON the test inspects freely.
/* eslint-disable @typescript-eslint/no-explicit-any */
type JsonResponse = Omit<Response, 'json'> & { json(): Promise<any> };
const fetch = (...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args) as Promise<JsonResponse>;

let stack: TestStack;
let db: Firestore;
let useEngine: typeof import('../../../test/composition').useEngine;
let runtimeDeps: typeof import('../../../test/composition').runtimeDeps;
let ops: typeof import('../operator');
let relay: import('..').OperatorRelay;

const OWNER = 'owner-1';
const AGENT = 'AgentRuntime0001';
const VF_AGENT = 'AgentVoiceflow01';
const KB_TEXT = [
  'Opening hours: the Lisbon bakery opens at 7am and closes at 7pm from Monday to Saturday.',
  'Delivery: we deliver sourdough bread within 5 km of the shop for a fee of 3 euros.',
].join('\n\n');

const timing = { deadlineMs: 4000, baseDelayMs: 20, maxAttempts: 4, attemptTimeoutMs: 400 };

function useLlm(on: boolean) {
  useEngine(runtimeDeps({ llm: on ? () => llmEnv(stack.llm.url) : () => null, timing, agentCacheMs: 0 }));
}

async function control(body: unknown) {
  await fetch(`${stack.llm.url}/__control`, { method: 'POST', body: JSON.stringify(body) });
}

async function chat(body: Record<string, unknown>, agentId = AGENT, query = '') {
  return fetch(`${stack.api.url}/public/agents/${agentId}/chat${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function seed() {
  await db.doc(`users/${OWNER}`).set({ uid: OWNER, loadTokens: 100, hasEverPaid: true });
  await db.doc(`voiceglow/${AGENT}`).set({
    ID: AGENT, title: 'Bakery helper', ownerID: OWNER, agentPlatform: 'vg', messageDelayMS: 1000,
    vg_systemPrompt: 'You are the bakery assistant.', vg_initMessages: ['Welcome to the bakery!', 'Ask me anything.'],
    kb_llm: { searchMethod: 'simple' }, topChunks: 2,
    // A legacy document still carrying secrets: the public response must drop them.
    SECRET_API_KEY: 'vg_legacySecretValue1234', VF_DIALOGUE_API_KEY: 'VF.DM.legacy.secret', whatsappToken: 'wa-secret-token',
    gcloudPrivateKey: 'private-key-secret', instagramAccessToken: 'ig-secret-token',
  });
  await db.doc(`voiceglow/${VF_AGENT}`).set({ ID: VF_AGENT, title: 'VF', ownerID: OWNER, agentPlatform: 'vf' });
  await db.doc(`voiceglow/${VF_AGENT}/private/secrets`).delete();
}

beforeAll(async () => {
  stack = await startTestStack();
  db = (await import('../../adapters/firestore')).databaseFor('na');
  ({ useEngine, runtimeDeps } = await import('../../../test/composition'));
  ops = await import('../operator');
  const channels = await import('../../channels');
  relay = channels.operatorRelay(channels.channelSenders);
  // The knowledge base goes through the knowledge feature's own ingestion (chunks + index).
  await seed();
  const { createSource, ingestSource } = await import('../../knowledge/ingest');
  const kb = (await import('../../../test/composition')).testApp;
  const docId = await createSource('na', { agentId: AGENT, userId: OWNER, name: 'bakery-faq.txt', sourceType: 'doc', fileType: 'txt' }, 'doc1');
  const ingested = await ingestSource(kb, 'na', AGENT, docId, { kind: 'file', data: Buffer.from(KB_TEXT), fileName: 'bakery-faq.txt' });
  expect(ingested.status).toBe('SUCCESS');
}, 30_000);
afterAll(async () => {
  useEngine(null);
  await stack?.stop();
});
beforeEach(async () => {
  await stack.limits.reset();
  await seed();
  await control({ reset: true });
  await fetch(`${stack.llm.url}/__recorded`, { method: 'DELETE' });
  useLlm(true);
});

describe('public agent data', () => {
  it('never returns a secret field or value', async () => {
    const res = await fetch(`${stack.api.url}/public/agents/${AGENT}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.data.title).toBe('Bakery helper');
    for (const field of AGENT_SECRET_FIELDS) expect(body.data).not.toHaveProperty(field);
    for (const value of ['vg_legacySecretValue1234', 'VF.DM.legacy.secret', 'wa-secret-token', 'private-key-secret', 'ig-secret-token', 'You are the bakery assistant']) {
      expect(text).not.toContain(value);
    }
  });

  it('names the direct streaming URL when one is configured', async () => {
    process.env.PARLEY_STREAM_API_BASE = 'https://us-central1-demo-parley.cloudfunctions.net/api/';
    try {
      const body = await (await fetch(`${stack.api.url}/public/agents/${AGENT}`)).json();
      expect(body.streamBase).toBe('https://us-central1-demo-parley.cloudfunctions.net/api');
    } finally {
      delete process.env.PARLEY_STREAM_API_BASE;
    }
    expect((await (await fetch(`${stack.api.url}/public/agents/${AGENT}`)).json()).streamBase).toBeUndefined();
  });

  it('leaks no secret value through any public endpoint', async () => {
    const secrets = ['vg_legacySecretValue1234', 'VF.DM.legacy.secret', 'wa-secret-token', 'private-key-secret', 'ig-secret-token'];
    const bodies = [
      await (await chat({ action: 'launch', conversationId: 'conv-secrets-01' })).text(),
      await (await chat({ message: 'Do you deliver?', conversationId: 'conv-secrets-01', stream: true })).text(),
      await (await fetch(`${stack.api.url}/public/agents/${AGENT}/conversations/conv-secrets-01?since=0`)).text(),
      await (await fetch(`${stack.api.url}/public/agents/${AGENT}/conversations/conv-secrets-01/handoff`, { method: 'POST', body: '{}' })).text(),
      await (await fetch(`${stack.api.url}/v2/public/agents/${AGENT}/usage`)).text(),
      await (await fetch(`${stack.api.url}/public/users/${OWNER}/check-credits`)).text(),
      await (await fetch(`${stack.api.url}/agents/${AGENT}/analytics`, { method: 'POST', body: JSON.stringify({ region: 'na' }) })).text(),
    ];
    for (const body of bodies) for (const secret of secrets) expect(body).not.toContain(secret);
  });

  it('answers 404 with the widget message for an unknown agent', async () => {
    const res = await fetch(`${stack.api.url}/public/agents/NoSuchAgent`);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('This widget does not exist.');
    expect((await chat({ message: 'hi' }, 'NoSuchAgent')).status).toBe(404);
    expect((await fetch(`${stack.api.url}/v2/public/agents/NoSuchAgent/usage`)).status).toBe(404);
  });
});

describe('bad input', () => {
  it('refuses messages over 4,000 characters', async () => {
    const res = await chat({ message: 'x'.repeat(4001) });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toContain('Messages can be at most 4,000 characters.');
    expect((await chat({ message: 'x'.repeat(4000) })).status).toBe(200);
  });

  it('refuses malformed bodies', async () => {
    const raw = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat`, { method: 'POST', body: '{"message":' });
    expect(raw.status).toBe(400);
    expect((await chat({ action: 'text' })).status).toBe(400);
    expect((await chat({ message: 42 })).status).toBe(400);
    expect((await chat({ message: 'hi', conversationId: '../../users/x' })).status).toBe(400);
  });
});

describe('vg answers with the LLM', () => {
  it('streams an answer built from the knowledge base and cites the source', async () => {
    const res = await chat({ message: 'When does the bakery open in the morning?', stream: true, conversationId: 'conv-stream-0001' });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await readSse(res as Response);
    expect(events[0]).toEqual({ event: 'start', data: { conversationId: 'conv-stream-0001' } });
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    const done = events.find((e) => e.event === 'done')!.data;
    expect(deltas.map((d) => d.data.text).join('')).toBe(done.parts[0]);
    expect(done.parts[0]).toContain('When does the bakery open in the morning?');
    expect(done.parts[0]).toContain('opens at 7am');
    // A visitor learns the source's title and an excerpt: no document id, no file or storage path.
    expect(Object.keys(done.sources[0]).sort()).toEqual(['excerpt', 'score', 'title']);
    expect(done.sources[0]).toMatchObject({ title: 'bakery-faq.txt' });
    expect(JSON.stringify(events)).not.toMatch(/doc1|kb%2F|kb\/|public\/files/);
    expect(done.responder).toBe('llm');
    // The request carried the agent's settings and the retrieved context.
    const recorded = await (await fetch(`${stack.llm.url}/__recorded`)).json();
    const sent = recorded[0].body;
    expect(sent).toMatchObject({ model: 'fake-gpt', temperature: 0.5, max_tokens: 1024, stream: true });
    expect(sent.messages[0].content).toContain('You are the bakery assistant.');
    expect(sent.messages[0].content).toContain('opens at 7am');
  });

  it('records the conversation, the credit usage log and decrements loadTokens', async () => {
    const res = await chat({ message: 'Do you deliver bread?', conversationId: 'conv-meter-0001' });
    const { data } = await res.json();
    expect(data.parts[0]).toContain('deliver sourdough');
    const messages = (await db.collection(`voiceglow/${AGENT}/conversations/conv-meter-0001/messages`).orderBy('ts').get()).docs.map((d) => d.data());
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]!.sources[0]).toEqual({ title: 'bakery-faq.txt', excerpt: expect.any(String), score: expect.any(Number) });
    const conversation = (await db.doc(`voiceglow/${AGENT}/conversations/conv-meter-0001`).get()).data()!;
    expect(conversation).toMatchObject({ messageCount: 2, control: 'ai', ownerID: OWNER });
    const logs = (await db.collection(`users/${OWNER}/creditUsageLogs`).where('agentId', '==', AGENT).get()).docs.map((d) => d.data());
    const log = logs.find((l) => l.logMessage.includes('conv-meter-0001'))!;
    expect(log).toMatchObject({ direction: 'decrease', causedBy: 'agent', featureKey: 'chat-message', modelId: 'fake-gpt' });
    expect(log.inputTokens).toBeGreaterThan(0);
    expect(log.outputTokens).toBeGreaterThan(0);
    const user = (await db.doc(`users/${OWNER}`).get()).data()!;
    expect(user.loadTokens).toBeCloseTo(100 - log.amount, 5);
  });

  it('sends the conversation history on the next turn', async () => {
    await chat({ message: 'Do you deliver bread?', conversationId: 'conv-history-01' });
    await chat({ message: 'How much does it cost?', conversationId: 'conv-history-01' });
    const recorded = await (await fetch(`${stack.llm.url}/__recorded`)).json();
    const roles = recorded[1].body.messages.map((m: { role: string }) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
    expect(recorded[1].body.messages[1].content).toBe('Do you deliver bread?');
  });

  it('retries 429 and 500 with backoff, then answers', async () => {
    await control({ failures: [{ status: 429 }, { status: 500 }] });
    const { data } = await (await chat({ message: 'When do you close?' })).json();
    expect(data.failed).toBe(false);
    expect(data.parts[0]).toContain('When do you close?');
    expect((await (await fetch(`${stack.llm.url}/__recorded`)).json())).toHaveLength(3);
  });

  it('retries a request that hangs past the attempt timeout', async () => {
    await control({ failures: [{ status: 'timeout' }] });
    const started = Date.now();
    const { data } = await (await chat({ message: 'Are you open on Saturday?' })).json();
    expect(data.failed).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('gives a polite failure within the deadline and keeps the visitor message, without charging', async () => {
    await control({ failures: Array.from({ length: 10 }, () => ({ status: 503 })) });
    const before = (await db.doc(`users/${OWNER}`).get()).get('loadTokens');
    const started = Date.now();
    const { data } = await (await chat({ message: 'Is there gluten-free bread?', conversationId: 'conv-failure-01' })).json();
    expect(Date.now() - started).toBeLessThan(timing.deadlineMs + 1000);
    expect(data.failed).toBe(true);
    expect(data.parts).toEqual(["Sorry, I couldn't answer just now. Please try again in a moment."]);
    const messages = (await db.collection(`voiceglow/${AGENT}/conversations/conv-failure-01/messages`).orderBy('ts').get()).docs.map((d) => d.data());
    expect(messages[0]).toMatchObject({ role: 'user', text: 'Is there gluten-free bread?' });
    expect(messages[1]).toMatchObject({ role: 'assistant', status: 'failed' });
    expect((await db.doc(`users/${OWNER}`).get()).get('loadTokens')).toBe(before);
  });

  it('does not retry a 400 from the provider', async () => {
    await control({ failures: [{ status: 400 }] });
    const { data } = await (await chat({ message: 'Hello there' })).json();
    expect(data.failed).toBe(true);
    expect((await (await fetch(`${stack.llm.url}/__recorded`)).json())).toHaveLength(1);
  });
});

describe('offline responder (no LLM configured)', () => {
  it('quotes the best passage, labelled as offline', async () => {
    useLlm(false);
    const { data } = await (await chat({ message: 'What is the delivery fee?' })).json();
    expect(data.responder).toBe('offline');
    expect(data.parts[0]).toMatch(/^Offline mode \(no language model is configured\)/);
    expect(data.parts[0]).toContain('fee of 3 euros');
    expect(data.sources[0]).toEqual({ title: 'bakery-faq.txt', excerpt: expect.stringContaining('fee of 3 euros'), score: expect.any(Number) });
  });

  it('says it has nothing when the knowledge base does not cover the subject', async () => {
    useLlm(false);
    const { data } = await (await chat({ message: 'Tell me about quantum chromodynamics' })).json();
    expect(data.parts[0]).toBe('Offline mode (no language model is configured): I have nothing in my knowledge base about that.');
    expect(data.sources).toEqual([]);
  });
});

describe('launch and smart initialisation', () => {
  it('sends the launch messages when smartInit is off', async () => {
    const { data } = await (await chat({ action: 'launch', conversationId: 'conv-launch-001' })).json();
    expect(data.parts).toEqual(['Welcome to the bakery!', 'Ask me anything.']);
    expect(data.messageDelayMS).toBe(1000);
  });

  it('with smartInit on, skips the greeting and answers the first message in context', async () => {
    await db.doc(`voiceglow/${AGENT}`).set({ smartInit: true, vg_initPrompt: 'Greet the visitor by topic.' }, { merge: true });
    const launch = await (await chat({ action: 'launch', conversationId: 'conv-smart-0001' })).json();
    expect(launch.data.parts).toEqual([]);
    await chat({ message: 'Bread delivery?', conversationId: 'conv-smart-0001' });
    await chat({ message: 'And the fee?', conversationId: 'conv-smart-0001' });
    const recorded = await (await fetch(`${stack.llm.url}/__recorded`)).json();
    expect(recorded[0].body.messages[0].content).toContain("This is the visitor's first message. Greet the visitor by topic.");
    expect(recorded[1].body.messages[0].content).not.toContain("visitor's first message");
  });
});

describe('credits and limits', () => {
  it('stops with a clear message when the workspace has no credits', async () => {
    await db.doc(`users/${OWNER}`).set({ loadTokens: 0 }, { merge: true });
    const res = await chat({ message: 'Hello?' });
    expect(res.status).toBe(402);
    expect((await res.json()).error).toBe('This assistant has reached its usage limit and cannot reply right now. Please try again later.');
    expect((await (await fetch(`${stack.api.url}/v2/public/agents/${AGENT}/usage`)).json()).data.shouldContinue).toBe(false);
    expect(await (await fetch(`${stack.api.url}/public/users/${OWNER}/check-credits`)).json()).toEqual({ continue: false, hasEverPaid: true });
  });

  it('a reservation refused while the model already answers: 402, no words reach the visitor, nothing is stored or charged', async () => {
    // Another instance spends the balance between this one's read and its reservation: the model was asked beside
    // the reservation (the balance covered the answer), and its words must not get out.
    const { StopError } = await import('../../credits');
    const { testApp } = await import('../../../test/composition');
    const real = testApp.credits;
    const reserve: typeof real.reserve = async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      throw new StopError('credits');
    };
    useEngine(runtimeDeps({ llm: () => llmEnv(stack.llm.url), timing, agentCacheMs: 0, credits: { ...real, reserve } }));
    await db.doc(`users/${OWNER}`).set({ loadTokens: 1_000_000 }, { merge: true });
    const res = await chat({ message: 'When do you open?', stream: true, conversationId: 'conv-refused-late01' });
    expect(res.status).toBe(402);
    expect((await res.json()).error).toBe('This assistant has reached its usage limit and cannot reply right now. Please try again later.');
    expect((await db.collection(`voiceglow/${AGENT}/conversations/conv-refused-late01/messages`).get()).size).toBe(0);
    expect((await db.doc(`users/${OWNER}`).get()).get('loadTokens')).toBe(1_000_000);
    // The model had been asked (the early start this test holds to its promise), and its answer went nowhere.
    expect(((await (await fetch(`${stack.llm.url}/__recorded`)).json()) as unknown[]).length).toBe(1);
  });

  it("stops a conversation at the agent's messagesLimit; another conversation may still chat", async () => {
    await db.doc(`voiceglow/${AGENT}`).set({ messagesLimit: 1 }, { merge: true });
    expect((await chat({ message: 'First question', conversationId: 'conv-limit-00001' })).status).toBe(200);
    const stopped = await chat({ message: 'Second question', conversationId: 'conv-limit-00001' });
    expect(stopped.status).toBe(402);
    expect((await stopped.json()).error).toBe('This conversation has reached its message limit. Please start a new chat.');
    expect((await chat({ message: 'First question', conversationId: 'conv-limit-00002' })).status).toBe(200);
  });

  it('analytics records an event and returns this month\'s messages', async () => {
    await db.doc(`voiceglow/${AGENT}/stats/usage`).delete();
    await chat({ message: 'One' });
    await chat({ message: 'Two' });
    const res = await fetch(`${stack.api.url}/agents/${AGENT}/analytics`, {
      method: 'POST',
      body: JSON.stringify({ region: 'na', record: 'open', ts: Date.now(), browser: 'Chrome', origin: 'https://shop.example', platform: 'Linux', countryCode: 'PT', ipAddress: '1.2.3.4' }),
    });
    expect(await res.json()).toEqual({ success: true, monthlyMessages: 2 });
    const events = (await db.collection(`voiceglow/${AGENT}/analytics`).get()).docs.map((d) => d.data());
    expect(events.some((e) => e.origin === 'https://shop.example' && e.ipAddress === undefined)).toBe(true);
  });
});

describe('vf agents', () => {
  it('asks for the dialogue API key when there is none', async () => {
    const res = await chat({ message: 'hi' }, VF_AGENT);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Please provide your dialogue API key and try again.');
  });

  it('proxies launch and text to the Dialog API with the key from the private secrets', async () => {
    await db.doc(`voiceglow/${VF_AGENT}/private/secrets`).set({ VF_DIALOGUE_API_KEY: 'VF.DM.abc123.secret' });
    const launch = await (await chat({ action: 'launch', conversationId: 'vf-conv-000001' }, VF_AGENT)).json();
    expect(launch.data.parts).toEqual(['Welcome, vf-conv-000001. This is turn 1 of the Voiceflow project.', 'What would you like to know?']);
    const reply = await (await chat({ message: 'opening hours', conversationId: 'vf-conv-000001' }, VF_AGENT)).json();
    expect(reply.data.parts[0]).toBe('Voiceflow heard "opening hours" (turn 2).');
    const recorded = await (await fetch(`${stack.voiceflow.url}/__recorded`)).json();
    expect(recorded.at(-1)).toMatchObject({ userID: 'vf-conv-000001', body: { action: { type: 'text', payload: 'opening hours' } } });
  });
});

describe('warm-instance agent cache', () => {
  it('reuses the agent settings within agentCacheMs and reads them again afterwards', async () => {
    let now = Date.now();
    useEngine(runtimeDeps({ llm: () => llmEnv(stack.llm.url), timing, agentCacheMs: 3000, now: () => now }));
    await chat({ message: 'first' });
    await db.doc(`voiceglow/${AGENT}`).set({ vg_systemPrompt: 'You are the new assistant.' }, { merge: true });
    await chat({ message: 'second' });
    now += 3001;
    await chat({ message: 'third' });
    const prompts = (await (await fetch(`${stack.llm.url}/__recorded`)).json()).map((r: any) => r.body.messages[0].content as string);
    expect(prompts[0]).toContain('You are the bakery assistant.');
    expect(prompts[1]).toContain('You are the bakery assistant.');
    expect(prompts[2]).toContain('You are the new assistant.');
  });
});

describe('test debugger chat', () => {
  it('answers the owner with the unsaved draft settings and keeps the conversation apart from real chats', async () => {
    const { idTokens } = await import('../../../test/composition');
    idTokens.use(async (token) => (token === 'owner.id.token' ? { uid: OWNER } : token === 'other.id.token' ? { uid: 'someone-else' } : null));
    const draft = { vg_systemPrompt: 'You are a pirate who loves bread.', vg_temperature: 1.2 };
    const body = { message: 'Do you deliver bread?', conversationId: 'conv-test-00001', draft };
    const asOwner = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat?channel=test`, {
      method: 'POST', headers: { authorization: 'Bearer owner.id.token' }, body: JSON.stringify(body),
    });
    expect(asOwner.status).toBe(200);
    const recorded = await (await fetch(`${stack.llm.url}/__recorded`)).json();
    expect(recorded[0].body.messages[0].content).toContain('You are a pirate who loves bread.');
    expect(recorded[0].body.temperature).toBe(1.2);
    // Kept among the agent's test chats, not in Chats (conversations), and nobody is told of it.
    expect((await db.doc(`voiceglow/${AGENT}/conversations/conv-test-00001`).get()).exists).toBe(false);
    expect((await db.doc(`voiceglow/${AGENT}/testConversations/conv-test-00001`).get()).data()).toMatchObject({ channel: 'test', messageCount: 2, lastRole: 'assistant' });
    expect((await db.doc(`notifications-1/conversation-${AGENT}-conv-test-00001`).get()).exists).toBe(false);
    // The same debug session goes on in the same conversation: the model hears the earlier turn from the store.
    const next = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat?channel=test`, {
      method: 'POST', headers: { authorization: 'Bearer owner.id.token' }, body: JSON.stringify({ ...body, message: 'And on Sundays?' }),
    });
    expect(next.status).toBe(200);
    const heard = (await (await fetch(`${stack.llm.url}/__recorded`)).json()).at(-1).body.messages.map((m: any) => m.content);
    expect(heard).toContain('Do you deliver bread?');
    const messages = await db.collection(`voiceglow/${AGENT}/testConversations/conv-test-00001/messages`).orderBy('ts').get();
    expect(messages.docs.map((d) => [d.get('role'), d.get('text')]).filter(([role]) => role === 'user')).toEqual([['user', 'Do you deliver bread?'], ['user', 'And on Sundays?']]);

    const asStranger = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat?channel=test`, {
      method: 'POST', headers: { authorization: 'Bearer other.id.token' }, body: JSON.stringify(body),
    });
    expect(asStranger.status).toBe(403);
    // A visitor cannot smuggle draft settings into the public chat.
    await chat({ message: 'Do you deliver bread?', draft });
    const last = (await (await fetch(`${stack.llm.url}/__recorded`)).json()).at(-1);
    expect(last.body.messages[0].content).not.toContain('pirate');
    idTokens.use(null);
  });
});

describe('human takeover', () => {
  const caller = { kind: 'user', uid: OWNER, email: null, role: '' } as const;

  it('an operator reply reaches the widget, silences the AI, and hand-back restores it', async () => {
    const conversationId = 'conv-takeover-01';
    await chat({ message: 'I want to talk to a person', conversationId });
    const handoff = await fetch(`${stack.api.url}/public/agents/${AGENT}/conversations/${conversationId}/handoff`, { method: 'POST', body: '{}' });
    expect(handoff.status).toBe(200);
    expect((await db.doc(`voiceglow/${AGENT}/conversations/${conversationId}`).get()).get('handoffRequested')).toBe(true);

    const since = Date.now();
    await ops.sendOperatorMessage(relay, { region: 'na', agentId: AGENT, conversationId, text: 'Hi, this is Ana from the bakery.' }, caller);
    const poll = await (await fetch(`${stack.api.url}/public/agents/${AGENT}/conversations/${conversationId}?since=${since - 1}`)).json();
    expect(poll.data.control).toBe('human');
    expect(poll.data.messages.map((m: { role: string; text: string }) => [m.role, m.text])).toContainEqual(['operator', 'Hi, this is Ana from the bakery.']);

    await fetch(`${stack.llm.url}/__recorded`, { method: 'DELETE' });
    const silent = await (await chat({ message: 'Thanks Ana!', conversationId })).json();
    expect(silent.data).toMatchObject({ parts: [], control: 'human' });
    expect(await (await fetch(`${stack.llm.url}/__recorded`)).json()).toHaveLength(0);

    await ops.setConversationControl({ region: 'na', agentId: AGENT, conversationId, control: 'ai' }, caller);
    const back = await (await chat({ message: 'When do you open?', conversationId })).json();
    expect(back.data.parts[0]).toContain('When do you open?');
  });

  it('refuses operators who do not own the agent', async () => {
    await chat({ message: 'hello', conversationId: 'conv-stranger-01' });
    await expect(
      ops.sendOperatorMessage(relay, { region: 'na', agentId: AGENT, conversationId: 'conv-stranger-01', text: 'hi' }, { kind: 'user', uid: 'someone-else', email: null, role: '' }),
    ).rejects.toThrow('You do not have access to this agent.');
  });
});
