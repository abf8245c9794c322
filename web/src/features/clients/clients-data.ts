// The agency's organisations with their clients and counts, the org's audit log, and the changes (all through the
// clients callables, which check who may change what and write the audit log).
import { queryOptions } from '@tanstack/react-query';
import { clientsApi, storedOrgSchema, type CallableInput, type Region } from '@parley/core';
import { doc, getDoc } from 'firebase/firestore/lite';
import { db } from '../../lib/firestore';
import { callFunction } from '../../lib/functions';

export type OrgSummary = clientsApi.OrgSummary;
export type OrgRecord = clientsApi.OrgRecord;
export type ClientRecord = clientsApi.ClientRecord;
export type AuditEntry = clientsApi.AuditEntry;
export const CLIENT_MESSAGES = clientsApi.CLIENTS_MESSAGES;

export const clientsKeys = {
  all: (region: Region) => ['clients', region] as const,
  orgs: (region: Region) => ['clients', region, 'orgs'] as const,
  audit: (region: Region, orgId: string) => ['clients', region, 'audit', orgId] as const,
};

export function orgsQuery(region: Region) {
  return queryOptions({ queryKey: clientsKeys.orgs(region), queryFn: () => callFunction(clientsApi.listOrgs, { region }).then((r) => r.orgs) });
}

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

/** One org as its reader may see it (an org admin reads its own org directly; the rules allow it). */
export function orgQuery(region: Region, orgId: string) {
  return queryOptions({
    queryKey: ['clients', region, 'org', orgId] as const,
    queryFn: async (): Promise<OrgRecord | null> => {
      const snap = await getDoc(doc(db(region), 'orgs', orgId));
      if (!snap.exists()) return null;
      const parsed = storedOrgSchema.safeParse({ ...snap.data(), ID: snap.id });
      return parsed.success ? (parsed.data as OrgRecord) : null;
    },
  });
}
