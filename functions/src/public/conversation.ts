import { conversationIdSchema } from '@parley/core';
import { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { appendMessages, createConversation, getConversation, messagesSince, updateConversation } from '../conversations/store';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { loadAgent, recordsHistory } from '../runtime/agent';
import { UNKNOWN_AGENT } from '../runtime/texts';
import { agentIdParam, regionOf, regionParamSchema } from './region';

const NOT_FOUND = 'This conversation does not exist.';

async function locate(region: ReturnType<typeof regionOf>, rawAgentId: string | undefined, rawConversationId: string | undefined) {
  const agentId = agentIdParam.safeParse(rawAgentId);
  if (!agentId.success) throw new HttpError(404, UNKNOWN_AGENT);
  const conversationId = conversationIdSchema.safeParse(rawConversationId);
  if (!conversationId.success) throw new HttpError(404, NOT_FOUND);
  const db = databaseFor(region);
  const conversation = await getConversation(db, agentId.data, conversationId.data);
  if (!conversation) {
    if (!(await loadAgent(db, agentId.data))) throw new HttpError(404, UNKNOWN_AGENT);
    return { db, agentId: agentId.data, conversationId: conversationId.data, conversation: null };
  }
  return { db, agentId: agentId.data, conversationId: conversationId.data, conversation };
}

export const pollConversationInput = z.object({
  region: z.string().optional(),
  since: z.coerce.number().nonnegative().default(0),
}).loose();

/**
 * GET /public/agents/{id}/conversations/{conversationId}?since=ms: what the widget polls for operator
 * replies and takeover state. The conversation id (random, 20 characters) is the visitor's capability.
 */
export const pollConversationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/public/agents/:agentId/conversations/:conversationId',
  input: pollConversationInput,
  handler: async ({ params, query, input }) => {
    const found = await locate(regionOf(query), params.agentId, params.conversationId);
    if (!found.conversation) return { body: { success: true, data: { exists: false, control: 'ai', handoffRequested: false, updatedAt: 0, messages: [] } } };
    const { conversation } = found;
    // Only when a message is newer than what the widget has: idle polls cost one document read.
    const messages = conversation.lastMessageAt > input.since ? await messagesSince(found.db, found.agentId, found.conversationId, input.since) : [];
    return {
      body: {
        success: true,
        data: { exists: true, control: conversation.control, handoffRequested: conversation.handoffRequested, updatedAt: conversation.updatedAt, messages },
      },
    };
  },
});

export const handoffInput = z.object({ region: regionParamSchema.optional() });

export const HANDOFF_NOTE = 'The visitor asked to talk to a human.';

/** POST /public/agents/{id}/conversations/{conversationId}/handoff: the visitor asks for a human. */
export const handoffEndpoint = defineEndpoint({
  method: 'POST',
  path: '/public/agents/:agentId/conversations/:conversationId/handoff',
  input: handoffInput,
  handler: async ({ params, query, input }) => {
    const found = await locate(input.region ?? regionOf(query), params.agentId, params.conversationId);
    const now = Date.now();
    let conversation = found.conversation;
    if (!conversation) {
      // The visitor may ask for a human before writing anything: start the conversation for them.
      const agent = await loadAgent(found.db, found.agentId);
      if (!agent || !recordsHistory(agent)) throw new HttpError(409, 'This chat is not recorded, so a team member cannot join it.');
      conversation = await createConversation(found.db, { agentId: found.agentId, ownerID: agent.ownerID, id: found.conversationId, channel: 'widget' }, now);
    }
    if (!conversation.handoffRequested) {
      await appendMessages(found.db, found.agentId, found.conversationId, [{ role: 'system', text: HANDOFF_NOTE, responder: 'notice' }], now, {
        handoffRequested: true,
        handoffRequestedAt: now,
      });
    }
    return { body: { success: true, data: { handoffRequested: true } } };
  },
});

export const pageInput = z.object({ region: regionParamSchema.optional(), pageUrl: z.string().min(1).max(2048) });

/** POST /public/agents/{id}/conversations/{conversationId}/page: listenForUrlChanges reports the page. */
export const pageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/public/agents/:agentId/conversations/:conversationId/page',
  input: pageInput,
  handler: async ({ params, query, input }) => {
    const found = await locate(input.region ?? regionOf(query), params.agentId, params.conversationId);
    if (found.conversation) await updateConversation(found.db, found.agentId, found.conversationId, { pageUrl: input.pageUrl }, Date.now());
    return { body: { success: true, data: { recorded: !!found.conversation } } };
  },
});
