// Plan limits on things a workspace holds (agents, client seats): one transaction reads the workspace's plan
// (users/{uid}), counts what it holds, refuses with 403 and the plan's message when one more would not fit, and
// otherwise writes the new thing. It also writes users/{uid}/private/plan-slots, so concurrent creations run one
// after another: a count query locks none of the documents it did not find, a written document does.
import { COLLECTIONS, paths, planLimitDenial, type CountedLimit } from '@parley/core';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { HttpError } from '../http/endpoint';

export const PLAN_LIMIT_STATUS = 403;

export const planSlotsPath = (workspaceId: string): string => `${paths.user(workspaceId)}/${COLLECTIONS.private}/plan-slots`;

export interface PlanLimitedCreation {
  /** How many the workspace holds now, read inside the transaction. */
  count: (tx: Transaction) => Promise<number>;
  /** The writes of the new thing, made only when it fits. */
  write: (tx: Transaction) => void;
}

export async function createWithinPlanLimit(db: Firestore, workspaceId: string, kind: CountedLimit, creation: PlanLimitedCreation): Promise<void> {
  const slotsRef = db.doc(planSlotsPath(workspaceId));
  await db.runTransaction(async (tx) => {
    const [workspace] = await tx.getAll(db.doc(paths.user(workspaceId)), slotsRef);
    const denial = planLimitDenial(kind, workspace?.data(), await creation.count(tx));
    if (denial) throw new HttpError(PLAN_LIMIT_STATUS, denial);
    tx.set(slotsRef, { [kind]: Date.now() }, { merge: true });
    creation.write(tx);
  });
}

/** Agents the workspace owns (voiceglow where ownerID == the workspace). */
export async function countAgents(db: Firestore, tx: Transaction, workspaceId: string): Promise<number> {
  return (await tx.get(db.collection(COLLECTIONS.agents).where('ownerID', '==', workspaceId).count())).data().count;
}

/** Client users across the workspace's organisations (clients whose orgId is an org the workspace owns). */
export async function countClientSeats(db: Firestore, tx: Transaction, workspaceId: string): Promise<number> {
  const orgs = await tx.get(db.collection(COLLECTIONS.orgs).where('ownerID', '==', workspaceId).select());
  const orgIds = orgs.docs.map((d) => d.id);
  let total = 0;
  // `in` takes at most 30 values.
  for (let i = 0; i < orgIds.length; i += 30) {
    const chunk = orgIds.slice(i, i + 30);
    total += (await tx.get(db.collection(COLLECTIONS.clients).where('orgId', 'in', chunk).count())).data().count;
  }
  return total;
}
