// The demo workspace as `npm start` seeds it (local/stack/seed.ts), its tool pointed at the tools stand-in: the tool
// is stored with its secret kept private, assigned to the demo agent, and a visitor asking the demo agent about an
// order gets the answer from a call the stand-in received. Google's Firestore emulator, the real `openai` client
// against the LLM stand-in (which calls an offered function by its README's rule) and the engine on a node server.
import { paths } from '@parley/core';
import { DEMO, DEMO_TOOL_ID, seedDemoTool, seedDemoWorkspace } from '@parley/local/stack/seed';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolsStack, type ToolsStack } from '../../../test/tools-stack';

let both: ToolsStack;
let db: Firestore;
let agentId = '';

beforeAll(async () => {
  both = await startToolsStack();
  db = both.db;
  agentId = (await seedDemoWorkspace(db))!;
  await seedDemoTool(db, agentId, both.tools.url);
  both.useEngine({ llm: true, toolTimeoutMs: 2000, timing: { deadlineMs: 6000, baseDelayMs: 20, maxAttempts: 2, attemptTimeoutMs: 4000 } });
}, 30_000);
afterAll(() => both?.stop());

describe('the seeded demo agent', () => {
  it('has the order-status tool of its workspace, its secret kept in the private document', async () => {
    const tool = (await db.doc(paths.tool(DEMO_TOOL_ID)).get()).data()!;
    expect(tool).toMatchObject({ name: 'get_order_status', method: 'GET', userId: DEMO.uid, hasSecret: true, serverUrl: `${both.tools.url}/orders/status` });
    const secret = (await db.doc(paths.toolSecrets(DEMO_TOOL_ID)).get()).get('serverUrlSecret') as string;
    expect(secret).toBeTruthy();
    expect(JSON.stringify(tool)).not.toContain(secret);
  });

  it('has the tool assigned', async () => {
    const agent = (await db.doc(paths.agent(agentId)).get()).data()!;
    expect(agent).toMatchObject({ ownerID: DEMO.uid, title: DEMO.agentTitle, assignedToolsIds: [DEMO_TOOL_ID] });
  });

  it('calls it on the tools stand-in when a visitor asks where an order is, and answers with its status', async () => {
    await both.reset();
    const conversationId = 'conv-demo-tool-0001';
    const res = await fetch(`${both.stack.api.url}/public/agents/${agentId}/chat`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'where is order 1234?', conversationId }),
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { parts: string[]; failed: boolean } };
    expect(data.failed).toBe(false);
    expect(data.parts.join(' ')).toContain('Order 1234 shipped');
    const requests = await both.toolRequests();
    expect(requests).toEqual([expect.objectContaining({ method: 'GET', path: '/orders/status', query: { order_id: '1234' } })]);
    expect(requests[0]!.headers['x-parley-secret']).toBe((await db.doc(paths.toolSecrets(DEMO_TOOL_ID)).get()).get('serverUrlSecret'));
    const [answer] = (await db.collection(paths.conversationMessages(agentId, conversationId)).where('role', '==', 'assistant').get()).docs.map((d) => d.data());
    expect(answer!.toolCalls).toEqual([expect.objectContaining({ name: 'get_order_status', arguments: '{"order_id":"1234"}', ok: true, status: 200 })]);
  });
});
