// Whether the signed-in user is an agency user (agency staff, or a client signed in with an agency token): such
// users never see our documentation help boxes nor the test debugger.
import { useEffect, useState } from 'react';
import { useCurrentWorkspace } from './workspace-context';

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
