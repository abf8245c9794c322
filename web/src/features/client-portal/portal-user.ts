// Whether the signed-in Firebase user is someone the client dashboard serves: an agency client (role 'client') or
// the agency owner signed in through the admin magic link (agencyAdmin). Staff sessions are not.
import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session';
import { claimsOf, type ClientClaims } from './client-session';

export type PortalUser = { status: 'loading' } | { status: 'signed-out' } | { status: 'other' } | { status: 'portal'; claims: ClientClaims };

export function usePortalUser(): PortalUser {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const [claims, setClaims] = useState<{ uid: string; claims: ClientClaims } | null>(null);
  useEffect(() => {
    if (!user) return;
    let live = true;
    void user.getIdTokenResult().then((r) => {
      if (live) setClaims({ uid: user.uid, claims: claimsOf(user.uid, r.claims) });
    });
    return () => {
      live = false;
    };
  }, [user]);
  if (session.status === 'loading') return { status: 'loading' };
  if (!user) return { status: 'signed-out' };
  if (!claims || claims.uid !== user.uid) return { status: 'loading' };
  return claims.claims.role === 'client' || claims.claims.admin ? { status: 'portal', claims: claims.claims } : { status: 'other' };
}
