// Rules for waNumbers/{id} (WhatsApp numbers and the agent answering them; written by functions only). The
// long-lived token is not on the record: it lives in waNumbers/{id}/private/secrets (see private-secrets.test.ts).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
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
  it('reads a number, which carries no token', async () => {
    const record = (await assertSucceeds(getDoc(doc(w.as('member'), 'waNumbers/wA')))).data();
    expect(record).toMatchObject({ phoneNumber: '+1555' });
    expect(JSON.stringify(record)).not.toContain('long');
  });

  it('cannot read the number’s token (private/secrets)', async () => {
    await assertFails(getDoc(doc(w.as('member'), 'waNumbers/wA/private/secrets')));
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(getDoc(doc(w.as('member', EU), 'waNumbers/wA')));
  });
});

describe('squatter (signed up first with the invited mia@a.test, never verified it)', () => {
  it('reads neither the number nor its token', async () => {
    await assertFails(getDoc(doc(w.as('squatter'), 'waNumbers/wA')));
    await assertFails(byAgent('squatter', 'agentA1'));
    await assertFails(getDoc(doc(w.as('squatter'), 'waNumbers/wA/private/secrets')));
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

describe('owner (what the functions keep beside a number)', () => {
  it('reads no customer window (waNumbers/{id}/contacts) and cannot forge one', async () => {
    await w.seed({ 'waNumbers/wA/contacts/15550001111': { lastInboundAt: 1, lastOutboundId: 'wamid.x' } });
    await assertFails(getDoc(doc(w.as('owner'), 'waNumbers/wA/contacts/15550001111')));
    await assertFails(getDocs(collection(w.as('owner'), 'waNumbers/wA/contacts')));
    // Reopening WhatsApp's 24-hour window by hand would let a member message anyone.
    await assertFails(setDoc(doc(w.as('owner'), 'waNumbers/wA/contacts/15550002222'), { lastInboundAt: Date.now() }));
    await assertFails(setDoc(doc(w.as('member'), 'waNumbers/wA/contacts/15550001111'), { lastInboundAt: Date.now() }));
  });

  it('reads no Embedded Signup business token (users/{uid}/private/meta)', async () => {
    await w.seed({ 'users/alice/private/meta': { whatsappBusinessToken: 'EAABIZ-secret', userAccessToken: 'EAALONG-secret' } });
    await assertFails(getDoc(doc(w.as('owner'), 'users/alice/private/meta')));
    await assertFails(setDoc(doc(w.as('owner'), 'users/alice/private/meta'), { whatsappBusinessToken: 'mine' }));
    await assertFails(getDoc(doc(w.as('member'), 'users/alice/private/meta')));
  });
});
