// The signed-in client's dashboard state, shared by the shell, its top bar and the agent frame: who signed in
// (a client, or the agency owner through the admin link), their client record and org (live), the orgs they can
// switch between, the agents they may open and their agency.
import { useQuery } from '@tanstack/react-query';
import { clientsApi, isRegion, type Region } from '@parley/core';
import type { User } from 'firebase/auth';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { callFunction } from '../../lib/functions';
import { useLiveQuery } from '../../lib/live-query';
import { useSession } from '../../lib/session';
import { agencyQuery, clientAgentsQuery, liveClient, liveOrg, portalKeys, type PortalAgency, type PortalAgent, type PortalClient, type PortalOrg } from './client-data';
import { claimsOf, CLIENT_ORG_KEY, type ClientClaims } from './client-session';

export interface PortalState {
  user: User;
  region: Region;
  claims: ClientClaims;
  /** The client record (null for the agency owner signed in as admin). */
  client: PortalClient | null;
  org: PortalOrg | null;
  /** Orgs the user can switch between (the admin: every org of the agency). */
  orgs: { ID: string; name: string }[];
  selectOrg(orgId: string): void;
  agents: PortalAgent[];
  agency: PortalAgency | null;
  /** What the client may open (an admin may open every tab of the org's agents). */
  access: { canAccess: string[]; clientTabOrder?: string[] | undefined; widgetIDs: string[] };
  isAdmin: boolean;
  isOrgAdmin: boolean;
  loading: boolean;
  error: Error | null;
}

const PortalContext = createContext<PortalState | null>(null);
export const PortalContextProvider = PortalContext.Provider;

export function usePortal(): PortalState {
  const value = useContext(PortalContext);
  if (!value) throw new Error('usePortal must be used inside the client dashboard');
  return value;
}

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
  const session = useSession();
  const region: Region = isRegion(regionParam) ? regionParam : 'na';
  const user = session.status === 'signed-in' ? session.user : null;
  const claims = useClaims(user);
  const isAdmin = !!claims?.admin;
  const clientId = claims?.role === 'client' ? claims.clientId : '';
  const client = useLiveQuery(portalKeys.client(region, clientId), clientId ? liveClient(region, clientId) : null);
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
  const org = useLiveQuery(portalKeys.org(region, orgId), orgId ? liveOrg(region, orgId) : null);
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

  if (session.status === 'loading' || (user && !claims)) return { status: 'loading' };
  if (session.status === 'signed-out' || !value) return { status: 'signed-out' };
  if (!isAdmin && claims?.role !== 'client') return { status: 'not-client' };
  return { ...value, status: 'ready' };
}

export function PortalProvider({ value, children }: { value: PortalState; children: ReactNode }) {
  return <PortalContextProvider value={value}>{children}</PortalContextProvider>;
}
