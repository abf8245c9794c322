// Who pays, as the widget's visitor and the agent's owner notice it: check-credits answers for the agent's real
// payer (an org with billing on, or the workspace), and a widget answer refused for lack of credits (402) puts the
// same "Out of credits" notification in the owner's inbox as a channel's, naming the org when one pays, once a day.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelsApi, paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { llmEnv, startTestStack, type TestStack } from '../../test/runtime';

let stack: TestStack;
let db: Firestore;
let useEngine: typeof import('../../test/composition').useEngine;
let runtimeDeps: typeof import('../../test/composition').runtimeDeps;

const OWNER = 'ownerPayer0001x';
const AGENT = 'AgentPayerOrg001';
const OTHER_AGENT = 'AgentPayerOwn001';
const ORG = 'orgPayerAcme01';
const T = channelsApi.CHANNEL_TEXTS;
const STOP = 'This assistant has reached its usage limit and cannot reply right now. Please try again later.';

async function seed(balances: { workspace: number; org: number }) {
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: balances.workspace, hasEverPaid: true });
  await db.doc(paths.org(ORG)).set({ ID: ORG, name: 'Acme & Co', ownerID: OWNER, widgetIDs: [AGENT], allowBilling: true, loadTokens: balances.org });
  for (const id of [AGENT, OTHER_AGENT]) {
    await db.doc(paths.agent(id)).set({ ID: id, title: 'Helper', ownerID: OWNER, agentPlatform: 'vg', vg_systemPrompt: 'You help.' });
  }
}

const checkCredits = async (agentId?: string): Promise<unknown> => {
  const res = await fetch(`${stack.api.url}/public/users/${OWNER}/check-credits${agentId ? `?agentId=${agentId}` : ''}`);
  expect(res.status).toBe(200);
  return res.json();
};

const chat = (agentId: string, message: string, conversationId?: string) =>
  fetch(`${stack.api.url}/public/agents/${agentId}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, ...(conversationId ? { conversationId } : {}) }),
  });

async function outOfCreditsNotes() {
  const notes = (await db.collection(paths.notifications(1)).where('ownerID', '==', OWNER).get()).docs.map((d) => d.data());
  return notes.filter((n) => n.title === 'Out of credits');
}

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
  (await import('./payer')).forgetPayers();
  (await import('./notices')).forgetToldOwners();
  // No settings cache: each request reads the billing toggle and balances as the test just wrote them.
  useEngine(runtimeDeps({ llm: () => llmEnv(stack.llm.url), agentCacheMs: 0 }));
  for (const note of await db.collection(paths.notifications(1)).where('ownerID', '==', OWNER).get().then((s) => s.docs)) await note.ref.delete();
});

describe('check-credits answers for whoever pays for the agent', () => {
  it('an org with billing and no credits: no credits for its agent, though the workspace has some', async () => {
    await seed({ workspace: 1000, org: 0 });
    expect(await checkCredits(AGENT)).toEqual({ continue: false, hasEverPaid: true });
    // The workspace's own agents, and the question without an agent, are still the workspace's.
    expect(await checkCredits(OTHER_AGENT)).toEqual({ continue: true, hasEverPaid: true });
    expect(await checkCredits()).toEqual({ continue: true, hasEverPaid: true });
  });

  it('an org with billing and credits: its agent may go on, though the workspace has none', async () => {
    await seed({ workspace: 0, org: 500 });
    expect(await checkCredits(AGENT)).toEqual({ continue: true, hasEverPaid: true });
    expect(await checkCredits(OTHER_AGENT)).toEqual({ continue: false, hasEverPaid: true });
    expect(await checkCredits()).toEqual({ continue: false, hasEverPaid: true });
  });

  it('billing turned off: the workspace pays again', async () => {
    await seed({ workspace: 0, org: 500 });
    await db.doc(paths.org(ORG)).set({ allowBilling: false }, { merge: true });
    expect(await checkCredits(AGENT)).toEqual({ continue: false, hasEverPaid: true });
  });

  it('an org of another workspace listing the agent does not answer for it', async () => {
    await seed({ workspace: 0, org: 0 });
    await db.doc(paths.org('orgPayerElse01')).set({ ID: 'orgPayerElse01', ownerID: 'someoneElse0001', widgetIDs: [AGENT], allowBilling: true, loadTokens: 900 });
    expect(await checkCredits(AGENT)).toEqual({ continue: false, hasEverPaid: true });
    await db.doc(paths.org('orgPayerElse01')).delete();
  });

  it('answers 400 for a malformed agent id', async () => {
    const res = await fetch(`${stack.api.url}/public/users/${OWNER}/check-credits?agentId=${encodeURIComponent('../x')}`);
    expect(res.status).toBe(400);
  });
});

describe('a widget answer refused for lack of credits tells the owner', () => {
  it('names the org that ran out, once a day however many visitors are refused', async () => {
    await seed({ workspace: 1000, org: 0 });
    for (const conversationId of ['convPayerWidget01', 'convPayerWidget02', undefined]) {
      const res = await chat(AGENT, 'Are you open?', conversationId);
      expect(res.status).toBe(402);
      expect(((await res.json()) as { error: string }).error).toBe(STOP);
    }
    const notes = await outOfCreditsNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ agentId: AGENT, body: T.noOrgCreditsNotification('web widget', 'Acme & Co'), urlPathname: '/clients', seen: false });
    // The workspace's credits were not touched, and it was not said to be out of them.
    expect((await db.doc(paths.user(OWNER)).get()).get('loadTokens')).toBe(1000);
  });

  it('says the workspace is out of credits when it pays, from the moment a visitor opens the chat', async () => {
    await seed({ workspace: 0, org: 500 });
    // Opening the chat asks for the launch message: refused (402) before the visitor types anything.
    const launch = await fetch(`${stack.api.url}/public/agents/${OTHER_AGENT}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'launch', conversationId: 'convPayerLaunch01' }),
    });
    expect(launch.status).toBe(402);
    expect(await outOfCreditsNotes()).toHaveLength(1);
    expect((await chat(OTHER_AGENT, 'Hello?')).status).toBe(402);
    expect((await chat(OTHER_AGENT, 'Anyone?')).status).toBe(402);
    const notes = await outOfCreditsNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ agentId: OTHER_AGENT, body: T.noCreditsNotification('web widget'), urlPathname: '/billing' });
    // The org's agent still answers from the org's credits.
    expect((await chat(AGENT, 'Hello?')).status).toBe(200);
    expect(await outOfCreditsNotes()).toHaveLength(1);
  });

  it('the org running out between the check and the reservation is still told as the org', async () => {
    await seed({ workspace: 1000, org: 500 });
    // A warm instance knows the org's balance from its last answer; the top-up page sets it to 0 meanwhile.
    expect((await chat(AGENT, 'First question')).status).toBe(200);
    await db.doc(paths.org(ORG)).set({ loadTokens: 0 }, { merge: true });
    expect((await chat(AGENT, 'Second question')).status).toBe(402);
    const notes = await outOfCreditsNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toBe(T.noOrgCreditsNotification('web widget', 'Acme & Co'));
  });

  it("the owner trying the agent in the test chat is refused the same way, and not notified", async () => {
    await seed({ workspace: 1000, org: 0 });
    const { setIdTokenVerifier } = await import('../adapters/id-token');
    setIdTokenVerifier(async (token) => (token === 'owner.id.token' ? { uid: OWNER } : null));
    try {
      const res = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat?channel=test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner.id.token' },
        body: JSON.stringify({ message: 'hi' }),
      });
      expect(res.status).toBe(402);
      expect(await outOfCreditsNotes()).toHaveLength(0);
    } finally {
      setIdTokenVerifier(null);
    }
  });
});
