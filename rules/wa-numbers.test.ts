// Rules for waNumbers/{id} (long-lived WhatsApp tokens; written by connectWhatsappNumber / removeWhatsappNumber).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { EU, useWorld, type Role } from './world.ts';

const w = useWorld();

// The number list of an agent: where agentId == the agent.
const byAgent = (role: Role, agentId: string) => getDocs(query(collection(w.as(role), 'waNumbers'), where('agentId', '==', agentId)));
const everyNumber = (role: Role) => getDocs(collection(w.as(role), 'waNumbers'));

describe('owner', () => {
  it('lists its agent’s numbers with where agentId == the agent', async () => {
    expect((await assertSucceeds(byAgent('owner', 'agentA1'))).docs.map((d) => d.data().phoneNumber)).toEqual(['+1555']);
  });

  it('is denied the same list without the agentId constraint', async () => {
    await assertFails(everyNumber('owner'));
  });

  it('lists an empty collection with the constraint (still denied without it)', async () => {
    await w.withEmptyCollection('waNumbers', async () => {
      expect((await assertSucceeds(byAgent('owner', 'agentA1'))).size).toBe(0);
      await assertFails(everyNumber('owner'));
    });
  });

  it('writes no number from the client', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'waNumbers/wNew'), { agentId: 'agentA1', phoneId: 'p', wabaId: 'w', longAccessToken: 't', phoneNumber: '+1' }));
    await assertFails(updateDoc(doc(w.as('owner'), 'waNumbers/wA'), { agentId: 'agentA2' }));
    await assertFails(deleteDoc(doc(w.as('owner'), 'waNumbers/wA')));
  });

  it('EU database: reads there too', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner', EU), 'waNumbers/wA')))).exists()).toBe(true);
  });
});

describe('member', () => {
  it('reads a number', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('member'), 'waNumbers/wA')))).exists()).toBe(true);
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(getDoc(doc(w.as('member', EU), 'waNumbers/wA')));
  });
});

describe('stranger', () => {
  it('reads its own number', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('stranger'), 'waNumbers/wB')))).exists()).toBe(true);
  });

  it('reads no number of alice’s agent', async () => {
    await assertFails(getDoc(doc(w.as('stranger'), 'waNumbers/wA')));
    await assertFails(byAgent('stranger', 'agentA1'));
  });
});

describe('client', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('client'), 'waNumbers/wA')));
  });
});

describe('orgAdmin', () => {
  it('reads nothing', async () => {
    await assertFails(byAgent('orgAdmin', 'agentA1'));
  });
});

describe('otherClient', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('otherClient'), 'waNumbers/wB')));
  });
});

describe('clientNamedAlice', () => {
  it('with the owner’s uid, reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('clientNamedAlice'), 'waNumbers/wA')));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('anon'), 'waNumbers/wA')));
  });
});
