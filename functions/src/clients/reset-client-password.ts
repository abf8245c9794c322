// Callable resetClientPassword: the client's password is removed (the old one stops working) and a fresh sign-in
// code and one-time link go to the client's own address, from the agency's sender; nobody else learns or chooses
// a password. Who may: the agency owner, the client itself as org admin, or an org admin for a colleague it may
// manage (permissions.ts). Earlier codes are revoked. Audited without values.
import { clientsApi, paths } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';
import { CLIENTS_MESSAGES } from './api';
import { auditEntry } from './audit';
import { clientAndActor } from './client-actor';
import { revokeLoginCodes } from './login-code-store';
import { mailLoginCode } from './mail-login-code';
import { requireManageable } from '../access';
import { findAgencyOfOwner } from './org-client-reads';

type Input = z.output<typeof clientsApi.resetClientPassword.input>;

/** ours: without an agency there is no sign-in page for the link to open. */
export const NO_AGENCY_FOR_RESET = 'Set up your agency first: the sign-in link opens your agency\'s client login.';

export async function resetClientPasswordHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = callerOf(request);
  const db = databaseFor(input.region);
  const { client, org, actor } = await clientAndActor(caller, db, input.clientId);
  requireManageable(actor, client);
  const agency = await findAgencyOfOwner(input.region, org.org.ownerID ?? '');
  if (!agency) throw new HttpError(409, NO_AGENCY_FOR_RESET);
  const now = Date.now();
  const entry = auditEntry({
    orgId: client.orgId, actor, action: 'client.passwordReset', target: { type: 'client', id: client.ID, label: client.email },
    changes: [{ field: 'dashboardPassword', redacted: true }], now,
  });
  const batch = db.batch();
  // No hash: password sign-in fails until the client signs in with the e-mailed code or link.
  batch.set(db.doc(paths.clientCredentials(client.ID)), { passwordResetAt: now, updatedAt: now });
  batch.set(entry.ref(db), entry.data);
  await batch.commit();
  await revokeLoginCodes(db, client.ID);
  try {
    await mailLoginCode(agency.id, agency, client, input.region);
  } catch {
    throw new HttpError(502, CLIENTS_MESSAGES.resetMailFailed);
  }
  return { success: true, message: CLIENTS_MESSAGES.resetLinkSent(client.email), email: client.email } as const;
}

export const resetClientPassword = defineCallable(clientsApi.resetClientPassword, resetClientPasswordHandler);
