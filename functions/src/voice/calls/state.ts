// voiceCalls/{callId}: what we know of a call beside its conversation (its agent, region, whether it holds a line,
// whether its minutes were billed). A call's conversation is created with it, through the conversations' one
// createConversation, in one commit with the call's document ("does not exist" preconditions: a concurrent opener
// finds the winner's).
import { voiceCallStateSchema, voicePaths, type CallSummary, type Region, type VoiceCallChannel, type VoiceCallState } from '@parley/core';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { parseStored } from '../../adapters/stored-data';
import { createConversation, newConversationId } from '../../conversations';

/** The call's state in its snapshot, or null when it has none. */
export const callStateOf = (snap: DocumentSnapshot): VoiceCallState | null => (snap.exists ? parseStored(voiceCallStateSchema, snap) : null);

export async function readCall(db: Firestore, callId: string): Promise<VoiceCallState | null> {
  return callStateOf(await db.doc(voicePaths.voiceCall(callId)).get());
}

export interface OpenCall {
  region: Region;
  callId: string;
  agent: { ID: string; ownerID: string };
  channel: VoiceCallChannel;
  holdsLine: boolean;
  summary: Omit<CallSummary, 'callId'>;
}

/** The call's state and conversation, created once; a second opener gets the first one's. */
export async function openCall(db: Firestore, input: OpenCall, now: number): Promise<VoiceCallState> {
  const state: VoiceCallState = {
    callId: input.callId,
    region: input.region,
    agentId: input.agent.ID,
    ownerID: input.agent.ownerID,
    conversationId: newConversationId(),
    channel: input.channel,
    holdsLine: input.holdsLine,
    status: 'started',
    billed: false,
    createdAt: now,
  };
  try {
    await createConversation(
      db,
      {
        id: state.conversationId,
        agentId: state.agentId,
        ownerID: state.ownerID,
        channel: input.channel,
        ...(input.summary.callerNumber ? { channelUser: { id: input.summary.callerNumber, name: input.summary.callerNumber, endpointId: input.summary.agentNumber || input.channel } } : {}),
        call: { callId: input.callId, startedAt: now, ...input.summary },
      },
      now,
      [{ path: voicePaths.voiceCall(input.callId), data: state }],
    );
    return state;
  } catch (error) {
    if ((error as { code?: number }).code !== 6) throw error;
    return (await readCall(db, input.callId))!;
  }
}
