// voiceCalls/{callId}: what we know of a call beside its conversation (its agent, region, whether it holds a line,
// whether its minutes were billed). A call's conversation is created with it, through the conversations' one
// createConversation, in one commit with the call's document ("does not exist" preconditions: a concurrent opener
// finds the winner's).
import { voiceCallStateSchema, voicePaths, type CallSummary, type Region, type VoiceCallChannel, type VoiceCallState } from '@parley/core';
import type { DocumentSnapshot, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { parseStored } from '../../adapters/stored-data';
import { conversationCreation, createConversation, newConversationId, type NewConversation } from '../../conversations';
import { MAX_CALL_SECONDS } from '../assistant';
import type { VoiceDeps } from '../deps';

/** The call's state in its snapshot, or null when it has none. */
export const callStateOf = (snap: DocumentSnapshot): VoiceCallState | null => (snap.exists ? parseStored(voiceCallStateSchema, snap) : null);

export async function readCall(db: Firestore, callId: string): Promise<VoiceCallState | null> {
  return callStateOf(await db.doc(voicePaths.voiceCall(callId)).get());
}

/** A call's agent, region, conversation and channel never change: a warm instance keeps them as long as a call lasts. */
const CALL_ROUTE_MS = MAX_CALL_SECONDS * 1000;
const callKey = (region: Region, callId: string) => `${region}/call/${callId}`;

/** The call's state as its caller's lines need it (agent, conversation, channel), kept by a warm instance. */
export function callRoute(deps: VoiceDeps, region: Region, callId: string): Promise<VoiceCallState | null> {
  return deps.warm.get(callKey(region, callId), { now: deps.now(), ttlMs: CALL_ROUTE_MS }, () => readCall(deps.db(region), callId));
}

/** Keeps the state of a call this instance just opened, for its caller's first line. */
export function rememberCall(deps: VoiceDeps, state: VoiceCallState): void {
  deps.warm.put(callKey(state.region, state.callId), state, deps.now());
}

export interface OpenCall {
  region: Region;
  callId: string;
  agent: { ID: string; ownerID: string };
  channel: VoiceCallChannel;
  holdsLine: boolean;
  /** Made on the workspace's own provider key (its minutes are not billed in credits). */
  ownKey?: boolean;
  summary: Omit<CallSummary, 'callId'>;
}

/** The new call's state and its conversation (nothing written). */
function callOpening(input: OpenCall, now: number): { state: VoiceCallState; conversation: NewConversation } {
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
    ownKey: input.ownKey ?? false,
    createdAt: now,
  };
  const conversation: NewConversation = {
    id: state.conversationId,
    agentId: state.agentId,
    ownerID: state.ownerID,
    channel: input.channel,
    ...(input.summary.callerNumber ? { channelUser: { id: input.summary.callerNumber, name: input.summary.callerNumber, endpointId: input.summary.agentNumber || input.channel } } : {}),
    call: { callId: input.callId, startedAt: now, ...input.summary },
  };
  return { state, conversation };
}

/** The call's state and conversation, created once; a second opener gets the first one's. */
export async function openCall(db: Firestore, input: OpenCall, now: number): Promise<VoiceCallState> {
  const { state, conversation } = callOpening(input, now);
  try {
    await createConversation(db, conversation, now, [{ path: voicePaths.voiceCall(input.callId), data: state }]);
    return state;
  } catch (error) {
    if ((error as { code?: number }).code !== 6) throw error;
    return (await readCall(db, input.callId))!;
  }
}

/** Opens the call in `batch`: its state and conversation are created when it commits. */
export function openCallIn(batch: WriteBatch, db: Firestore, input: OpenCall, now: number): VoiceCallState {
  const { state, conversation } = callOpening(input, now);
  const creation = conversationCreation(conversation, now);
  batch.create(db.doc(voicePaths.voiceCall(input.callId)), state);
  batch.create(db.doc(creation.path), creation.conversation);
  for (const write of creation.counted) batch.set(db.doc(write.path), write.data, { merge: true });
  return state;
}
