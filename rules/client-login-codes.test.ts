// Rules for pending client sign-in codes clientLoginCodes/{key}: functions only.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore/lite';
import { beforeAll, describe, it } from 'vitest';
import { ALL_ROLES, DATABASES, useWorld } from './world.ts';

const w = useWorld();

const code = { codeHash: 'h', tokenHash: 't', salt: 's', agencyId: 'agA', ownerUid: 'alice', clientId: 'cA', orgId: 'orgA', email: 'ca@client.test', widgetIDs: ['agentA1'], expiresAt: 9e15, attempts: 0 };

beforeAll(async () => {
  for (const database of DATABASES) await w.seed({ 'clientLoginCodes/k1': code }, database);
}, 60_000);

describe.each(ALL_ROLES)('%s', (role) => {
  it('neither reads, lists, writes nor deletes a sign-in code, in either region', async () => {
    for (const database of DATABASES) {
      const db = w.as(role, database);
      await assertFails(getDoc(doc(db, 'clientLoginCodes/k1')));
      await assertFails(getDocs(collection(db, 'clientLoginCodes')));
      await assertFails(setDoc(doc(db, 'clientLoginCodes/k2'), { ...code, attempts: 0 }));
      await assertFails(deleteDoc(doc(db, 'clientLoginCodes/k1')));
    }
  });
});
