// A call's end: its line goes back, its minutes are billed once (every started minute at core's
// VOICE_CREDITS_PER_MINUTE, from the payer's credits: the workspace, or an org of it with billing on; none for a call
// on the workspace's own provider key, which its provider bills), its
// conversation gets the duration, ended reason and recording, and the agent's monthly minutes and cost grow. The
// voiceCalls document's `billed` flag, set in a transaction before the charge, keeps a second report from billing
// again; a charge that fails clears it, so a later report (or the read-back of a stale call) bills it.
import { paths, voiceCallCredits, voicePaths, type Region } from '@parley/core';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { monthKey, payerOf, payingOrg, StopError } from '../../credits';
import type { VoiceDeps } from '../deps';
import { releaseLine } from './lines';
import { callRoute, readCall } from './state';

export interface CallEnd {
  callId: string;
  durationSeconds: number;
  endedReason: string;
  endedAt: number;
  /** The provider's cost (USD). */
  cost: number;
  recordingUrl?: string;
}

/** Marks the call billed (true) unless it was already. */
async function claimBilling(db: Firestore, callId: string): Promise<boolean> {
  const ref = db.doc(voicePaths.voiceCall(callId));
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('billed') === true) return false;
    tx.update(ref, { billed: true, status: 'ended' });
    return true;
  });
}

/** The call ended (status-update): its line goes back. Billing waits for the report. */
export async function endCall(deps: VoiceDeps, region: Region, callId: string): Promise<void> {
  const db = deps.db(region);
  const state = await readCall(db, callId);
  if (!state) return;
  if (state.holdsLine) await releaseLine(db, state.ownerID, callId, deps.now());
  if (state.status !== 'ended') await db.doc(voicePaths.voiceCall(callId)).update({ status: 'ended' });
}

/** The end-of-call report: line released, minutes billed once, the conversation's call summary completed. */
export async function finishCall(deps: VoiceDeps, region: Region, end: CallEnd): Promise<void> {
  const db = deps.db(region);
  const state = await callRoute(deps, region, end.callId);
  if (!state) return;
  const now = deps.now();
  // The line, the billing claim and the payer (kept like the engine's) at once: each its own document.
  const payerRead = payerOf(db, { ID: state.agentId, ownerID: state.ownerID }, now, deps.engine().agentCacheMs);
  payerRead.catch(() => undefined);
  const [claimed] = await Promise.all([claimBilling(db, end.callId), state.holdsLine ? releaseLine(db, state.ownerID, end.callId, now) : null]);
  if (!claimed) return;
  const credits = state.ownKey ? 0 : voiceCallCredits(end.durationSeconds);
  let charged = 0;
  if (credits > 0) {
    try {
      const payer = await payerRead;
      const reservation = await deps.credits.reserve(db, { ownerID: state.ownerID, ...(payingOrg(payer) ? { orgId: payingOrg(payer) } : {}), estimate: credits }, now);
      const log = await deps.credits.settle(
        db,
        reservation,
        {
          amount: credits,
          log: { causedBy: 'agent', agentId: state.agentId, featureKey: 'voice-call', logMessage: `Call ${end.callId}: ${Math.ceil(end.durationSeconds / 60)} min` },
        },
        now,
      );
      charged = log.amount;
    } catch (error) {
      // Out of credits at the end: the balance stays at zero (never below); nothing more to take.
      if (!(error instanceof StopError)) {
        await db.doc(voicePaths.voiceCall(end.callId)).update({ billed: false }).catch(() => undefined);
        throw error;
      }
    }
  }
  const month = monthKey(end.endedAt);
  const batch = db.batch();
  batch.update(db.doc(paths.conversation(state.agentId, state.conversationId)), {
    'call.endedAt': end.endedAt,
    'call.durationSeconds': end.durationSeconds,
    'call.endedReason': end.endedReason,
    'call.minuteCredits': charged,
    ...(end.recordingUrl ? { 'call.recordingUrl': end.recordingUrl } : {}),
    updatedAt: now,
  });
  batch.set(
    db.doc(voicePaths.voiceStats(state.agentId)),
    { monthly: { [month]: { seconds: FieldValue.increment(end.durationSeconds), cost: FieldValue.increment(end.cost), calls: FieldValue.increment(1) } }, updatedAt: now },
    { merge: true },
  );
  await batch.commit();
  // Billed once (claimBilling), so told once: the workspace's call.ended and its conversation's end.
  await deps.callEnded?.({
    region, agentId: state.agentId, workspaceId: state.ownerID, callId: end.callId, conversationId: state.conversationId,
    durationSeconds: end.durationSeconds, endedReason: end.endedReason, endedAt: end.endedAt,
  });
}
