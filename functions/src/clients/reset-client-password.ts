// Callable resetClientPassword: a new password (typed, or 15 random characters) hashed into private/credentials,
// answered once; pending sign-in codes are revoked. Audited without values.
import { clientsApi, paths } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { auditEntry } from './audit';
import { clientAndActor } from './client-actor';
import { chosenPassword } from './client-fields';
import { revokeLoginCodes } from './login-code-store';
import { hashPassword } from './password';

type Input = z.output<typeof clientsApi.resetClientPassword.input>;

export async function resetClientPasswordHandler(input: Input, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const caller = callerOf(request);
  const password = chosenPassword(input.dashboardPassword);
  const db = databaseFor(input.region);
  const { client, actor } = await clientAndActor(caller, db, input.clientId);
  const now = Date.now();
  const entry = auditEntry({
    orgId: client.orgId, actor, action: 'client.passwordReset', target: { type: 'client', id: client.ID, label: client.email },
    changes: [{ field: 'dashboardPassword', redacted: true }], now,
  });
  const batch = db.batch();
  batch.set(db.doc(paths.clientCredentials(client.ID)), { dashboardPasswordHash: await hashPassword(password), updatedAt: now });
  batch.set(entry.ref(db), entry.data);
  await batch.commit();
  await revokeLoginCodes(db, client.ID);
  return { success: true, dashboardPassword: password } as const;
}

export const resetClientPassword = defineCallable(clientsApi.resetClientPassword, resetClientPasswordHandler);
