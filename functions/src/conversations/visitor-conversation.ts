import { conversationsApi, type ConversationMessage, type Region } from '@parley/core';
import type { IncomingHttpHeaders } from 'node:http';
import { appendMessages, getConversation, messagesSince, updateConversation } from './conversation-store';
import { defineEndpoint, HttpError } from '../http/endpoint';
import type { RateLimits } from '../rate-limits';
import { runtimeAgent } from './engine';
import type { VisitorDeps } from './visitor-deps';
import { admitVisitor, limitVisitor, type VisitorAction } from '../access';

export const UNKNOWN_CONVERSATION = 'This conversation does not exist.';

/**
 * The agent (404 when it does not exist) after the visitor's admission (App Check when enforced, then the allowed
 * domains; polling too, since it reads the conversation), and the conversation, or null when it has not started yet.
 */
async function locate(visitor: VisitorDeps, limits: RateLimits, action: VisitorAction, ip: string, headers: IncomingHttpHeaders, region: Region, agentId: string, conversationId: string) {
  await limitVisitor(limits, action, ip, agentId, conversationId);
  const deps = visitor.engine;
  const db = deps.db(region);
  const conversationRead = getConversation(db, agentId, conversationId);
  conversationRead.catch(() => undefined);
  const agent = await runtimeAgent(deps, region, agentId);
  await admitVisitor(agent, headers, visitor.appCheck);
  return { db, deps, conversation: await conversationRead };
}

/** A stored message as the visitor sees it: never the operator's uid, the model or its token counts. */
function forVisitor(m: ConversationMessage): conversationsApi.VisitorMessage {
  return { ID: m.ID, role: m.role, text: m.text, ts: m.ts, ...(m.responder ? { responder: m.responder } : {}), sources: m.sources, status: m.status };
}

/**
 * GET /public/agents/{id}/conversations/{conversationId}?since=ms: what the widget polls for operator
 * replies and takeover state. The conversation id (random, 20 characters) is the visitor's capability.
 */
export const pollConversationEndpoint = (visitor: VisitorDeps) => defineEndpoint(conversationsApi.pollConversation, async ({ params, query, headers, ip, limits }) => {
  const { agentId, conversationId } = params;
  const { db, conversation } = await locate(visitor, limits, 'poll', ip, headers, query.region, agentId, conversationId);
  if (!conversation) return { body: { success: true, data: { exists: false, control: 'ai', handoffRequested: false, updatedAt: 0, messages: [] } } };
  // Only when a message is newer than what the widget has: idle polls cost one document read.
  const messages = conversation.lastMessageAt > query.since ? await messagesSince(db, agentId, conversationId, query.since) : [];
  return {
    body: {
      success: true,
      data: { exists: true, control: conversation.control, handoffRequested: conversation.handoffRequested, updatedAt: conversation.updatedAt, messages: messages.map(forVisitor) },
    },
  };
});

export const HANDOFF_NOTE = 'The visitor asked to talk to a human.';

/**
 * POST /public/agents/{id}/conversations/{conversationId}/handoff: the visitor asks for a human in a conversation
 * the chat started. An id nobody chatted in is refused (404): only the chat creates conversations, so inventing ids
 * cannot fill the Chats inbox. The workspace and the agent's clients are told once (awaited; a failed notification
 * does not fail the request).
 */
export const handoffEndpoint = (visitor: VisitorDeps) => defineEndpoint(conversationsApi.requestHandoff, async ({ params, query, body, headers, ip, limits }) => {
  const { agentId, conversationId } = params;
  const region = body.region ?? query.region ?? 'na';
  const { db, deps, conversation } = await locate(visitor, limits, 'handoff', ip, headers, region, agentId, conversationId);
  if (!conversation) throw new HttpError(404, UNKNOWN_CONVERSATION);
  if (!conversation.handoffRequested) {
    const now = Date.now();
    await appendMessages(db, { agentId, id: conversationId }, [{ role: 'system', text: HANDOFF_NOTE, responder: 'notice' }], now, {
      handoffRequested: true,
      handoffRequestedAt: now,
    });
    await deps.notify({ kind: 'handoff', region, agentId, conversationId });
  }
  return { body: { success: true, data: { handoffRequested: true } } };
});

/** POST /public/agents/{id}/conversations/{conversationId}/page: listenForUrlChanges reports the page. */
export const pageEndpoint = (visitor: VisitorDeps) => defineEndpoint(conversationsApi.reportConversationPage, async ({ params, query, body, headers, ip, limits }) => {
  const { agentId, conversationId } = params;
  const { db, conversation } = await locate(visitor, limits, 'page', ip, headers, body.region ?? query.region ?? 'na', agentId, conversationId);
  if (conversation) await updateConversation(db, agentId, conversationId, { pageUrl: body.pageUrl }, Date.now());
  return { body: { success: true, data: { recorded: !!conversation } } };
});
