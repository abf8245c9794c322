// Agency users (clients and agency staff signed in with an agency token) do not get the test debugger.
import { useEffect, useState } from 'react';
import { useCurrentWorkspace } from '../../lib/workspace-context';

export function useIsAgencyUser(): boolean {
  const { user } = useCurrentWorkspace();
  const [agency, setAgency] = useState(false);
  useEffect(() => {
    let live = true;
    void user
      .getIdTokenResult()
      .then((token) => {
        const claims = token.claims as Record<string, unknown>;
        if (live) setAgency(typeof claims.role === 'string' || typeof claims.agencyId === 'string' || typeof claims.clientId === 'string');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user]);
  return agency;
}
