// Rules for credit usage logs users/{uid}/creditUsageLogs/{id} (written by the metering function).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { addDoc, collection, collectionGroup, deleteDoc, doc, getDoc, getDocs } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, NA, useWorld, type Database, type Role } from './world.ts';

const w = useWorld();

const LOGS = 'users/alice/creditUsageLogs';
const list = (role: Role, path = LOGS, database: Database = NA) => getDocs(collection(w.as(role, database), path));
const acrossWorkspaces = (role: Role) => getDocs(collectionGroup(w.as(role), 'creditUsageLogs'));

describe('owner', () => {
  it('lists its workspace’s logs (the workspace in the path)', async () => {
    expect((await assertSucceeds(list('owner'))).docs.map((d) => d.data().amount)).toEqual([2]);
  });

  it('is denied the same list across every workspace (collection group)', async () => {
    await assertFails(acrossWorkspaces('owner'));
  });

  it('lists an empty log (still denied across workspaces)', async () => {
    await w.withEmptyCollection(LOGS, async () => {
      expect((await assertSucceeds(list('owner'))).size).toBe(0);
      await assertFails(acrossWorkspaces('owner'));
    });
  });

  it('adds and deletes no log from the client', async () => {
    await assertFails(addDoc(collection(w.as('owner'), LOGS), { amount: -1000, direction: 'increase' }));
    await assertFails(deleteDoc(doc(w.as('owner'), `${LOGS}/l1`)));
  });

  it('EU database: lists there too', async () => {
    expect((await assertSucceeds(list('owner', LOGS, EU))).size).toBe(1);
  });
});

describe('member', () => {
  it('reads the logs', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('member'), `${LOGS}/l1`)))).exists()).toBe(true);
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(list('member', LOGS, EU));
  });
});

describe('stranger', () => {
  it('reads its own logs but not alice’s', async () => {
    expect((await assertSucceeds(list('stranger', 'users/bob/creditUsageLogs'))).size).toBe(1);
    await assertFails(list('stranger'));
  });
});

describe('client', () => {
  it('reads nothing', async () => {
    await assertFails(list('client'));
  });
});

describe('orgAdmin', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('orgAdmin'), `${LOGS}/l1`)));
  });
});

describe('otherClient', () => {
  it('reads nothing, not even its agency owner’s logs', async () => {
    await assertFails(list('otherClient', 'users/bob/creditUsageLogs'));
  });
});

describe('clientNamedAlice', () => {
  it('with the owner’s uid, reads nothing', async () => {
    await assertFails(list('clientNamedAlice'));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('anon'), `${LOGS}/l1`)));
  });
});
