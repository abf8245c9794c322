// assistant-request: an inbound call on one of our numbers asks who answers. The number's agent answers (its assistant
// synced first if it has none) when the call is admitted — credits, the agent's monthly caps, a free line of the
// workspace (held from now until the call ends) — and the call's conversation is opened; otherwise the caller hears
// the refusal's sentence. The caller is waiting, so everything is read at once — the number and its agent (kept
// briefly by a warm instance, deps.warm), the payer's balance and the agent's month beside the agent, the event and
// the lines beside those — and written in one batch.
import { voiceApi, voiceConfigSchema, voicePaths, type Region, type VoiceCallState } from '@parley/core';
import type { z } from 'zod';
import { loadStoredAgent, type StoredAgent } from '../../access';
import { assistantSpec, liveAssistant, llmSecretOf } from '../assistant';
import { busyRefusal, capRefusal, readAdmission, tellRefusal, type AdmissionReads, type Refusal } from '../calls/admission';
import { backOff, lineLimit, lostTheRace, readLines, takeLine } from '../calls/lines';
import { recoverCalls } from '../calls/recover';
import { openCallIn, rememberCall } from '../calls/state';
import { warmAgentKey as agentKey, warmAt, type VoiceDeps } from '../deps';
import { numberOfProviderId } from '../numbers/number-records';
import { assistantIn, PLATFORM_ACCOUNT, workspaceVoice } from '../provider';
import type { assistantRequestSchema } from './messages';
import { eventId } from './once';

const M = voiceApi.VOICE_MESSAGES;

/** How often the answer is decided again after another call changed the workspace's lines first. */
const ANSWER_ATTEMPTS = 30;

type AssistantRequest = z.output<typeof assistantRequestSchema>;

/** Who answers the call: the number, its agent (of the number's workspace) and admission's reads; null: nobody. */
export interface CallRoute {
  number: { number: string; ownerID: string; providerAccount: string };
  agent: StoredAgent & { ownerID: string };
  reads: Promise<AdmissionReads>;
}

/** Reads who answers the call (nothing is written). */
export async function routeCall(deps: VoiceDeps, region: Region, message: AssistantRequest): Promise<CallRoute | null> {
  const db = deps.db(region);
  const providerNumberId = message.phoneNumber?.id ?? message.call.phoneNumberId ?? '';
  if (!providerNumberId) return null;
  const number = await deps.warm.get(`${region}/number/${providerNumberId}`, warmAt(deps), () => numberOfProviderId(db, providerNumberId));
  if (!number?.agentId) return null;
  const agentId = number.agentId;
  const reads = readAdmission(deps, region, { ID: agentId, ownerID: number.ownerID });
  reads.catch(() => undefined);
  const agent = await deps.warm.get(agentKey(region, agentId), warmAt(deps), () => loadStoredAgent(db, agentId));
  if (!agent || agent.ownerID !== number.ownerID) return null;
  return { number, agent: { ...agent, ownerID: number.ownerID }, reads };
}

/** The route and its assistant: `transient`, the assistant given whole, or null when the provider holds it by its id. */
type Routed = CallRoute & { transient: Record<string, unknown> | null };

/**
 * The route with its assistant. A number in the workspace's current provider account is answered by an assistant the
 * provider holds there: an agent with none there yet, or one the provider lost, gets one first. A number connected in
 * another account (with an own key the workspace has since replaced, or on the platform's before it saved one) rings
 * there, where no assistant of ours can be made or named: the call is answered by the assistant given whole, which
 * the provider keeps for that call only, in any account.
 */
async function withAssistant(deps: VoiceDeps, region: Region, route: CallRoute | null): Promise<Routed | null> {
  if (!route) return route;
  const account = route.number.providerAccount;
  const current = await workspaceVoice(deps, region, route.agent.ownerID);
  if (current.account !== account) {
    const secret = await llmSecretOf(deps.db(region), route.agent.ID);
    const spec = assistantSpec(deps, region, route.agent, voiceConfigSchema.parse(route.agent.voiceConfig ?? {}), secret);
    return { ...route, transient: current.provider.transientAssistant(spec) };
  }
  const stored = assistantIn(route.agent, account);
  const id = await liveAssistant(deps, region, route.agent, current);
  return { ...route, transient: null, ...(id === stored ? {} : { agent: { ...route.agent, vapi: { id, account } } }) };
}

/** The answer as recorded for the call (a repeat gets it again): a transient assistant is recorded as such, never whole (it holds secrets). */
type Recorded = { assistantId: string } | { error: string } | { transient: true };
type Answer = { assistantId: string } | { error: string } | { assistant: Record<string, unknown> };

const answerOf = (recorded: Recorded, routed: Routed | null): Answer =>
  'transient' in recorded ? (routed?.transient ? { assistant: routed.transient } : { error: M.spokenUnavailable }) : recorded;

/**
 * Answers the call once. The event and the workspace's lines are read beside admission's reads; once `limited` (the
 * rate limits) passed, one batch takes a line, opens the call and its conversation and records the answer (a refusal
 * records its sentence and tells the owner). The batch holds only if the event is still new and the lines unchanged
 * since read (lines.ts): otherwise both are read again — a repeat gets the recorded answer, a call that lost the race
 * for the lines decides again. No lock is held, so calls starting at once do not wait on each other.
 */
export async function answerAssistantRequest(deps: VoiceDeps, region: Region, message: AssistantRequest, route: Promise<CallRoute | null>, limited: Promise<unknown>): Promise<Answer> {
  const db = deps.db(region);
  const callId = message.call.id;
  const now = deps.now();
  const eventRef = db.doc(voicePaths.voiceEvent(eventId(callId, 'assistant-request')));
  let eventRead = eventRef.get();
  eventRead.catch(() => undefined);
  const routed = await withAssistant(deps, region, await route);
  const owner = routed?.number.ownerID ?? null;
  let linesRead = owner ? readLines(db, owner) : null;
  linesRead?.catch(() => undefined);
  const [reads, limit] = await Promise.all([routed?.reads, owner ? lineLimit(db, owner) : null, limited]);
  for (let attempt = 1; ; attempt++) {
    const [event, lines] = await Promise.all([eventRead, linesRead]);
    if (event.exists) return answerOf((event.get('answer') as Recorded | undefined) ?? { error: M.spokenUnavailable }, routed);
    const batch = db.batch();
    let answer: Recorded = { error: M.spokenUnavailable };
    let refusal: Refusal | null = null;
    let state: VoiceCallState | null = null;
    let stale: string[] = [];
    if (routed && lines && reads && limit !== null) {
      const { number, agent } = routed;
      refusal = capRefusal(agent, reads);
      if (!refusal) {
        const line = takeLine(batch, db, lines, limit, callId, now);
        stale = line.stale;
        if (!line.ok) refusal = busyRefusal(line.limit);
      }
      if (refusal) answer = { error: refusal.sentence };
      else {
        state = openCallIn(batch, db, {
          region, callId, agent, channel: 'phone', holdsLine: true, ownKey: number.providerAccount !== PLATFORM_ACCOUNT,
          summary: { callerNumber: message.call.customer?.number ?? message.customer?.number ?? '', agentNumber: number.number, direction: 'inbound' },
        }, now);
        answer = routed.transient ? { transient: true } : { assistantId: String(agent.vapi!.id) };
      }
    }
    batch.create(eventRef, { receivedAt: now, state: 'done', answer });
    try {
      await batch.commit();
    } catch (error) {
      if (!lostTheRace(error) || attempt >= ANSWER_ATTEMPTS) throw error;
      await backOff(attempt);
      eventRead = eventRef.get();
      linesRead = owner ? readLines(db, owner) : null;
      continue;
    }
    if (state) rememberCall(deps, state);
    if (stale.length) await recoverCalls(deps, region, stale);
    if (refusal && routed) await tellRefusal(deps, region, routed.agent, 'phone', refusal, reads?.orgId);
    return answerOf(answer, routed);
  }
}
