// Whether a new call may start: the payer has credits (the same payer rules as chat: an org with billing pays for its
// agents), the agent is within its monthly minutes and cost (maxMinutesMonthly, maxCostMonthly), and the workspace has
// a free line (maxConcurrentCalls). A refused call is told a sentence and the owner gets one notification a day per
// reason (credits: the engine's out-of-credits notice).
import { paths, voiceApi, voicePaths, type Region, type VoiceCallChannel } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { monthKey, notifyOwnerNoCredits, payerOf, payingOrg } from '../../credits';
import type { VoiceDeps } from '../deps';
import { acquireLine } from './lines';
import { recoverCalls } from './recover';

const M = voiceApi.VOICE_MESSAGES;

export interface CallAgent {
  ID: string;
  ownerID: string;
  maxMinutesMonthly?: number;
  maxCostMonthly?: number;
}

export interface Refusal {
  /** What the caller hears (assistant-request's error) or the dashboard shows (a test call). */
  sentence: string;
  reason: 'credits' | 'lines' | 'minutes' | 'cost';
  /** Why, for the owner (the notification, a test call's refusal). */
  detail: string;
}

/** The agent's call seconds and provider cost (USD) this month. */
export async function monthlyVoiceUsage(db: Firestore, agentId: string, now: number): Promise<{ seconds: number; cost: number }> {
  const month = (await db.doc(voicePaths.voiceStats(agentId)).get()).get(`monthly.${monthKey(now)}`) as { seconds?: number; cost?: number } | undefined;
  return { seconds: month?.seconds ?? 0, cost: month?.cost ?? 0 };
}

async function tellOwner(db: Firestore, agent: CallAgent, reason: string, key: string, now: number): Promise<void> {
  const day = new Date(now).toISOString().slice(0, 10);
  const id = `voice-refused-${agent.ownerID}-${key}-${day}`.replace(/[^A-Za-z0-9_-]/g, '_');
  await db
    .doc(paths.notification(1, id))
    .create({
      ID: id, ownerID: agent.ownerID, agentId: agent.ID, title: 'Call refused', body: M.refusedNotification(reason), urlPathname: `/agents/${agent.ID}/voice?tab=advanced`,
      ts: Math.floor(now / 1000), seen: false, notificationLevel: 1, notifyOnly: [],
    })
    .catch((error: unknown) => {
      // 6 (ALREADY_EXISTS): the owner was told today.
      if ((error as { code?: number }).code !== 6) console.warn('[voice] owner notification failed:', error instanceof Error ? error.message : 'unknown');
    });
}

/** What admission reads: the payer's balance and the agent's usage this month. */
export interface AdmissionReads {
  orgId: string | undefined;
  balance: number;
  usage: { seconds: number; cost: number };
}

/**
 * Starts admission's reads, which need only the agent's id and workspace (a number names both): the payer (reused like
 * the engine's, engine.agentCacheMs) then its balance, beside the month's usage — one round trip on a warm instance.
 */
export function readAdmission(deps: VoiceDeps, region: Region, agent: { ID: string; ownerID: string }): Promise<AdmissionReads> {
  const db = deps.db(region);
  const now = deps.now();
  const credits = payerOf(db, agent, now, deps.engine().agentCacheMs).then(async (payer) => {
    const orgId = payingOrg(payer);
    return { orgId, balance: await deps.credits.balance(db, agent.ownerID, orgId) };
  });
  return Promise.all([credits, monthlyVoiceUsage(db, agent.ID, now)]).then(([c, usage]) => ({ ...c, usage }));
}

/** The refusal the payer's credits or the agent's monthly caps call for (nothing written), or null. */
export function capRefusal(agent: CallAgent, { balance, usage }: AdmissionReads): Refusal | null {
  if (!(balance > 0)) return { sentence: M.spokenUnavailable, reason: 'credits', detail: M.noCreditsReason };
  if ((agent.maxMinutesMonthly ?? 0) > 0 && usage.seconds / 60 >= agent.maxMinutesMonthly!) return { sentence: M.spokenUnavailable, reason: 'minutes', detail: M.monthlyMinutesReason };
  if ((agent.maxCostMonthly ?? 0) > 0 && usage.cost >= agent.maxCostMonthly!) return { sentence: M.spokenUnavailable, reason: 'cost', detail: M.monthlyCostReason };
  return null;
}

/** The refusal for want of a free line (the workspace's `limit`). */
export const busyRefusal = (limit: number): Refusal => ({ sentence: M.spokenBusy, reason: 'lines', detail: M.concurrentLimitReason(limit) });

/** Tells the owner why a call was refused (once a day per reason; credits: the engine's out-of-credits notice). */
export async function tellRefusal(deps: VoiceDeps, region: Region, agent: CallAgent, channel: VoiceCallChannel, refusal: Refusal, orgId: string | undefined): Promise<void> {
  const db = deps.db(region);
  const now = deps.now();
  if (refusal.reason === 'credits') await notifyOwnerNoCredits(db, agent.ownerID, agent.ID, channel, now, orgId);
  else await tellOwner(db, agent, refusal.detail, refusal.reason, now);
}

/**
 * Admits the call under `lineKey` (its line is then held: the caller releases it at the call's end), or answers the
 * refusal after telling the owner. `reads` are readAdmission's for this agent, when the caller started them earlier.
 */
export async function admitCall(deps: VoiceDeps, region: Region, agent: CallAgent, channel: VoiceCallChannel, lineKey: string, reads = readAdmission(deps, region, agent)): Promise<Refusal | null> {
  const read = await reads;
  const refused = capRefusal(agent, read);
  if (refused) {
    await tellRefusal(deps, region, agent, channel, refused, read.orgId);
    return refused;
  }
  const line = await acquireLine(deps.db(region), agent.ownerID, lineKey, deps.now());
  if (line.stale.length > 0) await recoverCalls(deps, region, line.stale);
  if (!line.ok) {
    const busy = busyRefusal(line.limit);
    await tellRefusal(deps, region, agent, channel, busy, read.orgId);
    return busy;
  }
  return null;
}
