// The tools callables against Google's Firestore emulator and the tools stand-in (local/fakes/tools): saving,
// listing with the agents that use each tool, the secret kept out of every answer, the test call, the address
// checks at save and at call time, and what agency clients may see.
import { paths, toolsApi } from '@parley/core';
import { start as startTools } from '@parley/local/fakes/tools';
import type { ToolRequestRecord } from '@parley/local/fakes/tools';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import type { ToolsDeps } from './deps';
import { deleteToolHandler } from './delete-tool';
import { listAgentToolsHandler } from './list-agent-tools';
import { listToolsHandler } from './list-tools';
import { saveToolHandler } from './save-tool';
import { setAgentToolsHandler } from './set-agent-tools';
import { testToolHandler } from './test-tool';

const SECRET = 'tool-secret-7f3a9c';
const owner = { auth: { uid: 'owner1', token: { email: 'owner@example.com', email_verified: true } as never, rawToken: 'x' } };
const stranger = { auth: { uid: 'stranger', token: { email: 's@example.com', email_verified: true } as never, rawToken: 'x' } };
const client = { auth: { uid: 'client-c1', token: { role: 'client', clientId: 'c1' } as never, rawToken: 'x' } };
const canvasClient = { auth: { uid: 'client-c2', token: { role: 'client', clientId: 'c2' } as never, rawToken: 'x' } };

let tools: Awaited<ReturnType<typeof startTools>>;
/** Names the tests resolve themselves: one lands on a private address. */
const lookup = async (host: string) => (host === 'internal.example.com' ? [{ address: '10.0.0.1', family: 4 }] : [{ address: '93.184.215.14', family: 4 }]);
const deps: ToolsDeps = { db: databaseFor, now: Date.now, call: { timeoutMs: 2000, maxBytes: 100_000, lookup } };

const save = (tool: Record<string, unknown>, extra: Record<string, unknown> = {}, who = owner) =>
  saveToolHandler(deps)(toolsApi.saveTool.input.parse({ region: 'na', workspaceId: 'owner1', tool, ...extra }), who);
const orderTool = () => ({ name: 'get_order_status', description: 'Looks an order up', serverUrl: `${tools.url}/orders/status`, method: 'GET', fields: [{ in: 'query', key: 'order_id', required: true }] });
const recorded = async () => (await (await fetch(`${tools.url}/__recorded`)).json()) as ToolRequestRecord[];

beforeAll(async () => {
  tools = await startTools({ port: 0 });
  // Only the stand-in among private addresses, as the local stack allows its own stand-ins.
  process.env.ALLOW_PRIVATE_URLS = new URL(tools.url).host;
  await seedWorkspace('na', 'owner1', 'vg_owner1secret00000001', { workspaceEmails: ['owner@example.com'] });
  await seedAgent('na', 'agentTools01', 'owner1', 'vg_agentsecret000000001', { title: 'Order desk' });
  await seedAgent('na', 'agentTools02', 'owner1', 'vg_agentsecret000000002', { title: 'Front desk' });
  await seedWorkspace('na', 'other1', 'vg_other1secret00000001');
  await databaseFor('na').doc(paths.org('orgC')).set({ ID: 'orgC', name: 'Org C', ownerID: 'owner1', widgetIDs: ['agentTools01'] });
  await databaseFor('na').doc(paths.client('c1')).set({ ID: 'c1', orgId: 'orgC', email: 'c1@client.test', widgetIDs: ['agentTools01'], canAccess: ['/tools'] });
  await databaseFor('na').doc(paths.client('c2')).set({ ID: 'c2', orgId: 'orgC', email: 'c2@client.test', widgetIDs: ['agentTools01'], canAccess: ['/prompt'] });
});
afterAll(async () => {
  delete process.env.ALLOW_PRIVATE_URLS;
  await tools.stop();
});
beforeEach(async () => {
  const db = databaseFor('na');
  for (const doc of (await db.collection(paths.tools()).get()).docs) await db.recursiveDelete(doc.ref);
  await db.doc(`users/owner1/private/quota-tool-tests`).delete();
  await fetch(`${tools.url}/__recorded`, { method: 'DELETE' });
});

describe('saving and listing tools', () => {
  it('keeps the secret private: never in an answer, only whether there is one', async () => {
    const { tool } = await save(orderTool(), { serverUrlSecret: SECRET });
    expect(tool).toMatchObject({ name: 'get_order_status', method: 'GET', hasSecret: true, userId: 'owner1' });
    const listed = await listToolsHandler(deps)({ region: 'na', workspaceId: 'owner1' }, owner);
    expect(JSON.stringify([tool, listed])).not.toContain(SECRET);
    expect((await databaseFor('na').doc(paths.toolSecrets(tool.id)).get()).get('serverUrlSecret')).toBe(SECRET);
    expect(JSON.stringify((await databaseFor('na').doc(paths.tool(tool.id)).get()).data())).not.toContain(SECRET);
    // Saving without a new secret keeps it; clearSecret removes it.
    expect((await save(orderTool(), { toolId: tool.id })).tool.hasSecret).toBe(true);
    expect((await save(orderTool(), { toolId: tool.id, clearSecret: true })).tool.hasSecret).toBe(false);
    expect((await databaseFor('na').doc(paths.toolSecrets(tool.id)).get()).exists).toBe(false);
  });

  it('refuses a second tool with the same name in the workspace', async () => {
    await save(orderTool());
    await expect(save(orderTool())).rejects.toThrow(toolsApi.TOOL_INPUT_MESSAGES.nameTaken);
  });

  it('lists which agents use each tool, and takes a deleted tool off them', async () => {
    const { tool } = await save(orderTool());
    await setAgentToolsHandler(deps)({ region: 'na', agentId: 'agentTools01', toolIds: [tool.id] }, owner);
    const { tools: listed } = await listToolsHandler(deps)({ region: 'na', workspaceId: 'owner1' }, owner);
    expect(listed[0]!.agents).toEqual([{ agentId: 'agentTools01', title: 'Order desk' }]);
    await deleteToolHandler(deps)({ region: 'na', workspaceId: 'owner1', toolId: tool.id }, owner);
    expect((await databaseFor('na').doc(paths.agent('agentTools01')).get()).get('assignedToolsIds')).toEqual([]);
    expect((await listToolsHandler(deps)({ region: 'na', workspaceId: 'owner1' }, owner)).tools).toEqual([]);
  });

  it('lets no one outside the workspace list, save or assign', async () => {
    const { tool } = await save(orderTool());
    await expect(listToolsHandler(deps)({ region: 'na', workspaceId: 'owner1' }, stranger)).rejects.toThrow(/not a member/);
    await expect(save(orderTool(), {}, stranger)).rejects.toThrow(/not a member/);
    // A tool of another workspace is no tool of this agent's.
    const db = databaseFor('na');
    await db.doc(paths.tool('foreignTool')).set({ ...tool, id: 'foreignTool', userId: 'other1', name: 'foreign' });
    await expect(setAgentToolsHandler(deps)({ region: 'na', agentId: 'agentTools01', toolIds: ['foreignTool'] }, owner)).rejects.toThrow('This tool does not exist.');
  });
});

describe('the address a tool calls', () => {
  it.each([
    ['http://127.0.0.1:8080/orders', 'the Firestore emulator'],
    ['http://169.254.169.254/computeMetadata/v1/', 'the metadata server'],
    ['http://[::1]/orders', 'IPv6 loopback'],
    ['http://internal.example.com/orders', 'a name resolving to 10.0.0.1'],
    ['http://localhost/orders', 'an internal name'],
  ])('is refused at save: %s (%s)', async (serverUrl) => {
    await expect(save({ ...orderTool(), serverUrl })).rejects.toThrow('This address cannot be reached from our servers.');
  });

  it('is checked again at call time: a redirect to the metadata server is refused and never followed', async () => {
    const { tool } = await save({ ...orderTool(), serverUrl: `${tools.url}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}` }, { serverUrlSecret: SECRET });
    const result = await testToolHandler(deps)({ region: 'na', workspaceId: 'owner1', toolId: tool.id, args: { order_id: '1' } }, owner);
    expect(result.error).toBe('This address cannot be reached from our servers.');
    expect(result.response).toBeUndefined();
  });

  it('is checked again at call time: a saved tool whose URL now names a private address is refused', async () => {
    const { tool } = await save(orderTool());
    await databaseFor('na').doc(paths.tool(tool.id)).update({ serverUrl: 'http://127.0.0.1:8080/' });
    const result = await testToolHandler(deps)({ region: 'na', workspaceId: 'owner1', toolId: tool.id, args: { order_id: '1' } }, owner);
    expect(result.error).toBe('This address cannot be reached from our servers.');
  });
});

describe('Test tool', () => {
  it('shows the exact request with the secret redacted, then the status, time and body', async () => {
    const { tool } = await save(orderTool(), { serverUrlSecret: SECRET });
    const result = await testToolHandler(deps)({ region: 'na', workspaceId: 'owner1', toolId: tool.id, args: { order_id: '1234' } }, owner);
    expect(result.request).toEqual({ method: 'GET', url: `${tools.url}/orders/status?order_id=1234`, headers: { 'X-Parley-Secret': '[redacted]' } });
    expect(result.response).toMatchObject({ status: 200, truncated: false });
    expect(result.response!.timeMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(result.response!.body)).toMatchObject({ order_id: '1234', status: 'shipped' });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    const [request] = await recorded();
    expect(request).toMatchObject({ path: '/orders/status', query: { order_id: '1234' } });
    expect(request!.headers['x-parley-secret']).toBe(SECRET);
  });

  it('sends nothing when the arguments do not fit the fields', async () => {
    const { tool } = await save(orderTool());
    await expect(testToolHandler(deps)({ region: 'na', workspaceId: 'owner1', toolId: tool.id, args: { order_id: 1234 } }, owner)).rejects.toThrow(/^Invalid arguments — order_id/);
    await expect(testToolHandler(deps)({ region: 'na', workspaceId: 'owner1', toolId: tool.id, args: {} }, owner)).rejects.toThrow(/order_id/);
    expect(await recorded()).toEqual([]);
  });

  it('answers a slow server with our sentence at the time limit', async () => {
    const { tool } = await save(orderTool());
    await fetch(`${tools.url}/__control`, { method: 'POST', body: JSON.stringify({ delayMs: 60_000 }) });
    try {
      const result = await testToolHandler({ ...deps, call: { ...deps.call, timeoutMs: 300 } })({ region: 'na', workspaceId: 'owner1', toolId: tool.id, args: { order_id: '1234' } }, owner);
      expect(result.error).toBe('The address did not answer in time.');
    } finally {
      await fetch(`${tools.url}/__control`, { method: 'POST', body: JSON.stringify({ reset: true }) });
    }
  });

  it('keeps to a number of tests a minute', async () => {
    const { tool } = await save(orderTool());
    await databaseFor('na').doc('users/owner1/private/quota-tool-tests').set({ windowStart: Date.now(), counts: { tests: 20 } });
    await expect(testToolHandler(deps)({ region: 'na', workspaceId: 'owner1', toolId: tool.id, args: { order_id: '1234' } }, owner)).rejects.toThrow(/Too many tests/);
    expect(await recorded()).toEqual([]);
  });
});

describe('agency clients', () => {
  it('see only the tools of an agent whose Tools page (or Canvas) they were given, and change nothing', async () => {
    const { tool } = await save(orderTool(), { serverUrlSecret: SECRET });
    await save({ ...orderTool(), name: 'internal_crm' });
    await setAgentToolsHandler(deps)({ region: 'na', agentId: 'agentTools01', toolIds: [tool.id] }, owner);
    const seen = await listAgentToolsHandler(deps)({ region: 'na', agentId: 'agentTools01' }, client);
    expect(seen).toMatchObject({ assignedToolsIds: [tool.id], canEdit: false });
    expect(seen.tools.map((t) => t.name)).toEqual(['get_order_status']);
    expect(JSON.stringify(seen)).not.toContain(SECRET);
    await expect(setAgentToolsHandler(deps)({ region: 'na', agentId: 'agentTools01', toolIds: [] }, client)).rejects.toThrow("Only the agency can change an agent's tools.");
    await expect(listAgentToolsHandler(deps)({ region: 'na', agentId: 'agentTools02' }, client)).rejects.toThrow(/do not have access/);
    await expect(listToolsHandler(deps)({ region: 'na', workspaceId: 'owner1' }, client)).rejects.toThrow(/not a member/);
    // On the Canvas a step picks its tools: a client given it sees the same, and still changes nothing.
    expect((await listAgentToolsHandler(deps)({ region: 'na', agentId: 'agentTools01' }, canvasClient)).tools.map((t) => t.name)).toEqual(['get_order_status']);
    await expect(setAgentToolsHandler(deps)({ region: 'na', agentId: 'agentTools01', toolIds: [] }, canvasClient)).rejects.toThrow(/do not have access/);
  });
});
