// Rules for users/{uid}/eventDeliveries/{id} and users/{uid}/workspaceLogs/{id}: no client reads or writes them
// (the events and logs callables serve them to the workspace's owner and members).
import { assertFails } from '@firebase/rules-unit-testing';
import { addDoc, collection, collectionGroup, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES, DATABASES, EU, NA, useWorld } from './world.ts';

const w = useWorld();

const DOCS = {
  'users/alice/eventDeliveries/msg_1': { type: 'new-agent', status: 'delivered', endpoint: 'https://hooks.a.test/', body: '{}', createdAt: 1, attempts: [] },
  'users/alice/workspaceLogs/log1': { type: 'error', channel: 'web', agentId: 'agentA1', content: 'Failed', metadata: '{}', createdAt: 1 },
};

beforeAll(async () => {
  await w.seed(DOCS, NA);
  await w.seed(DOCS, EU);
});

describe('functions (rules disabled)', () => {
  it('the delivery and the log exist, so the denials below are rules, not absence', async () => {
    expect(await w.read('users/alice/eventDeliveries/msg_1')).not.toBeNull();
    expect(await w.read('users/alice/workspaceLogs/log1', EU)).not.toBeNull();
  });
});

describe.each(['eventDeliveries', 'workspaceLogs'])('users/{uid}/%s', (name) => {
  const one = name === 'eventDeliveries' ? 'msg_1' : 'log1';

  it('no role reads one or lists them, in either database (the owner included: its secrets-free view is a callable)', async () => {
    for (const role of ALL_ROLES) {
      for (const database of DATABASES) {
        await assertFails(getDoc(doc(w.as(role, database), `users/alice/${name}/${one}`)));
        await assertFails(getDocs(collection(w.as(role, database), `users/alice/${name}`)));
      }
    }
    await assertFails(getDocs(collectionGroup(w.as('owner'), name)));
  });

  it('nobody writes, changes or deletes one (a forged delivery or log would mislead the owner)', async () => {
    for (const role of ALL_ROLES) {
      await assertFails(addDoc(collection(w.as(role), `users/alice/${name}`), { type: 'error', content: 'forged', createdAt: 2 }));
      await assertFails(setDoc(doc(w.as(role), `users/alice/${name}/${one}`), { status: 'delivered' }, { merge: true }));
      await assertFails(deleteDoc(doc(w.as(role), `users/alice/${name}/${one}`)));
    }
  });
});
