// The agency's organisations and their client users, live from Firestore as the rules let their owner read them (a
// change made in another tab, or by a function, shows at once); the org's audit log and every change go through the
// clients callables, which check who may change what and write the audit log.
import { queryOptions } from '@tanstack/react-query';
import { clientsApi, COLLECTIONS, storedClientSchema, storedOrgSchema, type CallableInput, type Region } from '@parley/core';
import { collection, doc, query, where, type Firestore } from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore } from 'reactfire';
import { callFunction } from '../../lib/functions';
import { useLiveCollection, useLiveDoc, type Live, type LiveRow } from '../../lib/live-data';

export type OrgSummary = clientsApi.OrgSummary;
export type OrgRecord = clientsApi.OrgRecord;
export type ClientRecord = clientsApi.ClientRecord;
export type AuditEntry = clientsApi.AuditEntry;
export const CLIENT_MESSAGES = clientsApi.CLIENTS_MESSAGES;

export const clientsKeys = {
  all: (region: Region) => ['clients', region] as const,
  audit: (region: Region, orgId: string) => ['clients', region, 'audit', orgId] as const,
};

export function auditQuery(region: Region, orgId: string) {
  return queryOptions({
    queryKey: clientsKeys.audit(region, orgId),
    queryFn: () => callFunction(clientsApi.listOrgAuditLog, { region, orgId, limit: clientsApi.AUDIT_PAGE_SIZE }).then((r) => r.entries),
  });
}

export const createOrg = (input: CallableInput<typeof clientsApi.createOrg>) => callFunction(clientsApi.createOrg, input);
export const updateOrg = (input: CallableInput<typeof clientsApi.updateOrg>) => callFunction(clientsApi.updateOrg, input);
export const transferCredits = (input: CallableInput<typeof clientsApi.transferCredits>) => callFunction(clientsApi.transferCredits, input);
export const createClient = (input: CallableInput<typeof clientsApi.createClient>) => callFunction(clientsApi.createClient, input);
export const updateClient = (input: CallableInput<typeof clientsApi.updateClient>) => callFunction(clientsApi.updateClient, input);
export const resetClientPassword = (input: CallableInput<typeof clientsApi.resetClientPassword>) => callFunction(clientsApi.resetClientPassword, input);

/** Credits show with one decimal. */
export function formatCredits(value: number | undefined): string {
  return (Number.isFinite(value) ? (value as number) : 0).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** An audit value as one short line. */
export function auditValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An org as the pages show it (every stored field: none is secret); null when it is gone or does not fit. */
export function toOrgRecord(row: LiveRow | undefined): OrgRecord | null {
  const stored = storedOrgSchema.safeParse(row);
  const record = stored.success ? clientsApi.orgRecordSchema.safeParse(stored.data) : null;
  return row && record?.success ? record.data : null;
}

/** A client as the pages show it: the answered fields only (never a password, its hash or a push token). */
function toClientRecord(row: LiveRow): ClientRecord | null {
  const stored = storedClientSchema.safeParse(row);
  const record = stored.success ? clientsApi.clientRecordSchema.safeParse(stored.data) : null;
  return record?.success ? record.data : null;
}

const toOrgRecords = (rows: LiveRow[]) => rows.map(toOrgRecord).filter((org): org is OrgRecord => org !== null);
const toClientRecords = (rows: LiveRow[]) => rows.map(toClientRecord).filter((client): client is ClientRecord => client !== null);

/** The rules let the agency owner list orgs only with `ownerID ==` its uid (orgs are the owner's own, not its team's). */
export const ownOrgsQuery = (db: Firestore, ownerID: string) => query(collection(db, COLLECTIONS.orgs), where('ownerID', '==', ownerID));

/** The rules let the org's owner (and its org admins) list clients only with `orgId ==` the org. */
export const orgClientsQuery = (db: Firestore, orgId: string) => query(collection(db, COLLECTIONS.clients), where('orgId', '==', orgId));

/** The signed-in agency owner's organisations, live. */
export function useOwnOrgs(ownerID: string): Live<OrgRecord[]> {
  const db = useFirestore();
  return useLiveCollection(useMemo(() => ownOrgsQuery(db, ownerID), [db, ownerID]), toOrgRecords);
}

/** An organisation's client users, live. */
export function useOrgClients(orgId: string): Live<ClientRecord[]> {
  const db = useFirestore();
  return useLiveCollection(useMemo(() => orgClientsQuery(db, orgId), [db, orgId]), toClientRecords);
}

/**
 * The org a drawer edits: the one handed in (the Clients page's live list), else read live by id (an org admin reads
 * its own org; the rules allow it); null for a new org.
 */
export function useDrawerOrg(orgId: string | null, given: OrgRecord | null | undefined, opened: boolean): { org: OrgRecord | null; loading: boolean } {
  const db = useFirestore();
  const listed = given !== undefined;
  const read = useLiveDoc(useMemo(() => (opened && orgId && !listed ? doc(db, COLLECTIONS.orgs, orgId) : null), [db, opened, orgId, listed]), toOrgRecord);
  return { org: listed ? given : (read.data ?? null), loading: read.isLoading };
}
