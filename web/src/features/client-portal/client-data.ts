// What the client dashboard reads, as the rules allow a client: its own record and its org (live, so an access
// change by the agency shows at once), the agents in its widgetIDs (one get each: the rules judge a client's agent
// read per document), and its agency (branding, sending domain).
import { queryOptions } from '@tanstack/react-query';
import { doc as liveDoc, type Firestore } from 'firebase/firestore';
import { doc, getDoc } from 'firebase/firestore/lite';
import { COLLECTIONS, redactClient, storedClientSchema, storedOrgSchema, type Client, type Org, type Region } from '@parley/core';
import { db } from '../../lib/firestore';
import type { LiveRow } from '../../lib/live-data';
import { isPermissionDenied } from '../../lib/workspace-data';

export type PortalClient = Omit<Client, 'dashboardPassword' | 'FB_PUSH_TOKEN'>;
export type PortalOrg = Org;
export interface PortalAgent {
  ID: string;
  title?: string;
  agentPlatform?: string;
  enableNodes?: boolean;
  ownerID?: string;
  [key: string]: unknown;
}
export interface PortalAgency {
  ID: string;
  name?: string;
  squarePhotoURL?: string;
  darkModeSquarePhotourl?: string;
  resendEmailDomain?: string;
  resendEmailDomainStatus?: string;
  supportEmail?: string;
  settings?: { disablePasswordLogin?: boolean; showPoweredBy?: boolean };
}

export const portalKeys = {
  agents: (region: Region, ids: readonly string[]) => ['portal', region, 'agents', ...ids] as const,
  agency: (region: Region, agencyId: string) => ['portal', region, 'agency', agencyId] as const,
};

export const clientRef = (live: Firestore, clientId: string) => liveDoc(live, 'clients', clientId);
export const orgRef = (live: Firestore, orgId: string) => liveDoc(live, 'orgs', orgId);

/** The client's own record as the dashboard may hold it (its secrets left out); null when it is gone or not one. */
export function toPortalClient(row: LiveRow | undefined): PortalClient | null {
  const parsed = storedClientSchema.safeParse(row);
  return row && parsed.success ? (redactClient(parsed.data) as PortalClient) : null;
}

export function toPortalOrg(row: LiveRow | undefined): PortalOrg | null {
  const parsed = storedOrgSchema.safeParse(row);
  return row && parsed.success ? parsed.data : null;
}

/** A document with its id, or null when it is not there or the rules do not let the client read it. */
async function readIfAllowed<T>(region: Region, collection: string, id: string): Promise<T | null> {
  try {
    const snap = await getDoc(doc(db(region), collection, id));
    return snap.exists() ? ({ ...snap.data(), ID: snap.id } as T) : null;
  } catch (error) {
    if (isPermissionDenied(error)) return null;
    throw error;
  }
}

/** The agents a client may read, in widgetIDs order; ones it may not read (or that are gone) are left out. */
export async function fetchClientAgents(region: Region, ids: readonly string[]): Promise<PortalAgent[]> {
  const found = await Promise.all(ids.map((id) => readIfAllowed<PortalAgent>(region, COLLECTIONS.agents, id)));
  return found.filter((a): a is PortalAgent => !!a);
}

export function clientAgentsQuery(region: Region, ids: readonly string[], enabled: boolean) {
  return queryOptions({ queryKey: portalKeys.agents(region, ids), queryFn: () => fetchClientAgents(region, ids), staleTime: 60_000, enabled });
}

export async function fetchAgency(region: Region, agencyId: string): Promise<PortalAgency | null> {
  return agencyId ? readIfAllowed<PortalAgency>(region, COLLECTIONS.agencies, agencyId) : null;
}

export function agencyQuery(region: Region, agencyId: string) {
  return queryOptions({ queryKey: portalKeys.agency(region, agencyId), queryFn: () => fetchAgency(region, agencyId), staleTime: 5 * 60_000 });
}

/** Send Feedback shows only when the agency has a verified sending domain. */
export const hasVerifiedSendingDomain = (agency: PortalAgency | null | undefined): boolean =>
  !!agency?.resendEmailDomain && agency.resendEmailDomainStatus === 'verified';
