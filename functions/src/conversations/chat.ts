import { conversationsApi } from '@parley/core';
import { requireMemberTrying } from '../access';
import { defineEndpoint } from '../http/endpoint';
import { prepareAnswer, runAnswer } from './engine';
import type { VisitorDeps } from './visitor-deps';
import { openSse, type SseWriter } from './sse';
import { limitVisitor, requireAllowedOrigin, requireAppCheck } from '../access';

/**
 * POST /public/agents/{id}/chat: answers a visitor. `stream: true` answers with Server-Sent Events
 * (start, delta…, done | error); otherwise JSON { success, data }. `channel: test` comes from the
 * dashboard's test debugger (a signed-in member: draft settings apply; the conversation is recorded apart from real
 * chats, in testConversations, and no one is notified of it; its credits are charged as any answer's).
 * Visitors are rate-limited and admitted (App Check, allowed domains) before anything is read or reserved.
 */
export const chatEndpoint = (deps: VisitorDeps) => defineEndpoint(conversationsApi.sendChatMessage, async ({ params, query, headers, idTokens, ip, body: input, res, limits }) => {
  const { agentId } = params;
  const d = deps.engine;
  const region = input.region ?? query.region ?? 'na';
  const isTest = query.channel === 'test';
  let ownerVerified = false;
  if (isTest || input.draft) {
    // Draft settings and the test chat are for members of the agent's workspace, never visitors or clients.
    ownerVerified = await requireMemberTrying({ headers, idTokens }, region, agentId, isTest);
  }
  // A verified member trying the agent is not a visitor: no visitor limits, any page of the dashboard. A visitor's
  // limits are counted (shared counters, a round trip) and App Check (which needs no agent) is verified while the
  // agent and the conversation are read; admission waits for both, then checks the allowed domains: nothing is
  // retrieved, reserved or asked of a model before they pass.
  const limited = ownerVerified ? null : limitVisitor(limits, 'chat', ip, agentId, input.conversationId);
  limited?.catch(() => undefined);
  const appCheck = ownerVerified ? null : requireAppCheck(headers, deps.appCheck);
  appCheck?.catch(() => undefined);
  const prepared = await prepareAnswer(d, region, agentId, input, {
    channel: isTest ? 'test' : 'widget',
    ownerVerified,
    ...(appCheck
      ? {
          admit: async (agent: { allowedDomains: readonly string[] }) => {
            await limited;
            await appCheck;
            requireAllowedOrigin(agent, headers);
          },
        }
      : {}),
  }).catch(async (error: unknown) => {
    // A refusal of the limits comes first, even where the agent could not be read.
    await limited;
    throw error;
  });
  if (!input.stream) {
    const result = await runAnswer(d, prepared);
    return { body: { success: true, data: result } };
  }
  // The stream opens once the message is stored and its credits reserved: until then a refusal (402, 429 …) is
  // still an HTTP status.
  let sse: SseWriter | null = null;
  const stream = (): SseWriter => {
    if (!sse) {
      sse = openSse(res);
      sse.send('start', { conversationId: prepared.conversationId });
    }
    return sse;
  };
  try {
    const result = await runAnswer(d, prepared, { onAdmitted: stream, onDelta: (text) => stream().send('delta', { text }) });
    stream().send('done', result);
  } catch (error) {
    if (!sse) throw error;
    console.error('[chat] stream failed:', error instanceof Error ? error.message : 'unknown');
    stream().send('error', { error: 'Something went wrong on our side. Please try again.' });
  } finally {
    (sse as SseWriter | null)?.end();
  }
  return undefined;
});
