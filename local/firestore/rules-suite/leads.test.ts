// Rules for leads captured by an agent: voiceglow/{agentId}/leads/{id} (written by functions).
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld();
beforeAll(() => w.seed({ 'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home', '/leads'] } }));

const leads = 'voiceglow/agentA1/leads';

describe('allowed', () => {
  it('owner and member list leads', async () => {
    expect((await getDocs(collection(w.as('owner'), leads))).docs[0]?.data().email).toBe('lead@x.test');
    expect((await getDocs(collection(w.as('member'), leads))).size).toBe(1);
  });

  it('a client with /leads reads them', async () => {
    expect((await getDoc(doc(w.as('client'), `${leads}/l1`))).exists()).toBe(true);
  });

  it('the owner reads them in the EU database', async () => {
    expect((await getDocs(collection(w.as('owner', EU), leads))).size).toBe(1);
  });
});

describe('denied', () => {
  it('leads are not written or deleted from the client', async () => {
    await expectDenied(setDoc(doc(w.as('owner'), `${leads}/l2`), { email: 'x@y.test' }));
    await expectDenied(deleteDoc(doc(w.as('client'), `${leads}/l1`)));
  });

  it('a client without /leads, another tenant’s client and a visitor read nothing', async () => {
    await expectDenied(getDocs(collection(w.as('orgAdmin'), leads)));
    await expectDenied(getDocs(collection(w.as('otherClient'), leads)));
    await expectDenied(getDocs(collection(w.as('anon'), leads)));
  });

  it('another tenant and the NA-only member in EU read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('stranger'), `${leads}/l1`)));
    await expectDenied(getDoc(doc(w.as('member', EU), `${leads}/l1`)));
  });
});
