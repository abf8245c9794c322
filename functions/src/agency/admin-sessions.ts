// Agency-admin sessions (the agency-secret magic link). The sign-in mints a custom token for a uid of the agency's
// own, `aa-<agencyId>-<generation>` (never the owner's uid), with claims role 'agencyAdmin', agencyId and
// agencyRegion: firestore.rules and the functions give it the client dashboards of that agency only. The
// generation lives beside the secret (agencies/{id}/private/secrets.adminGeneration); regenerating the secret
// raises it, and the previous generation's user is revoked (refresh tokens) and deleted, so a session minted from
// the old secret ends everywhere: rules and functions compare the generation, functions verify such tokens with
// the revocation check, and its refresh token no longer yields a new ID token.
import { paths, type Region } from '@parley/core';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { databaseFor } from '../adapters/firestore';

export const AGENCY_ADMIN_ROLE = 'agencyAdmin';

/** The uid of an agency's admin sessions of one generation. */
export const agencyAdminUid = (agencyId: string, generation: number): string => `aa-${agencyId}-${generation}`;

/** The agency's current admin-session generation (0 until the secret is first regenerated). */
export async function adminGeneration(region: Region, agencyId: string): Promise<number> {
  const value = (await databaseFor(region).doc(paths.agencySecrets(agencyId)).get()).get('adminGeneration');
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/** An agency-admin token's claims, as the functions read them. */
export interface AgencyAdminClaims {
  uid: string;
  agencyId: string;
  region: Region;
}

/** Whether the session is of its agency's current generation (one read of the agency's private document). */
export async function isCurrentAdminSession(session: AgencyAdminClaims): Promise<boolean> {
  return session.uid === agencyAdminUid(session.agencyId, await adminGeneration(session.region, session.agencyId));
}

/**
 * The agency owner whose client dashboards a verified agency-admin token opens in `region`, or null: the token
 * must name this region (an id from the other region vouches for nothing) and be of the current generation.
 */
export async function agencyAdminOwner(uid: string, claims: Record<string, unknown>, region: Region): Promise<string | null> {
  const agencyId = typeof claims.agencyId === 'string' ? claims.agencyId : '';
  if (claims.role !== AGENCY_ADMIN_ROLE || !agencyId || claims.agencyRegion !== region) return null;
  if (!(await isCurrentAdminSession({ uid, agencyId, region }))) return null;
  const owner = (await databaseFor(region).doc(paths.agency(agencyId)).get()).get('userId');
  return typeof owner === 'string' && owner ? owner : null;
}

/** Ends every session of an admin uid: the Auth side (refresh tokens, the user itself). */
export interface AdminSessionRevoker {
  revoke(uid: string): Promise<void>;
}

const notFound = (error: unknown): boolean => (error as { code?: unknown })?.code === 'auth/user-not-found';

/** Firebase Auth: refresh tokens revoked (ID tokens minted before fail the revocation check), then the user deleted. */
export const firebaseAdminSessionRevoker: AdminSessionRevoker = {
  async revoke(uid) {
    const auth = getAuth(getApps()[0] ?? initializeApp());
    for (const step of [() => auth.revokeRefreshTokens(uid), () => auth.deleteUser(uid)]) {
      await step().catch((error: unknown) => {
        // A generation nobody signed in with has no user: nothing to end.
        if (!notFound(error)) throw error;
      });
    }
  },
};
