// The org's audit log (orgs/{orgId}/auditLog/{id}): written by the function that makes a change, in the same
// transaction or batch, so a change is never without its entry. Secrets appear only as "changed" (redacted).
import { newDocId, paths } from '@parley/core';
import { type AuditAction, type AuditChange, type AuditEntry } from './api';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import type { OrgActor } from '../access';

export const AUDIT_COLLECTION = 'auditLog';

export const auditCollection = (db: Firestore, orgId: string) => db.collection(`${paths.org(orgId)}/${AUDIT_COLLECTION}`);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What changed among `fields` (nested objects such as settings compared key by key: `settings.disableHandoff`). */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = before[field];
    const to = after[field];
    if (to && typeof to === 'object' && !Array.isArray(to)) {
      const fromObj = from && typeof from === 'object' ? (from as Record<string, unknown>) : {};
      for (const [key, value] of Object.entries(to as Record<string, unknown>)) {
        if (!same(fromObj[key], value)) changes.push({ field: `${field}.${key}`, from: fromObj[key] ?? null, to: value });
      }
    } else if (!same(from, to)) {
      changes.push({ field, from: from ?? null, to: to ?? null });
    }
  }
  return changes;
}

export interface AuditInput {
  orgId: string;
  actor: OrgActor | { kind: 'client'; uid: string; label: string };
  action: AuditAction;
  target: AuditEntry['target'];
  changes: AuditChange[];
  now?: number;
}

export function auditEntry(input: AuditInput): { ref: (db: Firestore) => DocumentReference; data: AuditEntry } {
  const ID = newDocId();
  const data: AuditEntry = {
    ID,
    orgId: input.orgId,
    ts: input.now ?? Date.now(),
    actor: { kind: input.actor.kind, uid: input.actor.uid, label: input.actor.label },
    action: input.action,
    target: input.target,
    changes: input.changes,
  };
  return { ref: (db) => auditCollection(db, input.orgId).doc(ID), data };
}
