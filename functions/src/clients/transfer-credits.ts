// Callable transferCredits: credits between the agency owner's workspace (users/{ownerID}.loadTokens) and an org
// (orgs/{id}.loadTokens), in one transaction that reads both balances before writing either; audited in the same
// transaction. Firestore retries the transaction when another write raced it, so concurrent transfers never
// create or lose credits; an instance runs its own transfers of one workspace one at a time (they would only
// contend), and a transaction Firestore still gives up on is answered 409 with a message asking to try again.
import { clientsApi, ORG_MESSAGES, paths, validateCreditTransfer } from '@parley/core';
import { CLIENTS_MESSAGES, CREDIT_TRANSFER_DECIMALS } from './api';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { oneAtATime } from '../adapters/document-queue';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';
import { auditEntry } from './audit';
import { orgNotFound, requireRootAdmin, type OrgActor } from '../access';
import { orgAndActor } from './client-actor';

type Input = z.output<typeof clientsApi.transferCredits.input>;

const SCALE = 10 ** CREDIT_TRANSFER_DECIMALS;
const round = (value: number): number => Math.round(value * SCALE) / SCALE;
const balance = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A positive number with at most 1 decimal, or NaN. */
export function transferAmount(raw: number | string): number {
  const value = typeof raw === 'string' ? (raw.trim() === '' ? NaN : Number(raw.trim())) : raw;
  return Number.isFinite(value) ? round(value) : NaN;
}

export async function transferCreditsHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = callerOf(request);
  const amount = transferAmount(input.amount);
  if (!(amount > 0)) throw new HttpError(400, ORG_MESSAGES.transferAmount);
  const db = databaseFor(input.region);
  const found = await orgAndActor(caller, db, input.orgId);
  const { actor } = found;
  requireRootAdmin(actor);
  const workspaceRef = db.doc(paths.user(found.org.ownerID ?? ''));
  return oneAtATime(db, workspaceRef.path, () => transfer(db, input, amount, actor, workspaceRef, found.ref)).catch((error: unknown) => {
    if (error instanceof HttpError) throw error;
    // Contention Firestore's retries did not resolve (ABORTED): nothing was written.
    if ((error as { code?: unknown }).code === 10) throw new HttpError(409, CLIENTS_MESSAGES.transferFailed);
    throw error;
  });
}

function transfer(db: Firestore, input: Input, amount: number, actor: OrgActor, workspaceRef: DocumentReference, orgRef: DocumentReference) {
  return db.runTransaction(async (tx) => {
    const [workspace, org] = await tx.getAll(workspaceRef, orgRef);
    if (!workspace?.exists) throw new HttpError(404, CLIENTS_MESSAGES.workspaceNotFound);
    if (!org?.exists) throw orgNotFound();
    const workspaceCredits = balance(workspace.get('loadTokens'));
    const orgCredits = balance(org.get('loadTokens'));
    const toOrg = input.direction === 'toOrg';
    const error = validateCreditTransfer({ amount, sourceBalance: toOrg ? workspaceCredits : orgCredits, source: toOrg ? 'workspace' : 'org' });
    if (error) throw new HttpError(error === ORG_MESSAGES.transferAmount ? 400 : 412, error);
    const nextWorkspace = round(toOrg ? workspaceCredits - amount : workspaceCredits + amount);
    const nextOrg = round(toOrg ? orgCredits + amount : orgCredits - amount);
    tx.update(workspaceRef, { loadTokens: nextWorkspace });
    tx.update(orgRef, { loadTokens: nextOrg });
    const entry = auditEntry({
      orgId: input.orgId, actor, action: 'credits.transfer',
      target: { type: 'credits', id: input.orgId, label: toOrg ? 'workspace → org' : 'org → workspace' },
      changes: [
        { field: 'workspace.loadTokens', from: workspaceCredits, to: nextWorkspace },
        { field: 'org.loadTokens', from: orgCredits, to: nextOrg },
      ],
    });
    tx.set(entry.ref(db), entry.data);
    return { success: true, message: CLIENTS_MESSAGES.creditsTransferred, amount, workspaceCredits: nextWorkspace, orgCredits: nextOrg } as const;
  });
}

export const transferCredits = defineCallable(clientsApi.transferCredits, transferCreditsHandler);
