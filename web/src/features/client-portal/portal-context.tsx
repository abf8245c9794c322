// The signed-in client's dashboard state, shared by the shell, its top bar and the agent frame: who signed in
// (a client, or the agency owner through the admin link), their client record and org (live), the orgs they can
// switch between, the agents they may open and their agency. The dashboard loads it (./use-portal-state.ts).
import type { Region } from '@parley/core';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { requiredContext } from '../../lib/required-context';
import type { PortalAgency, PortalAgent, PortalClient, PortalOrg } from './client-data';
import type { ClientClaims } from './client-session';

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

const context = requiredContext<PortalState>('usePortal must be used inside the client dashboard');
export const PortalContextProvider = context.Provider;
export const usePortal = context.useRequired;

export function PortalProvider({ value, children }: { value: PortalState; children: ReactNode }) {
  return <PortalContextProvider value={value}>{children}</PortalContextProvider>;
}
