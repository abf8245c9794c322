// Rules for events/{id} (sign-up events recorded by POST /events/new-user): no client access.
import { addDoc, collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld();

describe('functions (admin SDK)', () => {
  it('the recorded event exists in both databases', async () => {
    expect(await w.read('events/e1')).not.toBeNull();
    expect(await w.read('events/e1', EU)).not.toBeNull();
  });

  it('the user the event is about still reads its own workspace', async () => {
    expect((await getDoc(doc(w.as('owner'), 'users/alice'))).exists()).toBe(true);
  });

  it('a workspace user still reads its agents beside the denied events', async () => {
    expect((await getDoc(doc(w.as('owner', EU), 'voiceglow/agentA1'))).exists()).toBe(true);
  });
});

describe('clients of the data store', () => {
  it('even the user the event is about cannot read it', async () => {
    await expectDenied(getDoc(doc(w.as('owner'), 'events/e1')));
    await expectDenied(getDocs(collection(w.as('owner', EU), 'events')));
  });

  it('nobody forges sign-up events', async () => {
    await expectDenied(addDoc(collection(w.as('anon'), 'events'), { type: 'new-user', uid: 'x' }));
    await expectDenied(setDoc(doc(w.as('stranger'), 'events/e2'), { type: 'new-user', uid: 'bob' }));
  });

  it('clients and visitors neither read nor delete events', async () => {
    await expectDenied(getDoc(doc(w.as('client'), 'events/e1')));
    await expectDenied(deleteDoc(doc(w.as('anon'), 'events/e1')));
  });
});
