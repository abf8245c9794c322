import { conversationsApi, type Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { appendMessages, createConversation, getConversation, messagesSince, updateConversation } from './store';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { loadAgent, recordsHistory } from '../runtime/agent';
import { UNKNOWN_AGENT } from '../runtime/texts';

/** The conversation, or null when it has not started yet (404 when the agent does not exist either). */
async function locate(region: Region, agentId: string, conversationId: string) {
  const db = databaseFor(region);
  const conversation = await getConversation(db, agentId, conversationId);
  if (!conversation && !(await loadAgent(db, agentId))) throw new HttpError(404, UNKNOWN_AGENT);
  return { db, conversation };
}

/**
 * GET /public/agents/{id}/conversations/{conversationId}?since=ms: what the widget polls for operator
 * replies and takeover state. The conversation id (random, 20 characters) is the visitor's capability.
 */
export const pollConversationEndpoint = defineEndpoint(conversationsApi.pollConversation, async ({ params, query }) => {
  const { agentId, conversationId } = params;
  const { db, conversation } = await locate(query.region, agentId, conversationId);
  if (!conversation) return { body: { success: true, data: { exists: false, control: 'ai', handoffRequested: false, updatedAt: 0, messages: [] } } };
  // Only when a message is newer than what the widget has: idle polls cost one document read.
  const messages = conversation.lastMessageAt > query.since ? await messagesSince(db, agentId, conversationId, query.since) : [];
  return {
    body: {
      success: true,
      data: { exists: true, control: conversation.control, handoffRequested: conversation.handoffRequested, updatedAt: conversation.updatedAt, messages },
    },
  };
});

export const HANDOFF_NOTE = 'The visitor asked to talk to a human.';

/** POST /public/agents/{id}/conversations/{conversationId}/handoff: the visitor asks for a human. */
export const handoffEndpoint = defineEndpoint(conversationsApi.requestHandoff, async ({ params, query, body }) => {
  const { agentId, conversationId } = params;
  const found = await locate(body.region ?? query.region ?? 'na', agentId, conversationId);
  const now = Date.now();
  let conversation = found.conversation;
  if (!conversation) {
    // The visitor may ask for a human before writing anything: start the conversation for them.
    const agent = await loadAgent(found.db, agentId);
    if (!agent || !recordsHistory(agent)) throw new HttpError(409, 'This chat is not recorded, so a team member cannot join it.');
    conversation = await createConversation(found.db, { agentId, ownerID: agent.ownerID, id: conversationId, channel: 'widget' }, now);
  }
  if (!conversation.handoffRequested) {
    await appendMessages(found.db, agentId, conversationId, [{ role: 'system', text: HANDOFF_NOTE, responder: 'notice' }], now, {
      handoffRequested: true,
      handoffRequestedAt: now,
    });
  }
  return { body: { success: true, data: { handoffRequested: true } } };
});

/** POST /public/agents/{id}/conversations/{conversationId}/page: listenForUrlChanges reports the page. */
export const pageEndpoint = defineEndpoint(conversationsApi.reportConversationPage, async ({ params, query, body }) => {
  const { agentId, conversationId } = params;
  const found = await locate(body.region ?? query.region ?? 'na', agentId, conversationId);
  if (found.conversation) await updateConversation(found.db, agentId, conversationId, { pageUrl: body.pageUrl }, Date.now());
  return { body: { success: true, data: { recorded: !!found.conversation } } };
});
