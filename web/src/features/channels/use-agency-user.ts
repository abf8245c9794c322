// Agency users (agency staff and clients signed in with an agency token) never see the documentation help boxes.
import { useEffect, useState } from 'react';
import { useCurrentWorkspace } from '../../lib/workspace-context';

export function isAgencyClaims(claims: Record<string, unknown>): boolean {
  return typeof claims.role === 'string' || typeof claims.agencyId === 'string' || typeof claims.clientId === 'string';
}

export function useIsAgencyUser(): boolean {
  const { user } = useCurrentWorkspace();
  const [agency, setAgency] = useState(false);
  useEffect(() => {
    let live = true;
    void user
      .getIdTokenResult?.()
      .then((token) => {
        if (live) setAgency(isAgencyClaims(token.claims as Record<string, unknown>));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user]);
  return agency;
}
