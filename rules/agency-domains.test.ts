// Rules for agencyDomains/{key}: the domain registry is functions-only.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { beforeEach, describe, it } from 'vitest';
import { ALL_ROLES, DATABASES, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

beforeEach(async () => {
  await w.seed({
    'agencyDomains/app.agency-a.test': { host: 'app.agency-a.test', kind: 'custom', agencyId: 'agA', region: 'na', userId: 'alice' },
    'agencyDomains/email:agency-a.test': { host: 'agency-a.test', kind: 'email', agencyId: 'agA', region: 'na', userId: 'alice' },
  });
});

async function deniedEverything(role: Role) {
  for (const database of DATABASES) {
    const db = w.as(role, database);
    await assertFails(getDoc(doc(db, 'agencyDomains/app.agency-a.test')));
    await assertFails(getDocs(collection(db, 'agencyDomains')));
    await assertFails(getDocs(query(collection(db, 'agencyDomains'), where('agencyId', '==', 'agA'))));
    await assertFails(setDoc(doc(db, 'agencyDomains/new.agency-b.test'), { host: 'new.agency-b.test', kind: 'custom', agencyId: 'agB', region: 'na', userId: 'bob' }));
    await assertFails(updateDoc(doc(db, 'agencyDomains/app.agency-a.test'), { agencyId: 'agB' }));
    await assertFails(deleteDoc(doc(db, 'agencyDomains/app.agency-a.test')));
  }
}

describe('owner (holds app.agency-a.test)', () => {
  it('neither reads nor writes the registry, not even its own entry (functions claim and release)', () => deniedEverything('owner'));
});

describe('stranger (owner of agency B)', () => {
  it('cannot take agency A’s domain: no registry write, and no domain field on its own agency', async () => {
    await deniedEverything('stranger');
    for (const database of DATABASES) {
      const db = w.as('stranger', database);
      await assertFails(updateDoc(doc(db, 'agencies/agB'), { customDomain: 'app.agency-a.test' }));
      await assertFails(updateDoc(doc(db, 'agencies/agB'), { VGsubDomain: 'app.agency-a.test', isVerifiedSubDomain: true }));
      await assertFails(setDoc(doc(db, 'agencies/agB2'), { userId: 'bob', customDomain: 'app.agency-a.test' }));
    }
  });
});

describe('every other role', () => {
  it.each(ALL_ROLES.filter((r) => r !== 'owner' && r !== 'stranger'))('%s is denied every read and write', (role) => deniedEverything(role));
});
