// What the clients feature answers: allowlisted client records (never a password or its hash) and org records.
import { clientRecordSchema, orgRecordSchema, type ClientRecord, type OrgRecord } from './api';
import type { StoredClient, StoredOrg } from './org-client-reads';

/** The client as answered: clientRecordSchema strips every field it does not list (dashboardPassword, FB_PUSH_TOKEN …). */
export const clientRecord = (client: StoredClient): ClientRecord => clientRecordSchema.parse(client);
export const orgRecord = (org: StoredOrg): OrgRecord => orgRecordSchema.parse(org);
