// agencySecret callable: the agency secret (admin magic link), to the agency owner only; regenerate replaces it.
// It lives in agencies/{id}/private/secrets, which no client can read. `readAgencySecret` is for the client
// sign-in (the admin magic link), which compares it server-side.
import { agencyApi, newAgencySecret, paths, type Region } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { callerOf } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineCallable } from '../callable/define-callable';
import { requireOwnedAgency } from './store';

const contract = agencyApi.agencySecret;

/** The stored secret; one is created when the agency has none yet (agencies made before secrets were private). */
export async function readAgencySecret(region: Region, agencyId: string, regenerate = false): Promise<string> {
  const db = databaseFor(region);
  const ref = db.doc(paths.agencySecrets(agencyId));
  return db.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).get('secret');
    if (!regenerate && typeof current === 'string' && current.length > 0) return current;
    const secret = newAgencySecret();
    tx.set(ref, { secret }, { merge: true });
    return secret;
  });
}

export async function agencySecretHandler(input: { region: Region; agencyId: string; regenerate: boolean }, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const agency = await requireOwnedAgency(callerOf(request, contract.signInMessage), input.region, input.agencyId);
  return { secret: await readAgencySecret(agency.region, agency.id, input.regenerate) };
}

export const agencySecret = defineCallable(contract, agencySecretHandler);
