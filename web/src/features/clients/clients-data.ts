// The agency's organisations (orgs where ownerID = the agency owner) and their client users (clients where orgId =
// the org), live: a change made through a callable (or in another tab) shows without a reload. Stored documents are
// parsed with @parley/core's schemas, which fill in the spec's defaults.
import { redactClient, storedClientSchema, storedOrgSchema, type Client, type Org, type Region } from '@parley/core';
import { querySnapshots, type LiveSource } from '../../lib/firestore-live';

export type OrgRow = Org;
export type ClientRow = Omit<Client, 'dashboardPassword' | 'FB_PUSH_TOKEN'>;

export const clientsKeys = {
  orgs: (region: Region, ownerID: string) => ['orgs', region, ownerID] as const,
  clients: (region: Region, orgId: string) => ['org-clients', region, orgId] as const,
  audit: (region: Region, orgId: string) => ['org-audit', region, orgId] as const,
};

export function parseOrg(id: string, data: Record<string, unknown>): OrgRow | null {
  const parsed = storedOrgSchema.safeParse({ ...data, ID: id });
  return parsed.success ? parsed.data : null;
}

export function parseClient(id: string, data: Record<string, unknown>): ClientRow | null {
  const parsed = storedClientSchema.safeParse({ ...data, ID: id });
  return parsed.success ? (redactClient(parsed.data) as ClientRow) : null;
}

/** Organisations of the agency owner, by name. */
export function liveOrgs(region: Region, ownerID: string): LiveSource<OrgRow[]> {
  return querySnapshots(
    region,
    ({ sdk, db }) => sdk.query(sdk.collection(db, 'orgs'), sdk.where('ownerID', '==', ownerID)),
    (snap) =>
      snap.docs
        .map((d) => parseOrg(d.id, d.data()))
        .filter((o): o is OrgRow => !!o)
        .sort((a, b) => a.name.localeCompare(b.name)),
  );
}

/** Client users of one organisation, by name then e-mail. */
export function liveOrgClients(region: Region, orgId: string): LiveSource<ClientRow[]> {
  return querySnapshots(
    region,
    ({ sdk, db }) => sdk.query(sdk.collection(db, 'clients'), sdk.where('orgId', '==', orgId)),
    (snap) =>
      snap.docs
        .map((d) => parseClient(d.id, d.data()))
        .filter((c): c is ClientRow => !!c)
        .sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email)),
  );
}

/** Credits show with one decimal. */
export function formatCredits(value: number | undefined): string {
  return (Number.isFinite(value) ? (value as number) : 0).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
