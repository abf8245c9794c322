// Org credits pay for an org's agents: a chat on an agent listed by an org of its workspace with billing on takes
// the org's credits (not the workspace's), within its balance under concurrency; the org's auto-recharge fires off-
// session on the agency's connected account once per crossing, its credits arriving once; an org without credits
// stops the agent like a workspace without credits. The API on a node server, the Firestore emulator, the Stripe
// stand-in (webhooks signed) and the OpenAI-compatible fake through the real clients.
import { paths } from '@parley/core';
import { start as startLlm } from '@parley/local/fakes/llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { llmEnv } from '../../test/runtime';
import { settleAutoRecharges } from './auto-recharge';
import { maybeOrgAutoRecharge } from './org-auto-recharge';
import { call, connectedAgencyOrg, makeWorkspace, startBillingStack, type BillingStack } from '../../test/billing';

/* eslint-disable @typescript-eslint/no-explicit-any -- tests inspect recorded Stripe calls and JSON freely */
const STOP_MESSAGE = 'This assistant has reached its usage limit and cannot reply right now. Please try again later.';

let stack: BillingStack;
let llm: Awaited<ReturnType<typeof startLlm>>;
const db = () => databaseFor('na');

beforeAll(async () => {
  stack = await startBillingStack();
  llm = await startLlm({ port: 0 });
  const { useEngine } = await import('../../test/composition');
  const { runtimeDeps } = await import('../../test/composition');
  // No caching of the agent (nor of who pays for it): each test changes the orgs and sees the effect at once.
  useEngine(runtimeDeps({ llm: () => llmEnv(llm.url), agentCacheMs: 0 }));
}, 30_000);
afterAll(async () => {
  (await import('../../test/composition')).useEngine(null);
  await llm?.stop();
  await stack?.stop();
});

let seq = 0;
/** An agent of a fresh workspace (with `workspaceCredits`). */
async function makeAgent(workspaceCredits = 1000) {
  const ws = await makeWorkspace({ loadTokens: workspaceCredits, whitelabel: true });
  const agentId = `AgentOrgPays${Date.now().toString(36)}${(seq++).toString(36)}`;
  await db().doc(paths.agent(agentId)).set({ ID: agentId, ownerID: ws.uid, title: 'Org helper', agentPlatform: 'vg', recordChatHistory: true });
  return { ws, agentId };
}

async function makeOrg(ownerID: string, agentId: string, fields: Record<string, unknown>) {
  const orgId = `org${Date.now().toString(36)}${(seq++).toString(36)}`;
  await db().doc(paths.org(orgId)).set({ ID: orgId, name: 'Acme', ownerID, widgetIDs: [agentId], ...fields });
  return orgId;
}

async function chat(agentId: string, message = 'When do you open?') {
  const res = await fetch(`${stack.api.url}/public/agents/${agentId}/chat`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message, region: 'na' }),
  });
  return { status: res.status, json: (await res.json()) as any };
}

const creditsOf = async (path: string) => Number((await db().doc(path).get()).get('loadTokens') ?? 0);

/** The agency connects Stripe through the stand-in, sells credits at $0.003; the org saves a card and turns auto-recharge on. */
async function connectAgencyWithOrg(ws: { uid: string }, agentId: string, loadTokens: number) {
  const { orgId, accountId, client } = await connectedAgencyOrg(stack, ws, { usdPerToken: 0.003, org: { widgetIDs: [agentId], loadTokens } });
  const on = await call(stack.api, '/stripe/connect/update-autorecharge', { orgId, region: 'na', automaticBilling: true, workspaceStripeAccountId: accountId, threshold: 500, amount: 5 }, client);
  expect(on.json.message).toBe('Auto-recharge settings updated successfully. Will charge $5 when credits drop below 500.');
  return { orgId, accountId, client };
}

describe('who pays for an agent', () => {
  it('an org of the workspace with billing on that lists the agent pays: its credits go down, the workspace\'s do not', async () => {
    const { ws, agentId } = await makeAgent(1000);
    const orgId = await makeOrg(ws.uid, agentId, { loadTokens: 1000, allowBilling: true });
    const res = await chat(agentId);
    expect(res.status).toBe(200);
    const orgCredits = await creditsOf(paths.org(orgId));
    expect(orgCredits).toBeLessThan(1000);
    expect(orgCredits).toBeGreaterThan(0);
    expect(await creditsOf(paths.user(ws.uid))).toBe(1000);
    // The usage log stays the workspace's, saying which org paid and how much.
    const logs = (await db().collection(paths.creditUsageLogs(ws.uid)).get()).docs.map((d) => d.data());
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ agentId, orgId, direction: 'decrease', causedBy: 'agent' });
    expect(1000 - orgCredits).toBeCloseTo(logs[0]!.amount, 5);
  });

  it('the same agent in an org without billing (or in another workspace\'s billing org) is paid by its workspace', async () => {
    const { ws, agentId } = await makeAgent(1000);
    const noBilling = await makeOrg(ws.uid, agentId, { loadTokens: 1000, allowBilling: false });
    const stranger = await makeWorkspace();
    const foreign = await makeOrg(stranger.uid, agentId, { loadTokens: 1000, allowBilling: true });
    expect((await chat(agentId)).status).toBe(200);
    expect(await creditsOf(paths.user(ws.uid))).toBeLessThan(1000);
    expect(await creditsOf(paths.org(noBilling))).toBe(1000);
    expect(await creditsOf(paths.org(foreign))).toBe(1000);
    const logs = (await db().collection(paths.creditUsageLogs(ws.uid)).get()).docs.map((d) => d.data());
    expect(logs).toHaveLength(1);
    expect(logs[0]!.orgId).toBeUndefined();
  });

  it('two billing orgs list the agent: the one with the smaller id pays, every time', async () => {
    const { ws, agentId } = await makeAgent(1000);
    const orgB = `orgB${agentId}`;
    const orgA = `orgA${agentId}`;
    for (const id of [orgB, orgA]) await db().doc(paths.org(id)).set({ ID: id, ownerID: ws.uid, widgetIDs: [agentId], allowBilling: true, loadTokens: 1000 });
    for (let i = 0; i < 2; i++) expect((await chat(agentId, `Question ${i}`)).status).toBe(200);
    expect(await creditsOf(paths.org(orgA))).toBeLessThan(1000);
    expect(await creditsOf(paths.org(orgB))).toBe(1000);
    expect(await creditsOf(paths.user(ws.uid))).toBe(1000);
  });

  it('20 concurrent chats never take the org below zero; those it cannot pay for are refused, the workspace is untouched', async () => {
    const { ws, agentId } = await makeAgent(1000);
    const orgId = await makeOrg(ws.uid, agentId, { loadTokens: 5, allowBilling: true });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => chat(agentId, `Question number ${i}`)));
    const answered = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length + refused.length).toBe(20);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.json.error).toBe(STOP_MESSAGE);
    const left = await creditsOf(paths.org(orgId));
    expect(left).toBeGreaterThanOrEqual(0);
    const logs = (await db().collection(paths.creditUsageLogs(ws.uid)).get()).docs.map((d) => d.data());
    expect(logs).toHaveLength(answered.length);
    // What was charged is exactly what left the org.
    expect(5 - left).toBeCloseTo(logs.reduce((sum, l) => sum + l.amount, 0), 5);
    expect(await creditsOf(paths.user(ws.uid))).toBe(1000);
  });

  it('an org out of credits stops the agent with the workspace\'s message, though the workspace has credits', async () => {
    const { ws, agentId } = await makeAgent(1000);
    await makeOrg(ws.uid, agentId, { loadTokens: 0, allowBilling: true });
    const res = await chat(agentId);
    expect(res.status).toBe(402);
    expect(res.json.error).toBe(STOP_MESSAGE);
    const usage = (await (await fetch(`${stack.api.url}/v2/public/agents/${agentId}/usage?region=na`)).json()) as any;
    expect(usage.data.shouldContinue).toBe(false);
    expect(await creditsOf(paths.user(ws.uid))).toBe(1000);
  });
});

describe("the org's auto-recharge from its agents' chats", () => {
  it('crossing the threshold under 20 concurrent chats charges the org\'s card off-session on the connected account once; the credits arrive once', async () => {
    const { ws, agentId } = await makeAgent(1000);
    const { orgId, accountId } = await connectAgencyWithOrg(ws, agentId, 520);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => chat(agentId, `Busy question ${i}`)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    await settleAutoRecharges();
    await stack.stripe.settle();
    const recharges = stack.stripe.recorded.filter(
      (r: any) => r.path === '/v1/payment_intents' && r.status === 200 && r.params.metadata?.orgId === orgId && r.params.description?.includes('auto-recharge'),
    );
    expect(recharges).toHaveLength(1);
    expect(recharges[0]).toMatchObject({ account: accountId, params: { off_session: 'true', confirm: 'true', amount: '500', application_fee_amount: '144' } });
    // $5 at $0.004 a credit (0.001 platform + 0.003 agency) = 1,250 credits, once; the platform's fee is their $1.25
    // base price plus 5 % of the $3.75 markup; the workspace paid nothing.
    const spent = (await db().collection(paths.creditUsageLogs(ws.uid)).get()).docs.reduce((sum, d) => sum + Number(d.get('amount')), 0);
    const after = await creditsOf(paths.org(orgId));
    expect(after).toBeCloseTo(520 - spent + 1250, 5);
    expect(await creditsOf(paths.user(ws.uid))).toBe(1000);
    const succeeded = stack.stripe.events.filter((e: any) => e.type === 'payment_intent.succeeded' && e.account === accountId && e.data.object.metadata?.orgId === orgId);
    expect(succeeded).toHaveLength(1);
    for (let i = 0; i < 3; i++) await fetch(`${stack.stripe.url}/__events/${succeeded[0]!.id}/resend`, { method: 'POST' });
    expect(await creditsOf(paths.org(orgId))).toBe(after);
    // Back above the threshold: armed for the next crossing, nothing pending.
    expect((await db().doc(paths.org(orgId)).get()).get('internal.autoRecharge')).toMatchObject({ armed: true, pending: null });
    // More chats above the threshold charge nothing more.
    expect((await chat(agentId, 'One more')).status).toBe(200);
    await settleAutoRecharges();
    expect(stack.stripe.recorded.filter((r: any) => r.path === '/v1/payment_intents' && r.params.metadata?.orgId === orgId)).toHaveLength(1);
  });
  it('stops at the monthly charge limit, as the workspace\'s does ($0–500, step 25; 0 = no limit; 100 unless saved)', async () => {
    const { ws, agentId } = await makeAgent(1000);
    const { orgId, accountId, client } = await connectAgencyWithOrg(ws, agentId, 2000);
    const settings = { orgId, region: 'na', automaticBilling: true, workspaceStripeAccountId: accountId, threshold: 500, amount: 25 };
    expect((await db().doc(paths.org(orgId)).get()).get('internal.monthlyChargeLimit')).toBe(100);
    expect((await call(stack.api, '/stripe/connect/update-autorecharge', { ...settings, monthlyLimit: 510 }, client)).status).toBe(400);
    expect((await call(stack.api, '/stripe/connect/update-autorecharge', { ...settings, monthlyLimit: 25 }, client)).status).toBe(200);
    const charges = () => stack.stripe.recorded.filter((r: any) => r.path === '/v1/payment_intents' && r.status === 200 && r.params.metadata?.orgId === orgId);
    const drainTo = (loadTokens: number) => db().doc(paths.org(orgId)).set({ loadTokens }, { merge: true });
    // The first crossing of the month charges $25 (6,250 credits at $0.004): the month's limit is used up.
    await drainTo(100);
    expect(await maybeOrgAutoRecharge('na', orgId, 100)).toBe('succeeded');
    expect(await creditsOf(paths.org(orgId))).toBe(6350);
    // The next crossing would pass $25 this month: nothing is charged, the org stays below its threshold.
    await drainTo(100);
    expect(await maybeOrgAutoRecharge('na', orgId, 100)).toBeNull();
    expect(charges()).toHaveLength(1);
    expect(await creditsOf(paths.org(orgId))).toBe(100);
    expect((await db().doc(paths.org(orgId)).get()).get('internal.autoRecharge')).toMatchObject({ chargedThisMonth: 25, month: new Date().toISOString().slice(0, 7) });
    // "No Limit" lets it charge again.
    expect((await call(stack.api, '/stripe/connect/update-autorecharge', { ...settings, monthlyLimit: 0 }, client)).status).toBe(200);
    expect(await maybeOrgAutoRecharge('na', orgId, 100)).toBe('succeeded');
    expect(charges()).toHaveLength(2);
  });

  it('credits bought after a recharge that left the org below its threshold arm auto-recharge again (not while one is in flight)', async () => {
    const { grantOrgCredits } = await import('./effects');
    const orgId = `orgRearm${seq++}`;
    const ref = db().doc(paths.org(orgId));
    await ref.set({ ID: orgId, name: 'Rearm', ownerID: 'ws-rearm', loadTokens: 100, automaticBilling: true, internal: { autochargeCreditThreshold: 500, autoRecharge: { armed: false, pending: null } } });
    await db().runTransaction(grantOrgCredits(db(), orgId, 200));
    expect((await ref.get()).get('internal.autoRecharge.armed')).toBe(false);
    await db().runTransaction(grantOrgCredits(db(), orgId, 1000));
    expect((await ref.get()).data()).toMatchObject({ loadTokens: 1300, internal: { autochargeCreditThreshold: 500, autoRecharge: { armed: true } } });
    await ref.set({ loadTokens: 100, internal: { autoRecharge: { armed: false, pending: { id: 'pi_in_flight', at: 1 } } } }, { merge: true });
    await db().runTransaction(grantOrgCredits(db(), orgId, 1000));
    expect((await ref.get()).get('internal.autoRecharge.armed')).toBe(false);
  });
});
