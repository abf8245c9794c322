// Settling a reservation with what the work cost (the usage log and the agent's counters in the same write), or
// releasing it when the work failed.
import { paths, type CreditUsageLog } from '@parley/core';
import { FieldValue, type DocumentData, type DocumentReference, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { oneAtATime } from '../adapters/document-queue';
import { stageWrite } from '../adapters/firestore';
import { creditRollupWrites, payerRollups } from '../insights';
import { monthKey } from './balances';
import { ATTEMPTS, commitWithBalance, knownOf, payerPath, readKnown } from './ledger';
import type { Charge, Reservation } from './types';

function logOf(charge: Charge, amount: number, now: number, orgId: string | undefined): CreditUsageLog {
  return { ...charge.log, amount, direction: 'decrease', ts: now, ...(orgId ? { orgId } : {}) };
}

function writeRecord(db: Firestore, batch: WriteBatch, ownerID: string, log: CreditUsageLog, charge: Charge, now: number): void {
  batch.set(db.collection(paths.creditUsageLogs(ownerID)).doc(), log);
  // The agent's and the payer's days count the same credits and tokens in the same commit (the usage charts).
  for (const write of creditRollupWrites(log, payerRollups(ownerID, log.orgId))) stageWrite(batch, db, write);
  if (!charge.stats) return;
  const stats: DocumentData = {
    totalTokens: FieldValue.increment(charge.stats.totalTokens),
    messages: FieldValue.increment(charge.stats.messages),
    monthly: { [monthKey(now)]: FieldValue.increment(charge.stats.messages) },
    updatedAt: now,
  };
  batch.set(db.doc(paths.usageStats(charge.stats.agentId)) as DocumentReference, stats, { merge: true });
}

export async function settleCredits(db: Firestore, reservation: Reservation, charge: Charge, now: number): Promise<CreditUsageLog> {
  const { ownerID, orgId } = reservation;
  const payer = payerPath(ownerID, orgId);
  return oneAtATime(db, payer, async () => {
    for (let attempt = 0; ; attempt++) {
      // Usually the unused part comes back (the balance only goes up: no read needed). When the work cost more than
      // was reserved, the difference is taken as far as the balance goes — unless conflicts kept that from being
      // checked: then what was reserved is the charge, written plainly, so the record is never lost.
      const contended = attempt >= ATTEMPTS;
      let charged = Math.min(charge.amount, reservation.amount);
      if (charge.amount > reservation.amount && !contended) {
        const current = knownOf(db).get(payer) ?? (await readKnown(db, payer));
        charged += Math.min(charge.amount - reservation.amount, Math.max(0, current.balance));
      }
      const log = logOf(charge, charged, now, orgId);
      const conditional = contended ? null : (knownOf(db).get(payer) ?? null);
      const done = await commitWithBalance(db, payer, (batch) => writeRecord(db, batch, ownerID, log, charge, now), reservation.amount - charged, conditional);
      if (done) return log;
    }
  });
}

export async function releaseCredits(db: Firestore, reservation: Reservation): Promise<void> {
  if (reservation.amount <= 0) return;
  const payer = payerPath(reservation.ownerID, reservation.orgId);
  await oneAtATime(db, payer, async () => {
    const known = knownOf(db).get(payer) ?? null;
    if (!(await commitWithBalance(db, payer, () => undefined, reservation.amount, known))) {
      await commitWithBalance(db, payer, () => undefined, reservation.amount, null);
    }
  });
}
