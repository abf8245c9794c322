// Loads the client dashboard's state (./portal-context.tsx): the client record and its org through reactfire's
// listeners (an access change by the agency shows at once), the rest through TanStack Query (callables, one-off reads).
import { useQuery } from '@tanstack/react-query';
import { clientsApi, isRegion, type Region } from '@parley/core';
import type { User } from 'firebase/auth';
import { useEffect, useMemo, useState } from 'react';
import { useFirestore, useSigninCheck } from 'reactfire';
import { callFunction } from '../../lib/functions';
import { useLiveDoc } from '../../lib/live-data';
import { agencyQuery, clientAgentsQuery, clientRef, orgRef, toPortalClient, toPortalOrg } from './client-data';
import { claimsOf, CLIENT_ORG_KEY, type ClientClaims } from './client-session';
import type { PortalState } from './portal-context';

const ALL_PAGES = ['/home', '/voice', '/metrics', '/campaigns', '/convos', '/leads', '/analytics', '/kb', '/channels', '/prompt', '/nodes', '/settings', '/overview', '/tools'];

function useClaims(user: User | null): ClientClaims | null {
  const [claims, setClaims] = useState<ClientClaims | null>(null);
  useEffect(() => {
    if (!user) return setClaims(null);
    let live = true;
    void user.getIdTokenResult().then((r) => {
      if (live) setClaims(claimsOf(user.uid, r.claims));
    });
    return () => {
      live = false;
    };
  }, [user]);
  return claims;
}

/** Loads the dashboard state for the signed-in user; renders children with it (or null while signed out). */
export function usePortalState(regionParam: string | undefined): (PortalState & { status: 'ready' }) | { status: 'loading' | 'signed-out' | 'not-client' } {
  const signin = useSigninCheck();
  const db = useFirestore();
  const region: Region = isRegion(regionParam) ? regionParam : 'na';
  const user = signin.data?.user ?? null;
  const claims = useClaims(user);
  const isAdmin = !!claims?.admin;
  const clientId = claims?.role === 'client' ? claims.clientId : '';
  const client = useLiveDoc(useMemo(() => (clientId ? clientRef(db, clientId) : null), [db, clientId]), toPortalClient);
  const adminOrgs = useQuery({
    queryKey: ['portal', region, 'admin-orgs', user?.uid ?? ''],
    queryFn: () => callFunction(clientsApi.listOrgs, { region }),
    enabled: isAdmin,
    staleTime: 60_000,
  });
  const [chosenOrg, setChosenOrg] = useState(() => localStorage.getItem(CLIENT_ORG_KEY) ?? '');
  const adminOrgList = adminOrgs.data?.orgs.map((o) => o.org) ?? [];
  // A client's org is in its token too: its listener starts beside the client's own, not after it.
  const orgId = isAdmin ? ((adminOrgList.find((o) => o.ID === chosenOrg) ?? adminOrgList[0])?.ID ?? '') : (client.data?.orgId ?? claims?.orgId ?? '');
  const org = useLiveDoc(useMemo(() => (orgId ? orgRef(db, orgId) : null), [db, orgId]), toPortalOrg);
  const widgetIDs = isAdmin ? (org.data?.widgetIDs ?? []) : (client.data?.widgetIDs ?? []);
  const agents = useQuery(clientAgentsQuery(region, widgetIDs, widgetIDs.length > 0 && !org.data?.settings.disableClientAccess));
  const agencyId = claims?.agencyId ?? '';
  const agency = useQuery({ ...agencyQuery(region, agencyId), enabled: !!agencyId });

  const value = useMemo<PortalState | null>(() => {
    if (!user || !claims) return null;
    const access = isAdmin
      ? { canAccess: ALL_PAGES, widgetIDs }
      : { canAccess: client.data?.canAccess ?? [], clientTabOrder: client.data?.clientTabOrder, widgetIDs };
    return {
      user,
      region,
      claims,
      client: client.data ?? null,
      org: org.data ?? null,
      orgs: isAdmin ? adminOrgList.map((o) => ({ ID: o.ID, name: o.name })) : org.data ? [{ ID: org.data.ID, name: org.data.name }] : [],
      selectOrg: (id) => {
        localStorage.setItem(CLIENT_ORG_KEY, id);
        setChosenOrg(id);
      },
      agents: agents.data ?? [],
      agency: agency.data ?? null,
      access,
      isAdmin,
      isOrgAdmin: isAdmin || !!client.data?.isOrgAdmin,
      loading:
        (!!clientId && client.data === undefined && !client.error) ||
        (isAdmin && adminOrgs.isPending) ||
        (!!orgId && org.data === undefined && !org.error) ||
        (widgetIDs.length > 0 && agents.isPending && agents.fetchStatus !== 'idle'),
      error: client.error ?? org.error ?? (agents.error as Error | null) ?? null,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user, claims, region, client.data, client.error, org.data, org.error, agents.data, agents.isPending, agents.fetchStatus, agents.error, agency.data, adminOrgs.data, adminOrgs.isPending, isAdmin, clientId, orgId]);

  if (signin.status === 'loading' || (user && !claims)) return { status: 'loading' };
  if (!signin.data?.signedIn || !value) return { status: 'signed-out' };
  if (!isAdmin && claims?.role !== 'client') return { status: 'not-client' };
  return { ...value, status: 'ready' };
}

