// Plan limits where they bite: creating agents (the New Agent callable and POST /v2/agents/{id}), adding client
// users (createClient) and inviting workspace members (POST /v2/workspaces/{uid}), each against the workspace's
// custom plan, else its subscription's limits, else the free account's (2 agents, 2 clients, 2 seats).
/* eslint-disable @typescript-eslint/no-explicit-any -- JSON replies are inspected loosely */
import { AGENT_TEMPLATES, limitsWithAddons, paths, PLAN_LIMIT_MESSAGES, WORKSPACE_MESSAGES, type Region } from '@parley/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { serveApi } from '../http/serve';
import { seedWorkspace } from '../../test/agent-builder-env';
import { convertAgentTemplateHandler, convertAgentTemplateInput } from '../agents/convert-template';
import { endpoints as agentEndpoints } from '../agents/index';
import { testApp } from '../../test/composition';
import { createClientHandler } from '../clients/create-client';
import { workspacesEndpoints } from '../workspaces/index';

// These workspaces hold nothing at the voice provider.
const workspaceEndpoints = workspacesEndpoints({ releaseVoice: async () => [] });

const REGION: Region = 'na';
const db = () => databaseFor(REGION);
let api: Awaited<ReturnType<typeof serveApi>>;

beforeAll(async () => {
  api = await serveApi([...agentEndpoints, ...workspaceEndpoints]);
});
afterAll(async () => {
  await api?.close();
});

let n = 0;
/** A fresh workspace (its own uid and secret) with `extra` fields, and `agents` agents already. */
async function workspace(extra: Record<string, unknown> = {}, agents = 0) {
  const uid = `plan-ws-${++n}-${Date.now()}`;
  const secret = `vg_${String(n).padStart(4, '0')}planLimits000000`.slice(0, 23);
  await seedWorkspace(REGION, uid, secret, { email: `${uid}@plan.test`, workspaceEmails: [`${uid}@plan.test`], ...extra });
  for (let i = 0; i < agents; i++) await db().doc(paths.agent(`${uid}-a${i}`)).set({ ID: `${uid}-a${i}`, title: `A${i}`, ownerID: uid });
  return { uid, secret, signedIn: { auth: { uid, token: {} } } as never };
}

const newAgent = (signedIn: never, name = 'Helper') =>
  convertAgentTemplateHandler(testApp)(convertAgentTemplateInput.parse({ agentName: name, agentTemplate: AGENT_TEMPLATES[0]!.key, region: REGION }), signedIn);

const postAgent = (agentId: string, body: unknown, secret: string) =>
  fetch(`${api.url}/v2/agents/${agentId}?region=${REGION}`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify(body),
  });

const agentCount = async (uid: string) => (await db().collection('voiceglow').where('ownerID', '==', uid).count().get()).data().count;

describe('maxAgents', () => {
  it('a free workspace creates its 2nd agent and is refused the 3rd with the plan message (403), through either door', async () => {
    const ws = await workspace({}, 1);
    await expect(newAgent(ws.signedIn)).resolves.toMatchObject({ agentCreated: { ownerID: ws.uid } });
    await expect(newAgent(ws.signedIn)).rejects.toMatchObject({ status: 403, message: PLAN_LIMIT_MESSAGES.agents(2) });
    const viaApi = await postAgent(`${ws.uid}-api`, { title: 'Direct' }, ws.secret);
    expect(viaApi.status).toBe(403);
    expect(((await viaApi.json()) as any).error).toBe('Your plan allows 2 agents. Upgrade your plan or delete an agent to create another.');
    expect(await agentCount(ws.uid)).toBe(2);
    expect((await db().doc(paths.agentSecrets(`${ws.uid}-api`)).get()).exists).toBe(false);
  });

  it('at the limit, saving an existing agent still works', async () => {
    const ws = await workspace({}, 2);
    const res = await postAgent(`${ws.uid}-a0`, { title: 'Renamed' }, ws.secret);
    expect(res.status).toBe(200);
    expect((await db().doc(paths.agent(`${ws.uid}-a0`)).get()).get('title')).toBe('Renamed');
  });

  it("the subscription's maxAgents raises the limit; the custom plan wins over it; 'infinity' has none", async () => {
    const subscribed = await workspace({ v2StripeConfig: { status: 'active', limits: { maxAgents: 3 } } }, 2);
    await expect(newAgent(subscribed.signedIn)).resolves.toBeTruthy();
    await expect(newAgent(subscribed.signedIn)).rejects.toMatchObject({ message: PLAN_LIMIT_MESSAGES.agents(3) });

    const custom = await workspace({ internal: { customPlan: { limits: { maxAgents: 1 } } }, v2StripeConfig: { limits: { maxAgents: 10 } } }, 1);
    await expect(newAgent(custom.signedIn)).rejects.toMatchObject({ message: 'Your plan allows 1 agent. Upgrade your plan or delete an agent to create another.' });

    const unlimited = await workspace({ internal: { customPlan: { limits: { maxAgents: 'infinity' } } } }, 5);
    await expect(newAgent(unlimited.signedIn)).resolves.toBeTruthy();
  });

  it('a Pay-As-You-Go subscriber (limits as billing writes them, no maxAgents) creates a 3rd agent; once it ended, not a 4th', async () => {
    const limits = limitsWithAddons({});
    const ws = await workspace({ v2StripeConfig: { planId: 'pay_as_you_go', status: 'active', limits } }, 2);
    await expect(newAgent(ws.signedIn)).resolves.toBeTruthy();
    await db().doc(paths.user(ws.uid)).set({ v2StripeConfig: { planId: 'free', status: 'canceled' } }, { merge: true });
    await expect(newAgent(ws.signedIn)).rejects.toMatchObject({ status: 403, message: PLAN_LIMIT_MESSAGES.agents(2) });
  });

  it('8 creations at once on an empty free workspace make exactly 2 agents', async () => {
    const ws = await workspace();
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => newAgent(ws.signedIn, `Racer ${i}`)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as Error).message).toBe(PLAN_LIMIT_MESSAGES.agents(2));
    expect(await agentCount(ws.uid)).toBe(2);
  });
});

describe('clientSeats', () => {
  let seq = 0;
  async function org(ownerID: string) {
    const ID = `plan-org-${++seq}-${Date.now()}`;
    await db().doc(paths.org(ID)).set({ ID, name: 'Org', ownerID, loadTokens: 0, widgetIDs: [], defaultClientAccess: ['/home'], preferredLanguage: 'en' });
    return ID;
  }
  const addClient = (orgId: string, owner: { signedIn: never }, email: string) =>
    createClientHandler({ region: REGION, orgId, name: 'Cleo', email, dashboardPassword: 'pass-word-123' } as never, { auth: { ...(owner.signedIn as any).auth, token: { email: 'o@plan.test', email_verified: true } } } as never);

  beforeEach(() => {
    seq += 100;
  });

  it("a free workspace's 2 client seats are counted across all its orgs; the 3rd client is refused with the plan message", async () => {
    const ws = await workspace();
    const [first, second] = [await org(ws.uid), await org(ws.uid)];
    await expect(addClient(first, ws, `c1-${seq}@client.test`)).resolves.toMatchObject({ success: true });
    await expect(addClient(second, ws, `c2-${seq}@client.test`)).resolves.toMatchObject({ success: true });
    await expect(addClient(first, ws, `c3-${seq}@client.test`)).rejects.toMatchObject({
      status: 403, message: 'Your plan allows 2 client seats. Add client seats to your plan or remove a client to add another.',
    });
    expect((await db().collection('clients').where('email', '==', `c3-${seq}@client.test`).get()).empty).toBe(true);
  });

  it("another agency's clients do not count; a client-seat add-on (subscription clientSeats 3) makes room for one more", async () => {
    const other = await workspace();
    const otherOrg = await org(other.uid);
    await addClient(otherOrg, other, `o1-${seq}@client.test`);
    await addClient(otherOrg, other, `o2-${seq}@client.test`);
    const ws = await workspace({ v2StripeConfig: { status: 'active', limits: { clientSeats: 3 } } });
    const mine = await org(ws.uid);
    for (const i of [1, 2, 3]) await expect(addClient(mine, ws, `m${i}-${seq}@client.test`)).resolves.toMatchObject({ success: true });
    await expect(addClient(mine, ws, `m4-${seq}@client.test`)).rejects.toMatchObject({ message: PLAN_LIMIT_MESSAGES.clientSeats(3) });
  });
});

describe('workspaceSeats', () => {
  const invite = (ws: { uid: string; secret: string }, emails: string[]) =>
    fetch(`${api.url}/v2/workspaces/${ws.uid}?region=${REGION}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ws.secret}` }, body: JSON.stringify({ workspaceEmails: emails }),
    });
  const members = (ws: { uid: string }, count: number) => [`${ws.uid}@plan.test`, ...Array.from({ length: count - 1 }, (_, i) => `m${i}@plan.test`)];

  it('a seat add-on (subscription workspaceSeats 3 = 2 free + 1) admits a 3rd member and refuses a 4th', async () => {
    const ws = await workspace({ v2StripeConfig: { status: 'active', limits: { workspaceSeats: 3 } }, internal: { customPlan: { limits: { workspaceSeats: 0 } } } });
    expect((await invite(ws, members(ws, 3))).status).toBe(200);
    const full = await invite(ws, members(ws, 4));
    expect(full.status).toBe(403);
    expect(((await full.json()) as any).error).toBe(WORKSPACE_MESSAGES.notEnoughSeats);
  });

  it("the custom plan's seats come on top of the subscription's", async () => {
    const ws = await workspace({ v2StripeConfig: { limits: { workspaceSeats: 3 } }, internal: { customPlan: { limits: { workspaceSeats: 1 } } } });
    expect((await invite(ws, members(ws, 4))).status).toBe(200);
    expect((await invite(ws, members(ws, 5))).status).toBe(403);
  });

  it('after the subscription ends (limits back to 2 seats) a 3rd member is refused', async () => {
    const ws = await workspace({ v2StripeConfig: { status: 'canceled', limits: { workspaceSeats: 2 } } });
    expect((await invite(ws, members(ws, 2))).status).toBe(200);
    expect((await invite(ws, members(ws, 3))).status).toBe(403);
  });
});
