// Rules for an org's audit log orgs/{orgId}/auditLog/{entryId}: the agency owner reads; functions write.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, EU, ids, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const entry = (orgId: string, ID: string) => ({
  ID, orgId, ts: 1, actor: { kind: 'agency', uid: 'alice', label: 'alice@a.test' }, action: 'client.update',
  target: { type: 'client', id: 'cA', label: 'ca@client.test' }, changes: [{ field: 'canAccess', from: ['/home'], to: ['/home', '/convos'] }],
});

beforeEach(async () => {
  for (const database of DATABASES) {
    await w.seed({ 'orgs/orgA/auditLog/e1': entry('orgA', 'e1'), 'orgs/orgB/auditLog/e1': entry('orgB', 'e1') }, database);
  }
});

const listA = (role: Role, database?: typeof EU) => getDocs(collection(w.as(role, database), 'orgs/orgA/auditLog'));

describe('owner (agency owner of orgA)', () => {
  it('reads and lists its org’s audit log, in both regions', async () => {
    for (const database of DATABASES) {
      expect(ids(await assertSucceeds(getDocs(collection(w.as('owner', database), 'orgs/orgA/auditLog'))))).toEqual(['e1']);
      await assertSucceeds(getDoc(doc(w.as('owner', database), 'orgs/orgA/auditLog/e1')));
    }
  });

  it('lists an empty audit log', async () => {
    await w.withEmptyCollection('orgs/orgA/auditLog', async () => {
      expect((await assertSucceeds(listA('owner'))).size).toBe(0);
    });
  });

  it('may not list every org’s log (collection group) nor read another agency’s', async () => {
    await assertFails(getDocs(collectionGroup(w.as('owner'), 'auditLog')));
    await assertFails(getDoc(doc(w.as('owner'), 'orgs/orgB/auditLog/e1')));
  });

  it('may not write, rewrite or delete an entry (functions only)', async () => {
    const db = w.as('owner');
    await assertFails(setDoc(doc(db, 'orgs/orgA/auditLog/forged'), entry('orgA', 'forged')));
    await assertFails(updateDoc(doc(db, 'orgs/orgA/auditLog/e1'), { changes: [] }));
    await assertFails(deleteDoc(doc(db, 'orgs/orgA/auditLog/e1')));
  });
});

describe.each(['client', 'orgAdmin', 'otherClient', 'member', 'squatter', 'stranger', 'clientNamedAlice', 'anon'] as const)('%s', (role) => {
  it('reads no audit log and writes none, in either region', async () => {
    for (const database of DATABASES) {
      await assertFails(getDocs(collection(w.as(role, database), 'orgs/orgA/auditLog')));
      await assertFails(getDoc(doc(w.as(role, database), 'orgs/orgA/auditLog/e1')));
      await assertFails(setDoc(doc(w.as(role, database), 'orgs/orgA/auditLog/x'), entry('orgA', 'x')));
    }
  });
});
