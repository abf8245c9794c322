// Rules for widget analytics events voiceglow/{agentId}/analytics/{id} (written by POST /agents/{id}/analytics).
import { addDoc, collection, doc, getDoc, getDocs } from 'firebase/firestore/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld();
beforeAll(() => w.seed({ 'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home', '/analytics'] } }));

const events = 'voiceglow/agentA1/analytics';

describe('allowed', () => {
  it('owner and member list the events', async () => {
    expect((await getDocs(collection(w.as('owner'), events))).docs.map((d) => d.id)).toEqual(['e1']);
    expect((await getDocs(collection(w.as('member'), events))).size).toBe(1);
  });

  it('a client with /analytics reads them', async () => {
    expect((await getDoc(doc(w.as('client'), `${events}/e1`))).data()?.record).toBe('open');
  });

  it('the owner reads them in the EU database', async () => {
    expect((await getDocs(collection(w.as('owner', EU), events))).size).toBe(1);
  });
});

describe('denied', () => {
  it('nobody (not even a visitor of the widget) adds events directly', async () => {
    await expectDenied(addDoc(collection(w.as('anon'), events), { record: 'fake' }));
    await expectDenied(addDoc(collection(w.as('owner'), events), { record: 'fake' }));
  });

  it('a client without /analytics and another tenant’s client read nothing', async () => {
    await expectDenied(getDocs(collection(w.as('orgAdmin'), events)));
    await expectDenied(getDocs(collection(w.as('otherClient'), events)));
  });

  it('another tenant, a visitor and the NA-only member in EU read nothing', async () => {
    await expectDenied(getDocs(collection(w.as('stranger'), events)));
    await expectDenied(getDocs(collection(w.as('anon'), events)));
    await expectDenied(getDocs(collection(w.as('member', EU), events)));
  });
});
