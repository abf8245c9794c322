// The engine calling an agent's tools end to end: the API on a node server, Google's Firestore emulator, the real
// `openai` client against the LLM stand-in (which calls offered functions by its README's rule) and the tools
// stand-in as the tool server. The tool timeout is short here (300 ms) so a slow server is tested without a wait.
import { paths } from '@parley/core';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readSse, type TestStack } from '../../../test/runtime';
import { startToolsStack, type ToolsStack } from '../../../test/tools-stack';
import { OFFLINE_NO_TOOLS } from './texts';
import { MAX_TOOL_ROUNDS } from './tool-loop';

/* eslint-disable @typescript-eslint/no-explicit-any -- tests inspect JSON answers freely */
const OWNER = 'toolOwner01';
const AGENT = 'AgentWithTools01';
const SECRET = 'tool-secret-9d2e41b7';
const timing = { deadlineMs: 4000, baseDelayMs: 20, maxAttempts: 2, attemptTimeoutMs: 2000 };

let both: ToolsStack;
let stack: TestStack;
let tools: ToolsStack['tools'];
let db: Firestore;

const useEngine = (llm: boolean) => both.useEngine({ llm, toolTimeoutMs: 300, timing });

const chat = async (message: string, conversationId: string): Promise<any> => {
  const res = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message, conversationId }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
};
const toolRequests = () => both.toolRequests();
const llmRequests = () => both.llmRequests();
const assistantMessage = async (conversationId: string) =>
  (await db.collection(paths.conversationMessages(AGENT, conversationId)).where('role', '==', 'assistant').get()).docs[0]!.data();

async function seed() {
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 100, hasEverPaid: true });
  await db.doc(paths.agent(AGENT)).set({
    ID: AGENT, title: 'Order desk', ownerID: OWNER, agentPlatform: 'vg', assignedToolsIds: ['orderTool', 'slotsTool', 'foreignTool'], messagesLimit: 0,
  });
  await db.doc(paths.tool('orderTool')).set({
    id: 'orderTool', userId: OWNER, name: 'get_order_status', description: 'The status of an order', method: 'GET', hasSecret: true,
    serverUrl: `${tools.url}/orders/status`, fields: [{ in: 'query', key: 'order_id', type: 'string', description: 'The order number', required: true }],
  });
  await db.doc(paths.toolSecrets('orderTool')).set({ serverUrlSecret: SECRET });
  await db.doc(paths.tool('slotsTool')).set({
    id: 'slotsTool', userId: OWNER, name: 'appointment_slots', description: 'Free appointment slots on a date', method: 'GET', hasSecret: false,
    serverUrl: `${tools.url}/appointments/slots`, fields: [{ in: 'query', key: 'date', type: 'string', description: 'YYYY-MM-DD', required: true }],
  });
  // Another workspace's tool, its id planted on the agent: it vouches for nothing.
  await db.doc(paths.tool('foreignTool')).set({
    id: 'foreignTool', userId: 'someoneElse', name: 'order_export', description: 'Exports orders', method: 'GET', hasSecret: false,
    serverUrl: `${tools.url}/orders/status`, fields: [],
  });
}

beforeAll(async () => {
  both = await startToolsStack();
  ({ stack, tools, db } = both);
}, 30_000);
afterAll(() => both?.stop());
beforeEach(async () => {
  await both.reset();
  await seed();
  useEngine(true);
});

describe('an agent with tools', () => {
  it('offers its tools with their JSON Schema, calls the one asked for with the secret, and answers with the result', async () => {
    const data = await chat('where is order 1234?', 'conv-tools-0001');
    expect(data.parts[0]).toContain('Order 1234 shipped on 24 November');
    expect(data.failed).toBe(false);
    // A visitor never gets the calls.
    expect(data.toolCalls).toBeUndefined();
    const [request, ...others] = await toolRequests();
    expect(others).toEqual([]);
    expect(request).toMatchObject({ method: 'GET', path: '/orders/status', query: { order_id: '1234' } });
    expect(request!.headers['x-parley-secret']).toBe(SECRET);
    const [first] = await llmRequests();
    expect(first!.body.tools.map((t: any) => t.function.name).sort()).toEqual(['appointment_slots', 'get_order_status']);
    expect(first!.body.tools.find((t: any) => t.function.name === 'get_order_status').function.parameters).toEqual({
      type: 'object', properties: { order_id: { type: 'string', description: 'The order number' } }, required: ['order_id'], additionalProperties: false,
    });
  });

  it('keeps the calls on the transcript and meters every LLM round of the turn', async () => {
    await chat('where is order 1234?', 'conv-tools-0002');
    const message = await assistantMessage('conv-tools-0002');
    expect(message.toolCalls).toEqual([
      { name: 'get_order_status', arguments: '{"order_id":"1234"}', ok: true, status: 200, result: expect.stringContaining('"status":"shipped"'), timeMs: expect.any(Number) },
    ]);
    expect(await llmRequests()).toHaveLength(2);
    // The same agent answering without a tool: one round. The tool's turn is billed for both of its rounds.
    await chat('where is the shop?', 'conv-tools-0003');
    const logs = (await db.collection(paths.creditUsageLogs(OWNER)).get()).docs.map((d) => d.data());
    const withTool = logs.find((l) => l.logMessage.includes('conv-tools-0002'))!;
    const plain = logs.find((l) => l.logMessage.includes('conv-tools-0003'))!;
    expect(withTool.inputTokens).toBe(message.inputTokens);
    expect(withTool.inputTokens).toBeGreaterThan(2 * plain.inputTokens);
  });

  it('runs several calls in one turn', async () => {
    const data = await chat('Is order 1234 here, and which appointments are free on 2026-12-01?', 'conv-tools-0004');
    expect((await toolRequests()).map((r) => r.path).sort()).toEqual(['/appointments/slots', '/orders/status']);
    expect(data.parts[0]).toContain('Order 1234 shipped');
    expect(data.parts[0]).toContain('"slots":["11:00","15:30"]');
  });

  it('caps the rounds of calls in one turn, then answers', async () => {
    const data = await chat('where is order 1234? [keep-calling]', 'conv-tools-0012');
    expect(await toolRequests()).toHaveLength(MAX_TOOL_ROUNDS);
    expect(data.failed).toBe(false);
    expect(data.parts[0]).toContain('Order 1234 shipped');
    const requests = await llmRequests();
    expect(requests).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(requests.at(-1)!.body.tool_choice).toBe('none');
    expect((await assistantMessage('conv-tools-0012')).toolCalls).toHaveLength(MAX_TOOL_ROUNDS);
  });

  it('never sends arguments that fail the schema: the model reads why, and the visitor still gets an answer', async () => {
    const data = await chat('order status please [raw-args {"order_id":1234}]', 'conv-tools-0005');
    expect(await toolRequests()).toEqual([]);
    expect(data.failed).toBe(false);
    expect(data.parts[0]).toContain('Invalid arguments — order_id');
    expect((await assistantMessage('conv-tools-0005')).toolCalls[0]).toMatchObject({ name: 'get_order_status', ok: false });
  });

  it('reports a server slower than the limit to the model as an error, and the chat still answers', async () => {
    await fetch(`${tools.url}/__control`, { method: 'POST', body: JSON.stringify({ delayMs: 30_000 }) });
    const data = await chat('where is order 1234?', 'conv-tools-0006');
    expect(data.failed).toBe(false);
    expect(data.parts[0]).toBe('Sorry, I could not look that up. Error: The address did not answer in time.');
    expect((await assistantMessage('conv-tools-0006')).toolCalls[0]).toMatchObject({ ok: false, result: 'The address did not answer in time.' });
  });

  it('does not offer another workspace’s tool, nor tools at all when nodes are enabled', async () => {
    await chat('export my order 1234', 'conv-tools-0007');
    expect((await llmRequests())[0]!.body.tools.map((t: any) => t.function.name)).not.toContain('order_export');
    await db.doc(paths.agent(AGENT)).update({ enableNodes: true });
    await fetch(`${stack.llm.url}/__recorded`, { method: 'DELETE' });
    await fetch(`${tools.url}/__recorded`, { method: 'DELETE' });
    await chat('where is order 1234?', 'conv-tools-0008');
    expect((await llmRequests())[0]!.body.tools).toBeUndefined();
    expect(await toolRequests()).toEqual([]);
  });

  it('says plainly that it cannot run tools when no language model is configured', async () => {
    useEngine(false);
    const data = await chat('where is order 1234?', 'conv-tools-0009');
    expect(data.parts[0]).toContain(OFFLINE_NO_TOOLS);
    expect(await toolRequests()).toEqual([]);
  });

  it('keeps the secret out of every document but the tool’s private one, and out of every answer', async () => {
    const bodies = [
      JSON.stringify(await chat('where is order 1234?', 'conv-tools-0010')),
      await (await fetch(`${stack.api.url}/public/agents/${AGENT}/chat`, { method: 'POST', body: JSON.stringify({ message: 'where is order 1234?', conversationId: 'conv-tools-0011', stream: true }) }).then((r) => readSse(r).then((e) => JSON.stringify(e)))),
      await (await fetch(`${stack.api.url}/public/agents/${AGENT}/conversations/conv-tools-0010?since=0`)).text(),
    ];
    for (const body of bodies) expect(body).not.toContain(SECRET);
    const leaks: string[] = [];
    const walk = async (refs: DocumentReference[]) => {
      for (const ref of refs) {
        const snap = await ref.get();
        if (snap.exists && !ref.path.includes('/private/') && JSON.stringify(snap.data()).includes(SECRET)) leaks.push(ref.path);
        for (const sub of await ref.listCollections()) await walk(await sub.listDocuments());
      }
    };
    for (const collection of await db.listCollections()) await walk(await collection.listDocuments());
    expect(leaks).toEqual([]);
    expect((await db.doc(paths.toolSecrets('orderTool')).get()).get('serverUrlSecret')).toBe(SECRET);
  });
});
