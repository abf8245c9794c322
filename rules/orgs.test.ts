// Rules for organisations orgs/{orgId}.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, documentId, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, ids, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

// The agency's org list: where ownerID == the agency owner.
const byOwner = (role: Role, ownerID: string) => getDocs(query(collection(w.as(role), 'orgs'), where('ownerID', '==', ownerID)));
const everyOrg = (role: Role) => getDocs(collection(w.as(role), 'orgs'));

describe('owner (the agency owner, orgs/{id}.ownerID)', () => {
  it('lists its orgs with where ownerID == its uid', async () => {
    expect(ids(await assertSucceeds(byOwner('owner', 'alice')))).toEqual(['orgA', 'orgOff']);
  });

  it('is denied the same list without the ownerID constraint', async () => {
    await assertFails(everyOrg('owner'));
  });

  it('lists an empty orgs collection with the constraint (still denied without it)', async () => {
    await w.withEmptyCollection('orgs', async () => {
      expect((await assertSucceeds(byOwner('owner', 'alice'))).size).toBe(0);
      await assertFails(everyOrg('owner'));
    });
  });

  it('creates an org and edits its settings, layout and default access', async () => {
    const db = w.as('owner');
    await assertSucceeds(setDoc(doc(db, 'orgs/orgNew'), { ID: 'orgNew', name: 'New Organization', ownerID: 'alice', loadTokens: 0, widgetIDs: [] }));
    await assertSucceeds(updateDoc(doc(db, 'orgs/orgNew'), {
      dashboardLayout: 'horizontal', defaultClientAccess: ['/home'], 'settings.disableClientAccess': true,
    }));
    expect(await w.read('orgs/orgNew')).toMatchObject({ dashboardLayout: 'horizontal' });
  });

  it('deletes its org', async () => {
    await assertSucceeds(deleteDoc(doc(w.as('owner'), 'orgs/orgOff')));
    expect(await w.read('orgs/orgOff')).toBeNull();
  });

  it('may not mint credits, change ownership or billing ids directly', async () => {
    const db = w.as('owner');
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { loadTokens: 1e6 }));
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { ownerID: 'bob' }));
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { stripeCustomerId: 'cus_x' }));
    await assertFails(setDoc(doc(db, 'orgs/orgRich'), { ID: 'orgRich', name: 'Rich', ownerID: 'alice', loadTokens: 500 }));
  });

  it('may not write the billing knobs directly: whether the org buys, and auto-recharge (functions only)', async () => {
    const org = doc(w.as('owner'), 'orgs/orgA');
    await assertFails(updateDoc(org, { allowBilling: true }));
    await assertFails(updateDoc(org, { autocharge: true }));
    await assertFails(updateDoc(org, { automaticBilling: true }));
    await assertFails(updateDoc(org, { autochargeAmount: 100 }));
    await assertFails(updateDoc(org, { threshold: 5000 }));
    await assertFails(updateDoc(org, { 'internal.autochargeCreditAmount': 100 }));
    await assertFails(updateDoc(org, { 'internal.autochargeCreditThreshold': 5000 }));
    await assertFails(updateDoc(org, { subscription: { id: 'sub_1', status: 'active', priceId: 'p' } }));
    await assertFails(setDoc(doc(w.as('owner'), 'orgs/orgKnobs'), { ID: 'orgKnobs', name: 'Knobs', ownerID: 'alice', loadTokens: 0, allowBilling: true, autocharge: true, threshold: 100 }));
    expect(await w.read('orgs/orgA')).not.toHaveProperty('allowBilling');
  });

  it('validates the name and the disabled-access message (max 1024)', async () => {
    const db = w.as('owner');
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { name: '' }));
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { 'settings.disableClientAccessMessage': 'x'.repeat(1025) }));
  });

  it('EU database: reads its org there too', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner', EU), 'orgs/orgA')))).exists()).toBe(true);
  });
});

describe('member', () => {
  it('orgs belong to the agency owner personally: a workspace member neither reads nor lists them', async () => {
    await assertFails(getDoc(doc(w.as('member'), 'orgs/orgA')));
    await assertFails(byOwner('member', 'alice'));
  });
});

describe('orgAdmin (client with isOrgAdmin)', () => {
  it('reads its org and edits its name and photo', async () => {
    const db = w.as('orgAdmin');
    expect((await assertSucceeds(getDoc(doc(db, 'orgs/orgA')))).data()?.name).toBe('Org A');
    await assertSucceeds(updateDoc(doc(db, 'orgs/orgA'), { name: 'Org A renamed', squarePhotoURL: 'https://x.test/o.png' }));
    expect(await w.read('orgs/orgA')).toMatchObject({ name: 'Org A renamed' });
  });

  it('may not change anything else (access switch, credits, agents)', async () => {
    const db = w.as('orgAdmin');
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { 'settings.disableClientAccess': true }));
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { widgetIDs: ['agentA1', 'agentA2'] }));
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { loadTokens: 999 }));
  });
});

describe('client', () => {
  it('reads its own org but may not edit it', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('client'), 'orgs/orgA')))).exists()).toBe(true);
    await assertFails(updateDoc(doc(w.as('client'), 'orgs/orgA'), { name: 'client rename' }));
  });

  it('finds its org by id (where documentId() == its orgId) but may not list orgs', async () => {
    expect(ids(await assertSucceeds(getDocs(query(collection(w.as('client'), 'orgs'), where(documentId(), '==', 'orgA')))))).toEqual(['orgA']);
    await assertFails(everyOrg('client'));
    await assertFails(byOwner('client', 'alice'));
  });

  it('reads no other org of its agency', async () => {
    await assertFails(getDoc(doc(w.as('client'), 'orgs/orgOff')));
  });
});

describe('otherClient', () => {
  it('reads its own org, B', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('otherClient'), 'orgs/orgB')))).exists()).toBe(true);
  });

  it('cross-tenant: cannot read org A', async () => {
    await assertFails(getDoc(doc(w.as('otherClient'), 'orgs/orgA')));
    await assertFails(byOwner('otherClient', 'alice'));
  });
});

describe('stranger', () => {
  it('neither reads nor edits org A, nor creates orgs for alice', async () => {
    const db = w.as('stranger');
    await assertFails(getDoc(doc(db, 'orgs/orgA')));
    await assertFails(updateDoc(doc(db, 'orgs/orgA'), { name: 'pwned' }));
    await assertFails(setDoc(doc(db, 'orgs/orgX'), { ID: 'orgX', name: 'X', ownerID: 'alice' }));
  });

  it('EU database: does not read org A there either', async () => {
    await assertFails(getDoc(doc(w.as('stranger', EU), 'orgs/orgA')));
  });
});

describe('clientNamedAlice', () => {
  it('reads org A as client cA, but may not edit it as its owner', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('clientNamedAlice'), 'orgs/orgA')))).exists()).toBe(true);
    await assertFails(updateDoc(doc(w.as('clientNamedAlice'), 'orgs/orgA'), { name: 'client' }));
    await assertFails(deleteDoc(doc(w.as('clientNamedAlice'), 'orgs/orgA')));
    await assertFails(byOwner('clientNamedAlice', 'alice'));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('anon'), 'orgs/orgA')));
  });
});
