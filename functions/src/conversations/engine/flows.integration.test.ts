// The engine running an agent's flow end to end: the API on a node server, Google's Firestore emulator, the real
// `openai` client against the LLM stand-in (which takes a flow's transition by its README's rule) and the tools
// stand-in as the tool server. Flow: start → "collect the date" (order tool) → "confirm" (slots tool) → end.
import { paths, TRANSITION_TOOL_NAME, type FlowNodeInput } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestStack } from '../../../test/runtime';
import { startToolsStack, type ToolsStack } from '../../../test/tools-stack';
import { OFFLINE_NO_TOOLS } from './texts';

/* eslint-disable @typescript-eslint/no-explicit-any -- tests inspect JSON answers freely */
const OWNER = 'flowOwner01';
const AGENT = 'AgentWithFlow01';
const timing = { deadlineMs: 4000, baseDelayMs: 20, maxAttempts: 2, attemptTimeoutMs: 2000 };

const FLOW: FlowNodeInput[] = [
  { id: 'start', type: 'start', next: 'date' },
  {
    id: 'date', type: 'default', name: 'collect the date', instructions: 'Ask which date suits the visitor.', toolIds: ['orderTool'],
    edges: [
      { id: 'e1', target: 'confirm', condition: 'the visitor gave a date' },
      { id: 'e2', target: 'bye', match: 'keyword', condition: 'cancel' },
    ],
  },
  { id: 'confirm', type: 'default', name: 'confirm', instructions: 'Read the date back and ask for a yes.', toolIds: ['slotsTool'], edges: [{ id: 'e3', target: 'bye', condition: 'the visitor agrees' }] },
  { id: 'bye', type: 'end', name: 'Booked', message: 'You are booked. See you then!' },
];

let both: ToolsStack;
let stack: TestStack;
let tools: ToolsStack['tools'];
let db: Firestore;

const chat = async (message: string, conversationId: string, extra: Record<string, unknown> = {}): Promise<any> => {
  const res = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message, conversationId, ...extra }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
};
const toolRequests = () => both.toolRequests();
const llmRequests = () => both.llmRequests();
const offeredNames = (request: { body: any }) => (request.body.tools ?? []).map((t: any) => t.function.name).sort();
const stepOf = async (conversationId: string) => (await db.doc(paths.conversation(AGENT, conversationId)).get()).get('flowStep');
const assistantMessages = async (conversationId: string) =>
  (await db.collection(paths.conversationMessages(AGENT, conversationId)).where('role', '==', 'assistant').orderBy('ts').get()).docs.map((d) => d.data());

async function seed() {
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 100, hasEverPaid: true });
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Booking desk', ownerID: OWNER, agentPlatform: 'vg', enableNodes: true, nodes: FLOW, messagesLimit: 0 });
  await db.doc(paths.tool('orderTool')).set({
    id: 'orderTool', userId: OWNER, name: 'get_order_status', description: 'The status of an order', method: 'GET', hasSecret: false,
    serverUrl: `${tools.url}/orders/status`, fields: [{ in: 'query', key: 'order_id', type: 'string', description: 'The order number', required: true }],
  });
  await db.doc(paths.tool('slotsTool')).set({
    id: 'slotsTool', userId: OWNER, name: 'appointment_slots', description: 'Free appointment slots on a date', method: 'GET', hasSecret: false,
    serverUrl: `${tools.url}/appointments/slots`, fields: [{ in: 'query', key: 'date', type: 'string', description: 'YYYY-MM-DD', required: true }],
  });
}

beforeAll(async () => {
  both = await startToolsStack();
  ({ stack, tools, db } = both);
  both.useEngine({ llm: true, toolTimeoutMs: 2000, timing });
}, 30_000);
afterAll(() => both?.stop());
beforeEach(async () => {
  await both.reset();
  await seed();
});

describe('an agent with a flow', () => {
  it('answers the first message in the first step, with that step’s tools and its paths as the transition function', async () => {
    const data = await chat('Hello, I would like to book.', 'conv-flow-00001');
    expect(data.parts[0]).toMatch(/^\[collect the date\] You asked/);
    const [request] = await llmRequests();
    expect(offeredNames(request!)).toEqual(['get_order_status', TRANSITION_TOOL_NAME]);
    expect(request!.body.messages[0].content).toContain('<step name="collect the date">\nAsk which date suits the visitor.\n</step>');
    const transition = request!.body.tools.find((t: any) => t.function.name === TRANSITION_TOOL_NAME).function;
    expect(transition.parameters.properties.step.anyOf.map((c: any) => c.const)).toEqual(['confirm', 'bye']);
    expect(await stepOf('conv-flow-00001')).toBe('date');
  });

  it('moves on the model’s transition call and answers in the new step in the same turn, offering only its tools', async () => {
    const data = await chat('The date is 2026-12-01, which slots are free?', 'conv-flow-00002');
    const requests = await llmRequests();
    // Asked in "collect the date", moved, then asked again in "confirm": its tool and its own paths, not the first step's.
    expect(offeredNames(requests[0]!)).toEqual(['get_order_status', TRANSITION_TOOL_NAME]);
    expect(offeredNames(requests[1]!)).toEqual(['appointment_slots', TRANSITION_TOOL_NAME]);
    expect(requests[1]!.body.messages[0].content).toContain('<step name="confirm">\nRead the date back and ask for a yes.\n</step>');
    expect(requests[1]!.body.messages[0].content).not.toContain('collect the date');
    expect((await toolRequests()).map((r) => r.path)).toEqual(['/appointments/slots']);
    expect(data.parts[0]).toContain('"slots":["11:00","15:30"]');
    expect(await stepOf('conv-flow-00002')).toBe('confirm');
    // The transcript keeps the move beside the tool call.
    const [answer] = await assistantMessages('conv-flow-00002');
    expect(answer!.toolCalls[0]).toEqual({ name: TRANSITION_TOOL_NAME, arguments: '{"step":"confirm"}', ok: true, result: 'Moved to the step "confirm".', step: 'confirm' });
    expect(answer!.toolCalls[1]).toMatchObject({ name: 'appointment_slots', ok: true });
  });

  it('remembers the step between messages, and ends with the end’s message', async () => {
    await chat('The date is 2026-12-01.', 'conv-flow-00003');
    await both.reset();
    const data = await chat('Yes, I agree.', 'conv-flow-00003');
    const requests = await llmRequests();
    expect(offeredNames(requests[0]!)).toEqual(['appointment_slots', TRANSITION_TOOL_NAME]);
    // The end closes the answer: the model is not asked again once the conversation is over.
    expect(requests).toHaveLength(1);
    expect(data.parts[0]).toBe('You are booked. See you then!');
    expect(await stepOf('conv-flow-00003')).toBe('bye');
    // A message after the end starts the flow over.
    await both.reset();
    expect((await chat('Hi again', 'conv-flow-00003')).parts[0]).toMatch(/^\[collect the date\]/);
  });

  it('with chat history off, still remembers the step between messages, keeping nothing of the conversation but it', async () => {
    await db.doc(paths.agent(AGENT)).set({ recordChatHistory: false }, { merge: true });
    await chat('The date is 2026-12-01.', 'conv-flow-00013');
    await both.reset();
    const data = await chat('Yes, I agree.', 'conv-flow-00013');
    expect(offeredNames((await llmRequests())[0]!)).toEqual(['appointment_slots', TRANSITION_TOOL_NAME]);
    expect(data.parts[0]).toBe('You are booked. See you then!');
    expect((await db.doc(paths.conversation(AGENT, 'conv-flow-00013')).get()).exists).toBe(false);
    expect((await db.collection(paths.conversationMessages(AGENT, 'conv-flow-00013')).get()).size).toBe(0);
    expect((await db.doc(paths.flowState(AGENT, 'conv-flow-00013')).get()).get('flowStep')).toBe('bye');
    // After the end the flow starts over, as a recorded conversation's does.
    await both.reset();
    expect((await chat('Hi again', 'conv-flow-00013')).parts[0]).toMatch(/^\[collect the date\]/);
  });

  it('takes a keyword path before asking the model, and ignores a step the client names', async () => {
    const data = await chat('Please cancel everything.', 'conv-flow-00004', { flowStep: 'confirm' });
    expect(data.parts[0]).toBe('You are booked. See you then!');
    expect(await llmRequests()).toEqual([]);
    const [answer] = await assistantMessages('conv-flow-00004');
    expect(answer!.toolCalls).toEqual([
      { name: TRANSITION_TOOL_NAME, arguments: '{"step":"bye"}', ok: true, result: 'Moved to the end "Booked". The conversation is over. (the message contains "cancel")', step: 'Booked' },
    ]);
  });

  it('runs the owner’s unsaved flow in the test chat, naming the step; a visitor cannot send one', async () => {
    await db.doc(paths.agent(AGENT)).update({ enableNodes: false });
    const { idTokens } = await import('../../../test/composition');
    idTokens.use(async (token) => (token === 'owner.id.token' ? { uid: OWNER } : null));
    const draft = { enableNodes: true, nodes: FLOW };
    const res = await fetch(`${stack.api.url}/public/agents/${AGENT}/chat?channel=test`, {
      method: 'POST', headers: { authorization: 'Bearer owner.id.token' }, body: JSON.stringify({ message: 'The date is 2026-12-01.', conversationId: 'conv-flow-test01', draft }),
    });
    expect(res.status).toBe(200);
    const data = ((await res.json()) as { data: any }).data;
    expect(data.step).toBe('confirm');
    expect(data.toolCalls[0]).toMatchObject({ name: TRANSITION_TOOL_NAME, step: 'confirm' });
    expect((await db.doc(`voiceglow/${AGENT}/testConversations/conv-flow-test01`).get()).get('flowStep')).toBe('confirm');
    await both.reset();
    const visitor = await chat('The date is 2026-12-01.', 'conv-flow-00006', { draft });
    expect(visitor.parts[0]).toMatch(/^You asked/);
    expect(visitor.step).toBeUndefined();
    expect((await llmRequests())[0]!.body.tools).toBeUndefined();
  });

  it('says plainly that it cannot run the steps’ tools when no language model is configured', async () => {
    both.useEngine({ llm: false, toolTimeoutMs: 2000, timing });
    try {
      expect((await chat('where is order 1234?', 'conv-flow-00007')).parts[0]).toContain(OFFLINE_NO_TOOLS);
    } finally {
      both.useEngine({ llm: true, toolTimeoutMs: 2000, timing });
    }
  });

  it('answers as a plain agent when the stored flow would not pass the publish checks', async () => {
    await db.doc(paths.agent(AGENT)).update({ nodes: FLOW.filter((n) => n.id !== 'bye') });
    const data = await chat('The date is 2026-12-01.', 'conv-flow-00005');
    expect(data.parts[0]).toMatch(/^You asked/);
    expect((await llmRequests())[0]!.body.tools).toBeUndefined();
  });
});
