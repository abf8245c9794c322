// Rules for organisations orgs/{orgId}.
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

describe('org owner (the agency owner, orgs/{id}.ownerID)', () => {
  it('lists its orgs with where ownerID == me', async () => {
    const found = await getDocs(query(collection(w.as('owner'), 'orgs'), where('ownerID', '==', 'alice')));
    expect(found.docs.map((d) => d.id).sort()).toEqual(['orgA', 'orgOff']);
  });

  it('creates an org and edits its settings, layout and default access', async () => {
    const db = w.as('owner');
    await setDoc(doc(db, 'orgs/orgNew'), { ID: 'orgNew', name: 'New Organization', ownerID: 'alice', loadTokens: 0, widgetIDs: [] });
    await updateDoc(doc(db, 'orgs/orgNew'), { dashboardLayout: 'horizontal', defaultClientAccess: ['/home'], 'settings.disableClientAccess': true, allowBilling: true });
  });

  it('deletes its org', async () => {
    await deleteDoc(doc(w.as('owner'), 'orgs/orgOff'));
    expect(await w.read('orgs/orgOff')).toBeNull();
  });

  it('may not mint credits, change ownership or billing ids directly', async () => {
    const db = w.as('owner');
    await expectDenied(updateDoc(doc(db, 'orgs/orgA'), { loadTokens: 1e6 }));
    await expectDenied(updateDoc(doc(db, 'orgs/orgA'), { ownerID: 'bob' }));
    await expectDenied(updateDoc(doc(db, 'orgs/orgA'), { stripeCustomerId: 'cus_x' }));
    await expectDenied(setDoc(doc(db, 'orgs/orgRich'), { ID: 'orgRich', name: 'Rich', ownerID: 'alice', loadTokens: 500 }));
  });

  it('validates the name and the disabled-access message (max 1024)', async () => {
    const db = w.as('owner');
    await expectDenied(updateDoc(doc(db, 'orgs/orgA'), { name: '' }));
    await expectDenied(updateDoc(doc(db, 'orgs/orgA'), { 'settings.disableClientAccessMessage': 'x'.repeat(1025) }));
  });
});

describe('org admin (client with isOrgAdmin)', () => {
  it('reads its org and edits its name and photo', async () => {
    const db = w.as('orgAdmin');
    expect((await getDoc(doc(db, 'orgs/orgA'))).data()?.name).toBe('Org A');
    await updateDoc(doc(db, 'orgs/orgA'), { name: 'Org A renamed', squarePhotoURL: 'https://x.test/o.png' });
  });

  it('may not change anything else (access switch, credits, agents)', async () => {
    const db = w.as('orgAdmin');
    await expectDenied(updateDoc(doc(db, 'orgs/orgA'), { 'settings.disableClientAccess': true }));
    await expectDenied(updateDoc(doc(db, 'orgs/orgA'), { widgetIDs: ['agentA1', 'agentA2'] }));
    await expectDenied(updateDoc(doc(db, 'orgs/orgA'), { loadTokens: 999 }));
  });
});

describe('clients', () => {
  it('a plain client reads its own org but may not edit it', async () => {
    const db = w.as('client');
    expect((await getDoc(doc(db, 'orgs/orgA'))).exists()).toBe(true);
    await expectDenied(updateDoc(doc(db, 'orgs/orgA'), { name: 'client rename' }));
  });

  it('cross-tenant: agency B’s client cannot read org A', async () => {
    await expectDenied(getDoc(doc(w.as('otherClient'), 'orgs/orgA')));
    await expectDenied(getDocs(query(collection(w.as('otherClient'), 'orgs'), where('ownerID', '==', 'alice'))));
  });
});

describe('others', () => {
  it('another tenant neither reads nor edits org A, nor creates orgs for alice', async () => {
    const db = w.as('stranger');
    await expectDenied(getDoc(doc(db, 'orgs/orgA')));
    await expectDenied(updateDoc(doc(db, 'orgs/orgA'), { name: 'pwned' }));
    await expectDenied(setDoc(doc(db, 'orgs/orgX'), { ID: 'orgX', name: 'X', ownerID: 'alice' }));
  });

  it('visitors read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('anon'), 'orgs/orgA')));
  });

  it('EU database: the owner reads; another tenant does not', async () => {
    expect((await getDoc(doc(w.as('owner', EU), 'orgs/orgA'))).exists()).toBe(true);
    await expectDenied(getDoc(doc(w.as('stranger', EU), 'orgs/orgA')));
  });
});
