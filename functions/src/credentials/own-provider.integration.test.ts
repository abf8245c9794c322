// A workspace's own OpenAI-compatible provider in real chats: the API on a node server, Google's Firestore emulator,
// the engine as the composition builds it, and the LLM stand-in (which records whose key reached it, by its last 4
// characters). The owner saves a base URL and key through saveProviderKey; the workspace's agents then answer with
// that key, through the safe fetch, and are charged no model credits; the key appears in no response and no log line.
import { paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { llmEnv, readSse, startTestStack, type TestStack } from '../../test/runtime';
import { getCredentialsHandler } from './get-credentials';
import { saveProviderKeyHandler } from './save-provider-key';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON replies are inspected freely */
let stack: TestStack;
let db: Firestore;
const OWN_KEY = 'sk-own-workspace-key-7Q9z';
const BYOK = { owner: 'byokOwner', agent: 'AgentOwnProvider01' };
const PLATFORM = { owner: 'byokPlatformOwner', agent: 'AgentPlatformLlm01' };
const INTERNAL = { owner: 'byokInternalOwner', agent: 'AgentOwnInternal01' };
const signedIn = (uid: string) => ({ auth: { uid, token: { email: `${uid}@example.com`, email_verified: true } as never, rawToken: 'x' } });
let consoleCalls: MockInstance[] = [];

const chat = (agentId: string, body: Record<string, unknown>) =>
  fetch(`${stack.api.url}/public/agents/${agentId}/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const recordedKeys = async () => ((await (await fetch(`${stack.llm.url}/__recorded`)).json()) as any[]).map((r) => r.headers.authorization);
const usageLogs = async (uid: string) => (await db.collection(`${paths.user(uid)}/creditUsageLogs`).get()).docs.map((d) => d.data());

beforeAll(async () => {
  stack = await startTestStack();
  // The stand-in plays a provider on the public internet: the safe fetch lets exactly its address through.
  process.env.ALLOW_PRIVATE_URLS = new URL(stack.llm.url).host;
  db = (await import('../adapters/firestore')).databaseFor('na');
  const composition = await import('../../test/composition');
  composition.useEngine(composition.runtimeDeps({
    credits: composition.testApp.credits, llm: () => llmEnv(stack.llm.url), agentCacheMs: 0,
    timing: { deadlineMs: 3000, baseDelayMs: 10, maxAttempts: 2, attemptTimeoutMs: 1500 },
  }));
  for (const { owner, agent } of [BYOK, PLATFORM, INTERNAL]) {
    await db.doc(paths.user(owner)).set({ uid: owner, loadTokens: 100, email: `${owner}@example.com` });
    await db.doc(paths.agent(agent)).set({ ID: agent, title: 'Own key', ownerID: owner, agentPlatform: 'vg', recordChatHistory: true, smartInit: true, messagesLimit: 0 });
  }
  await saveProviderKeyHandler({ db: () => db })({ region: 'na', workspaceId: BYOK.owner, baseUrl: `${stack.llm.url}/v1`, apiKey: OWN_KEY }, signedIn(BYOK.owner));
}, 60_000);
afterAll(async () => {
  (await import('../../test/composition')).useEngine(null);
  delete process.env.ALLOW_PRIVATE_URLS;
  await stack?.stop();
});
afterEach(() => {
  for (const spy of consoleCalls) spy.mockRestore();
  consoleCalls = [];
});

/** Every console line written from now on, as text. */
function watchConsole(): () => string {
  consoleCalls = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) => vi.spyOn(console, level));
  return () => consoleCalls.flatMap((spy) => spy.mock.calls.map((args) => args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' '))).join('\n');
}

describe('a workspace with its own provider', () => {
  it('answers its agents’ chats with its own key, charges no model credits, and the key shows nowhere', async () => {
    const logged = watchConsole();
    await fetch(`${stack.llm.url}/__recorded`, { method: 'DELETE' });
    const plain = await chat(BYOK.agent, { conversationId: 'c_ownProviderPlain01', action: 'text', message: 'Do you deliver on Sundays?' });
    const plainText = await plain.text();
    expect(plain.status).toBe(200);
    expect(JSON.parse(plainText).data).toMatchObject({ responder: 'llm', failed: false, parts: [expect.stringContaining('Do you deliver on Sundays?')] });
    const streamed = await chat(BYOK.agent, { conversationId: 'c_ownProviderStream1', action: 'text', message: 'And on holidays?', stream: true });
    const events = await readSse(streamed);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { responder: 'llm', failed: false } });

    expect(await recordedKeys()).toEqual([`Bearer ***${OWN_KEY.slice(-4)}`, `Bearer ***${OWN_KEY.slice(-4)}`]);
    // Billed by its provider: each answer is logged with its tokens at 0 credits, and the balance is whole.
    const logs = await usageLogs(BYOK.owner);
    expect(logs.map((l) => [l.amount, l.totalTokens > 0])).toEqual([[0, true], [0, true]]);
    expect((await db.doc(paths.user(BYOK.owner)).get()).get('loadTokens')).toBe(100);

    const credentials = await getCredentialsHandler({ db: () => db })({ region: 'na', workspaceId: BYOK.owner }, signedIn(BYOK.owner));
    for (const text of [plainText, JSON.stringify(events), JSON.stringify(credentials), logged()]) expect(text).not.toContain(OWN_KEY);
    const workspaceLogs = await db.collection(`${paths.user(BYOK.owner)}/workspaceLogs`).get();
    expect(JSON.stringify(workspaceLogs.docs.map((d) => d.data()))).not.toContain(OWN_KEY);
  });

  it('leaves other workspaces on the platform’s provider and credits', async () => {
    await fetch(`${stack.llm.url}/__recorded`, { method: 'DELETE' });
    const res = await chat(PLATFORM.agent, { conversationId: 'c_platformProvider01', action: 'text', message: 'Do you deliver on Sundays?' });
    expect(res.status).toBe(200);
    expect(await recordedKeys()).toEqual(['Bearer ***fake']);
    const [log] = await usageLogs(PLATFORM.owner);
    expect(log!.amount).toBeGreaterThan(0);
  });

  it('reaches its provider only through the safe fetch: an internal address stored for it is refused when the chat asks', async () => {
    // The stand-in listens on this port, but under an internal name no fetch may reach (as a rebinding name would).
    await db.doc(paths.userSecrets(INTERNAL.owner)).set({ llmBaseUrl: `http://localhost:${new URL(stack.llm.url).port}/v1`, llmApiKey: 'sk-internal-key-0000' });
    await fetch(`${stack.llm.url}/__recorded`, { method: 'DELETE' });
    const res = await chat(INTERNAL.agent, { conversationId: 'c_ownProviderIntern1', action: 'text', message: 'Hello?' });
    expect(res.status).toBe(200);
    expect((await res.json() as any).data).toMatchObject({ failed: true, parts: ["Sorry, I couldn't answer just now. Please try again in a moment."] });
    expect(await recordedKeys()).toEqual([]);
  });
});
