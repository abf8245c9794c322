// Rules for events/{id} (sign-up events recorded by POST /events/new-user): no client access.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { addDoc, collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { ALL_ROLES, DATABASES, EU, useWorld } from './world.ts';

const w = useWorld();

describe('functions (rules disabled)', () => {
  it('the recorded event exists in both databases, so the denials below are rules, not absence', async () => {
    expect(await w.read('events/e1')).not.toBeNull();
    expect(await w.read('events/e1', EU)).not.toBeNull();
  });
});

describe('owner', () => {
  it('still reads its workspace and agents beside the denied events', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner'), 'users/alice')))).exists()).toBe(true);
    expect((await assertSucceeds(getDoc(doc(w.as('owner', EU), 'voiceglow/agentA1')))).exists()).toBe(true);
  });

  it('even the user the event is about cannot read it, in either database', async () => {
    await assertFails(getDoc(doc(w.as('owner'), 'events/e1')));
    await assertFails(getDocs(collection(w.as('owner', EU), 'events')));
  });
});

describe('stranger', () => {
  it('forges no sign-up event', async () => {
    await assertFails(setDoc(doc(w.as('stranger'), 'events/e2'), { type: 'new-user', uid: 'bob' }));
  });
});

describe('client', () => {
  it('reads no event', async () => {
    await assertFails(getDoc(doc(w.as('client'), 'events/e1')));
  });
});

describe('anon', () => {
  it('neither forges nor deletes events', async () => {
    await assertFails(addDoc(collection(w.as('anon'), 'events'), { type: 'new-user', uid: 'x' }));
    await assertFails(deleteDoc(doc(w.as('anon'), 'events/e1')));
  });
});

describe.each(ALL_ROLES)('%s, in both databases', (role) => {
  it('reads, lists, writes and deletes no event', async () => {
    for (const database of DATABASES) {
      const db = w.as(role, database);
      await assertFails(getDoc(doc(db, 'events/e1')));
      await assertFails(getDocs(collection(db, 'events')));
      await assertFails(setDoc(doc(db, 'events/forged'), { type: 'new-user', uid: 'forged' }));
      await assertFails(deleteDoc(doc(db, 'events/e1')));
    }
  });
});
