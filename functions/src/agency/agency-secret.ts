// agencySecret callable: the agency secret (admin magic link), to the agency owner only; regenerate replaces it and
// ends every admin session minted from the old one (./admin-sessions: the generation is raised in the same
// transaction, then the previous generation's Auth user is revoked). It lives in agencies/{id}/private/secrets,
// which no client can read. `readAgencySecret` is for the admin sign-in, which compares it server-side.
import { agencyApi, newAgencySecret, paths, type Region } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { agencyAdminUid, firebaseAdminSessionRevoker, type AdminSessionRevoker } from './admin-sessions';
import { requireOwnedAgency } from './agency-reads';

const contract = agencyApi.agencySecret;

/**
 * The stored secret; one is created when the agency has none yet (agencies made before secrets were private).
 * Regenerating raises the admin-session generation and revokes the previous one's sessions through `revoker`.
 */
export async function readAgencySecret(region: Region, agencyId: string, regenerate = false, revoker: AdminSessionRevoker = firebaseAdminSessionRevoker): Promise<string> {
  const db = databaseFor(region);
  const ref = db.doc(paths.agencySecrets(agencyId));
  const { secret, ended } = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const current = snap.get('secret');
    if (!regenerate && typeof current === 'string' && current.length > 0) return { secret: current, ended: null };
    const generation = typeof snap.get('adminGeneration') === 'number' ? (snap.get('adminGeneration') as number) : 0;
    const next = newAgencySecret();
    tx.set(ref, { secret: next, adminGeneration: regenerate ? generation + 1 : generation }, { merge: true });
    return { secret: next, ended: regenerate ? generation : null };
  });
  if (ended !== null) await revoker.revoke(agencyAdminUid(agencyId, ended));
  return secret;
}

export async function agencySecretHandler(
  input: { region: Region; agencyId: string; regenerate: boolean },
  request: Pick<CallableRequest<unknown>, 'auth'>,
  revoker: AdminSessionRevoker = firebaseAdminSessionRevoker,
) {
  const agency = await requireOwnedAgency(callerOf(request, contract.signInMessage), input.region, input.agencyId);
  return { secret: await readAgencySecret(agency.region, agency.id, input.regenerate, revoker) };
}

export const agencySecret = defineCallable(contract, (input, request) => agencySecretHandler(input, request));
