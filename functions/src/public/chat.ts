import { conversationsApi, paths, workspaceRole } from '@parley/core';
import { verifyIdToken } from '../adapters/id-token';
import { bearerToken, defineEndpoint, HttpError } from '../http/endpoint';
import { prepareAnswer, runAnswer, runtimeDeps, type RuntimeDeps } from '../runtime';
import { openSse } from './sse';

let deps: RuntimeDeps | null = null;
/** Tests inject fakes (LLM settings, timing); production wires the real adapters lazily. */
export function setChatDeps(next: RuntimeDeps | null): void {
  deps = next;
}
const currentDeps = (): RuntimeDeps => (deps ??= runtimeDeps());

/**
 * POST /public/agents/{id}/chat: answers a visitor. `stream: true` answers with Server-Sent Events
 * (start, delta…, done | error); otherwise JSON { success, data }. `channel: test` comes from the
 * dashboard's test debugger (signed-in owner: draft settings apply, nothing is recorded).
 */
export const chatEndpoint = defineEndpoint(conversationsApi.sendChatMessage, async ({ params, query, headers, body: input, res }) => {
  const { agentId } = params;
  const d = currentDeps();
  const region = input.region ?? query.region ?? 'na';
  const isTest = query.channel === 'test';
  let ownerVerified = false;
  if (isTest || input.draft) {
    // Draft settings and the test chat are for the agent's workspace (owner or member), never visitors or clients.
    const token = bearerToken(headers);
    const caller = token ? await verifyIdToken(token) : null;
    const agent = await d.db(region).doc(paths.agent(agentId)).get();
    const ownerID = agent.get('ownerID');
    if (caller && agent.exists && typeof ownerID === 'string' && ownerID) {
      const workspace = await d.db(region).doc(paths.user(ownerID)).get();
      ownerVerified = workspaceRole({ id: ownerID, data: workspace.data() }, caller) !== null;
    }
    if (isTest && !ownerVerified) throw new HttpError(403, "Only the agent's workspace can use the test chat.");
  }
  const prepared = await prepareAnswer(d, region, agentId, input, { channel: isTest ? 'test' : 'widget', ownerVerified });
  if (!input.stream) {
    const result = await runAnswer(d, prepared);
    return { body: { success: true, data: result } };
  }
  const sse = openSse(res);
  sse.send('start', { conversationId: prepared.conversationId });
  try {
    const result = await runAnswer(d, prepared, { onDelta: (text) => sse.send('delta', { text }) });
    sse.send('done', result);
  } catch (error) {
    console.error('[chat] stream failed:', error instanceof Error ? error.message : 'unknown');
    sse.send('error', { error: 'Something went wrong on our side. Please try again.' });
  } finally {
    sse.end();
  }
  return undefined;
});
