// The clients contracts' constants and types (core exports contracts per feature namespace: clientsApi).
import { clientsApi } from '@parley/core';

export const {
  CLIENTS_MESSAGES, CLIENT_PASSWORD_MIN, CREDIT_TRANSFER_DECIMALS, LOGIN_CODE, ROOT_ADMIN_CLIENT_FIELDS, ROOT_ADMIN_ORG_FIELDS,
  auditEntrySchema, clientRecordSchema, orgRecordSchema,
} = clientsApi;
export type AuditAction = clientsApi.AuditAction;
export type AuditChange = clientsApi.AuditChange;
export type AuditEntry = clientsApi.AuditEntry;
export type ClientPatch = clientsApi.ClientPatch;
export type OrgPatch = clientsApi.OrgPatch;
export type ClientRecord = clientsApi.ClientRecord;
export type OrgRecord = clientsApi.OrgRecord;
export type ClientSession = clientsApi.ClientSession;
