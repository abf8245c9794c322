// An agency client on the agency's dashboard edits an agent's Prompt and Canvas: the save (POST /v2/agents/{id}
// with the client's ID token, the whole draft as the dashboard sends it) goes through when the agency gave the client
// the Prompt or Canvas page on that agent, and changes only those pages' fields.
import { paths } from '@parley/core';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { endpoints } from '../agents';
import { serveApi } from '../http/serve';
import { seedWorkspace } from '../../test/agent-builder-env';
import { testIdTokens } from '../../test/id-tokens';

const OWNER_SECRET = 'vg_clientEditsOwner00001';
const AGENT = 'agentClientEdit1';
const idTokens = testIdTokens();
const TOKENS: Record<string, { uid: string; role: string; clientId: string }> = {
  'prompt.client.sig': { uid: 'client-p', role: 'client', clientId: 'clientPrompt' },
  'convos.client.sig': { uid: 'client-c', role: 'client', clientId: 'clientConvos' },
};
let api: Awaited<ReturnType<typeof serveApi>>;
const db = () => databaseFor('na');
const FLOW = [
  { id: 'start', type: 'start', next: 'date' },
  { id: 'date', type: 'default', name: 'collect the date', instructions: 'Ask for a date.', toolIds: [], edges: [{ id: 'e1', target: 'bye', condition: 'the visitor gave a date' }] },
  { id: 'bye', type: 'end', name: 'Booked', message: 'See you then!' },
];

/** The agent as the dashboard holds it: its stored document, a timestamp as the web SDK writes it in JSON. */
async function draft(): Promise<Record<string, unknown>> {
  const data = (await db().doc(paths.agent(AGENT)).get()).data()!;
  const created = data.createdAt as Timestamp;
  return { ...data, createdAt: { seconds: created.seconds, nanoseconds: created.nanoseconds, type: 'firestore/timestamp/1.1' } };
}
async function save(body: Record<string, unknown>, token: string) {
  const res = await fetch(`${api.url}/v2/agents/${AGENT}?region=na`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...body, lastModified: 1_900_000_000 }),
  });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

beforeAll(async () => {
  api = await serveApi(endpoints, { idTokens: idTokens.verify });
  idTokens.use(async (token) => TOKENS[token] ?? null);
  await seedWorkspace('na', 'ownerCE', OWNER_SECRET, { ownerId: 'ownerCE' });
  // The agent as the dashboard creates it (every default), then a creation time as older agents carry.
  const created = await fetch(`${api.url}/v2/agents/${AGENT}?region=na`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${OWNER_SECRET}` },
    body: JSON.stringify({ ownerID: 'ownerCE', title: 'Booking desk', vg_systemPrompt: 'You book visits.' }),
  });
  expect(created.status).toBe(200);
  await db().doc(paths.agent(AGENT)).update({ createdAt: Timestamp.fromMillis(1_700_000_000_123) });
  await db().doc(paths.org('orgCE')).set({ ID: 'orgCE', name: 'Org CE', ownerID: 'ownerCE', widgetIDs: [AGENT] });
  await db().doc(paths.client('clientPrompt')).set({ ID: 'clientPrompt', orgId: 'orgCE', email: 'p@client.test', widgetIDs: [AGENT], canAccess: ['/prompt'] });
  await db().doc(paths.client('clientConvos')).set({ ID: 'clientConvos', orgId: 'orgCE', email: 'c@client.test', widgetIDs: [AGENT], canAccess: ['/convos'] });
});
afterAll(async () => {
  idTokens.use(null);
  await api?.close();
});

describe('an agency client saving from the Prompt and Canvas pages', () => {
  it('saves the prompt and publishes a flow when the agency gave it the Canvas page', async () => {
    const saved = await save({ ...(await draft()), vg_systemPrompt: 'You book visits, politely.', vg_temperature: 0.3, enableNodes: true, nodes: FLOW }, 'prompt.client.sig');
    expect(saved.status).toBe(200);
    const stored = (await db().doc(paths.agent(AGENT)).get()).data()!;
    expect(stored).toMatchObject({ vg_systemPrompt: 'You book visits, politely.', vg_temperature: 0.3, enableNodes: true, title: 'Booking desk' });
    expect((stored.nodes as Array<{ name?: string }>).map((n) => n.name ?? '')).toEqual(['', 'collect the date', 'Booked']);
  });

  it('is refused, naming the field, when the draft changes anything else, and nothing is written', async () => {
    const refused = await save({ ...(await draft()), vg_systemPrompt: 'Changed again', title: 'Taken over' }, 'prompt.client.sig');
    expect(refused).toMatchObject({ status: 403, body: { error: 'Only the agency can change title of this agent.' } });
    expect((await db().doc(paths.agent(AGENT)).get()).get('vg_systemPrompt')).toBe('You book visits, politely.');
  });

  it('lets a step use only a tool the agent has', async () => {
    await db().doc(paths.agent(AGENT)).update({ assignedToolsIds: ['orderTool'] });
    const withTools = (ids: string[]) => FLOW.map((n) => (n.id === 'date' ? { ...n, toolIds: ids } : n));
    expect((await save({ ...(await draft()), nodes: withTools(['orderTool']) }, 'prompt.client.sig')).status).toBe(200);
    const refused = await save({ ...(await draft()), nodes: withTools(['orderTool', 'agencyCrmTool']) }, 'prompt.client.sig');
    expect(refused).toMatchObject({ status: 403, body: { error: 'A step can only use the tools this agent has. Ask the agency for another.' } });
  });

  it('refuses a flow that fails the publish checks, naming the problem', async () => {
    const broken = [...FLOW, { id: 'lost', type: 'default', name: 'lost step', instructions: 'x', toolIds: [], edges: [{ id: 'e9', target: 'bye', condition: 'always' }] }];
    const refused = await save({ ...(await draft()), nodes: broken }, 'prompt.client.sig');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('"lost step" cannot be reached from the start');
  });

  it('refuses a client without the Prompt or Canvas page of the agent', async () => {
    const refused = await save({ ...(await draft()), vg_systemPrompt: 'Sneaky' }, 'convos.client.sig');
    expect(refused).toMatchObject({ status: 403, body: { error: 'You do not have access to this agent.' } });
    expect((await db().doc(paths.agent(AGENT)).get()).get('vg_systemPrompt')).toBe('You book visits, politely.');
  });
});
