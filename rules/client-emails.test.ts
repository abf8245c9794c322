// Rules for clientEmails/{key}, which client holds an e-mail within an agency: functions only.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { beforeAll, describe, it } from 'vitest';
import { ALL_ROLES, DATABASES, useWorld } from './world.ts';

const w = useWorld();

const hold = { ownerUid: 'alice', clientId: 'cA', orgId: 'orgA', region: 'na', at: 1 };

beforeAll(async () => {
  for (const database of DATABASES) await w.seed({ 'clientEmails/k1': hold }, database);
}, 60_000);

describe.each(ALL_ROLES)('%s', (role) => {
  it('neither reads, lists, takes, moves nor frees a hold, in either region', async () => {
    for (const database of DATABASES) {
      const db = w.as(role, database);
      await assertFails(getDoc(doc(db, 'clientEmails/k1')));
      await assertFails(getDocs(collection(db, 'clientEmails')));
      await assertFails(getDocs(query(collection(db, 'clientEmails'), where('ownerUid', '==', 'alice'))));
      await assertFails(setDoc(doc(db, 'clientEmails/k2'), { ...hold, clientId: 'cNew' }));
      await assertFails(updateDoc(doc(db, 'clientEmails/k1'), { clientId: 'cB' }));
      await assertFails(deleteDoc(doc(db, 'clientEmails/k1')));
    }
  });
});
