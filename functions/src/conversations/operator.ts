// Human takeover from the Chats inbox: an operator replies (which takes the conversation over from
// the AI) and can hand it back. The widget picks the changes up by polling.
import type { z } from 'zod';
import { conversationsApi, type Region } from '@parley/core';
import { HttpsError } from 'firebase-functions/https';
import { callerOf, requireAgentAccess, type TokenCaller } from '../access';
import { defineCallable } from '../callable/define-callable';
import { DeliveryError, type OperatorRelay } from './operator-relay';
import { appendMessages, getConversation } from './conversation-store';

export const TAKEN_OVER_NOTE = conversationsApi.OPERATOR_NOTES.takenOver;
export const HANDED_BACK_NOTE = conversationsApi.OPERATOR_NOTES.handedBack;

export const sendOperatorMessageInput = conversationsApi.sendOperatorMessage.input;

/** The page a client needs in canAccess to operate chats. */
export const CHATS_PAGE = '/convos';

async function conversationOf(region: Region, agentId: string, conversationId: string, caller: TokenCaller) {
  // Operators are who may read the chats: members of the agent's workspace, and clients allowed '/convos'
  // (firestore.rules: `match /conversations/{conversationId}` read).
  const { db } = await requireAgentAccess(caller, region, agentId, { page: CHATS_PAGE });
  const conversation = await getConversation(db, agentId, conversationId);
  if (!conversation) throw new HttpsError('not-found', 'This conversation does not exist.');
  return { db, conversation };
}

/** The operator's reply; the first one takes the conversation over so the AI stays silent. */
export async function sendOperatorMessage(relay: OperatorRelay, input: z.output<typeof sendOperatorMessageInput>, caller: TokenCaller) {
  const { db, conversation } = await conversationOf(input.region, input.agentId, input.conversationId, caller);
  // A channel user gets the reply through their channel first: when the provider refuses it, the operator is told
  // why (e.g. WhatsApp's 24-hour window) and nothing is stored as if it had been sent.
  try {
    await relay(input.region, conversation, input.text);
  } catch (error) {
    if (error instanceof DeliveryError) throw new HttpsError(error.retryable ? 'unavailable' : 'failed-precondition', error.message);
    throw error;
  }
  const now = Date.now();
  const notes = conversation.control === 'human' ? [] : [{ role: 'system' as const, text: TAKEN_OVER_NOTE, responder: 'notice' as const }];
  const stored = await appendMessages(
    db,
    { agentId: input.agentId, id: input.conversationId },
    [...notes, { role: 'operator' as const, text: input.text, responder: 'operator' as const, operatorUid: caller.uid }],
    now,
    { control: 'human', operatorUid: caller.uid, handoffRequested: false },
    undefined,
    // The first reply to a visitor's handoff request counts the wait (the operators' first-response time).
    conversation.handoffRequested && conversation.handoffRequestedAt ? { handoffAnsweredAfterMs: now - conversation.handoffRequestedAt } : {},
  );
  return { message: stored[stored.length - 1]!, control: 'human' as const };
}

export const setConversationControlInput = conversationsApi.setConversationControl.input;

/** Takes over (human) or hands back to the AI (ai). */
export async function setConversationControl(input: z.output<typeof setConversationControlInput>, caller: TokenCaller) {
  const { db, conversation } = await conversationOf(input.region, input.agentId, input.conversationId, caller);
  if (conversation.control === input.control) return { control: input.control };
  const now = Date.now();
  await appendMessages(
    db,
    { agentId: input.agentId, id: input.conversationId },
    [{ role: 'system', text: input.control === 'human' ? TAKEN_OVER_NOTE : HANDED_BACK_NOTE, responder: 'notice' }],
    now,
    input.control === 'human' ? { control: 'human', operatorUid: caller.uid, handoffRequested: false } : { control: 'ai' },
  );
  return { control: input.control };
}

/** The Chats inbox's callables; `relay` delivers a reply to a channel user (the composition passes the channels'). */
export function operatorCallables(relay: OperatorRelay) {
  return {
    sendOperatorMessage: defineCallable(conversationsApi.sendOperatorMessage, (input, request) => sendOperatorMessage(relay, input, callerOf(request))),
    setConversationControl: defineCallable(conversationsApi.setConversationControl, (input, request) => setConversationControl(input, callerOf(request))),
  };
}
