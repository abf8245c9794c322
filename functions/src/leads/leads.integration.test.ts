// Leads end to end: the widget's lead form (POST …/lead) and the model's built-in lead tool, over the API on a node
// server, Google's Firestore emulator and the LLM stand-in (which calls an offered function when the visitor's
// message names one of its words, e.g. "contact" for save_contact). Then the Leads page's delete.
import { LEAD_MESSAGES, paths, rollupDay } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/https';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { llmEnv, startTestStack, type TestStack } from '../../test/runtime';

/* eslint-disable @typescript-eslint/no-explicit-any -- tests inspect JSON answers freely */
const OWNER = 'leadOwner01';
const AGENT = 'AgentWithLeads01';
const timing = { deadlineMs: 4000, baseDelayMs: 20, maxAttempts: 2, attemptTimeoutMs: 2000 };

let stack: TestStack;
let db: Firestore;
let composition: typeof import('../../test/composition');
let leads: typeof import('./index');

const api = (path: string, body: unknown) =>
  fetch(`${stack.api.url}/public/agents/${AGENT}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const chat = async (conversationId: string, body: Record<string, unknown>): Promise<any> => {
  const res = await api('/chat', { conversationId, ...body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
};
const submit = (conversationId: string, body: Record<string, unknown>) => api(`/conversations/${conversationId}/lead`, body);
const leadOf = async (conversationId: string) => (await db.doc(paths.lead(AGENT, conversationId)).get()).data();
const conversationOf = async (conversationId: string) => (await db.doc(paths.conversation(AGENT, conversationId)).get()).data();
const llmRequests = async () => (await (await fetch(`${stack.llm.url}/__recorded`)).json()) as Array<{ body: any }>;

async function setCapture(collectLeads: Record<string, unknown> | null) {
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Sales desk', ownerID: OWNER, agentPlatform: 'vg', messagesLimit: 0, ...(collectLeads ? { collectLeads } : {}) });
}

beforeAll(async () => {
  stack = await startTestStack();
  db = (await import('../adapters/firestore')).databaseFor('na');
  composition = await import('../../test/composition');
  leads = await import('./index');
}, 30_000);
afterAll(async () => {
  composition?.useEngine(null);
  await stack?.stop();
});
beforeEach(async () => {
  await stack.limits.reset();
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 100, hasEverPaid: true });
  await setCapture({ enabled: true, fields: { name: true, email: true, phone: true }, when: 'start' });
  await fetch(`${stack.llm.url}/__recorded`, { method: 'DELETE' });
  composition.useEngine(composition.runtimeDeps({ llm: () => llmEnv(stack.llm.url), timing, agentCacheMs: 0 }));
});

describe('the widget’s lead form', () => {
  it('stores one lead per conversation with its channel, page and country, marks the conversation and tells the owner', async () => {
    await chat('conv-lead-form-01', { action: 'launch', pageUrl: 'https://shop.example/pricing', visitor: { countryCode: 'DE' } });
    const res = await submit('conv-lead-form-01', { name: '  Ada   Lovelace ', email: 'Ada@Example.COM', pageUrl: 'https://shop.example/pricing' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data).toEqual({ saved: true, created: true });
    expect(await leadOf('conv-lead-form-01')).toMatchObject({
      ID: 'conv-lead-form-01', agentId: AGENT, conversationId: 'conv-lead-form-01', channel: 'widget', name: 'Ada Lovelace', email: 'Ada@example.com',
      pageUrl: 'https://shop.example/pricing', countryCode: 'DE', createdAt: expect.any(Number),
    });
    expect(await conversationOf('conv-lead-form-01')).toMatchObject({ hasLead: true, lead: { name: 'Ada Lovelace', email: 'Ada@example.com' } });
    expect((await conversationOf('conv-lead-form-01'))!.searchTerms).toEqual(expect.arrayContaining(['ada lovelace', 'ada', 'lovelace', 'ada@example.com']));
    const day = (await db.doc(paths.agentRollup(AGENT, rollupDay(Date.now()))).get()).data();
    expect(day).toMatchObject({ agentId: AGENT, leads: expect.any(Number), leadChannels: { widget: expect.any(Number) } });
    const notification = (await db.doc(paths.notification(1, `lead-${AGENT}-conv-lead-form-01`)).get()).data();
    expect(notification).toMatchObject({ ownerID: OWNER, agentId: AGENT, title: 'New lead', urlPathname: `/app/na/agents/${AGENT}/leads` });
  });

  it('updates the same lead when more is learned, keeping what it knew and its creation time', async () => {
    await chat('conv-lead-form-02', { action: 'launch' });
    const rollup = db.doc(paths.agentRollup(AGENT, rollupDay(Date.now())));
    const before = Number((await rollup.get()).get('leads') ?? 0);
    await submit('conv-lead-form-02', { name: 'Grace' });
    const first = await leadOf('conv-lead-form-02');
    const res = await submit('conv-lead-form-02', { phone: '+44 20 7946-0958' });
    const leadsCounted = Number((await rollup.get()).get('leads')) - before;
    expect(((await res.json()) as any).data).toEqual({ saved: true, created: false });
    expect(await leadOf('conv-lead-form-02')).toMatchObject({ name: 'Grace', phone: '+442079460958', createdAt: first!.createdAt });
    expect((await db.collection(paths.leads(AGENT)).where('conversationId', '==', 'conv-lead-form-02').get()).size).toBe(1);
    // Counted once, as one new lead, in the day's rollup.
    expect(leadsCounted).toBe(1);
  });

  it.each([
    [{ name: 'Eve', email: 'eve@nowhere' }, LEAD_MESSAGES.invalidEmail],
    [{ name: 'Eve', phone: '12ab' }, LEAD_MESSAGES.invalidPhone],
    [{ name: 'Eve', phone: '123' }, LEAD_MESSAGES.invalidPhone],
    [{}, LEAD_MESSAGES.nothingGiven],
  ])('refuses %j with a sentence and stores nothing', async (fields, message) => {
    await chat('conv-lead-form-03', { action: 'launch' });
    const res = await submit('conv-lead-form-03', fields);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: message });
    expect(await leadOf('conv-lead-form-03')).toBeUndefined();
    expect((await conversationOf('conv-lead-form-03'))!.hasLead).toBe(false);
  });

  it('keeps only the fields the agent asks for', async () => {
    await setCapture({ enabled: true, fields: { name: false, email: true, phone: false }, when: 'start' });
    await chat('conv-lead-form-04', { action: 'launch' });
    await submit('conv-lead-form-04', { name: 'Mallory', email: 'm@example.org', phone: '+15555550100' });
    const lead = await leadOf('conv-lead-form-04');
    expect(lead).toMatchObject({ email: 'm@example.org' });
    expect(lead!.name).toBeUndefined();
    expect(lead!.phone).toBeUndefined();
  });

  it('refuses a conversation nobody chatted in (404) and an agent that collects no leads (400)', async () => {
    const unknown = await submit('conv-never-started', { email: 'x@example.com' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, error: 'This conversation does not exist.' });
    await setCapture(null);
    await chat('conv-lead-form-05', { action: 'launch' });
    const off = await submit('conv-lead-form-05', { email: 'x@example.com' });
    expect(off.status).toBe(400);
    expect(await off.json()).toEqual({ success: false, error: 'This agent does not collect leads.' });
  });
});

describe('the built-in lead tool', () => {
  it('is offered on the widget only when the agent asks "when interested", and saves what the visitor wrote', async () => {
    await setCapture({ enabled: true, fields: { name: true, email: true, phone: false }, when: 'interested' });
    await chat('conv-lead-tool-01', { action: 'launch' });
    const data = await chat('conv-lead-tool-01', { message: 'I want a quote, my contact is lin@example.net' });
    expect(data.parts[0]).toContain("Saved the visitor's contact details.");
    const [first] = await llmRequests();
    expect(first!.body.tools.map((t: any) => t.function.name)).toEqual(['save_contact']);
    expect(Object.keys(first!.body.tools[0].function.parameters.properties)).toEqual(['name', 'email']);
    expect(await leadOf('conv-lead-tool-01')).toMatchObject({ email: 'lin@example.net', channel: 'widget' });
  });

  it('answers an invalid e-mail with a request to ask again, and stores nothing', async () => {
    await setCapture({ enabled: true, fields: { name: true, email: true, phone: false }, when: 'interested' });
    await chat('conv-lead-tool-02', { action: 'launch' });
    const data = await chat('conv-lead-tool-02', { message: 'save my contact [raw-args {"email":"lin-at-example"}]' });
    expect(data.parts[0]).toContain(`${LEAD_MESSAGES.invalidEmail} Nothing was saved: ask the visitor for it again.`);
    expect(await leadOf('conv-lead-tool-02')).toBeUndefined();
  });

  it('is not offered on the widget when the form asks (at the start)', async () => {
    await chat('conv-lead-tool-03', { action: 'launch' });
    await chat('conv-lead-tool-03', { message: 'my contact is lin@example.net' });
    const [first] = await llmRequests();
    expect(first!.body.tools).toBeUndefined();
    expect(await leadOf('conv-lead-tool-03')).toBeUndefined();
  });
});

describe('deleteLead', () => {
  const request = (uid: string, data: unknown) => ({ auth: { uid, token: {} }, data }) as unknown as CallableRequest<unknown>;

  it('removes the lead and the conversation’s mark for a member of the agent’s workspace; others are refused', async () => {
    await chat('conv-lead-del-01', { action: 'launch' });
    await submit('conv-lead-del-01', { email: 'del@example.com' });
    const input = { region: 'na' as const, agentId: AGENT, leadId: 'conv-lead-del-01' };
    await expect(leads.deleteLead.handler(input, request('a-stranger', input))).rejects.toMatchObject({ status: 403 });
    expect(await leadOf('conv-lead-del-01')).toBeDefined();
    await expect(leads.deleteLead.handler(input, request(OWNER, input))).resolves.toEqual({ deleted: true });
    expect(await leadOf('conv-lead-del-01')).toBeUndefined();
    const conversation = await conversationOf('conv-lead-del-01');
    expect(conversation!.hasLead).toBe(false);
    expect(conversation!.lead).toBeUndefined();
    await expect(leads.deleteLead.handler(input, request(OWNER, input))).rejects.toMatchObject({ code: 'not-found', message: 'This lead does not exist.' });
  });
});
