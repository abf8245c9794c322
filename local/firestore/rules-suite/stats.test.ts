// Rules for usage counters voiceglow/{agentId}/stats/{id} (written by the metering function).
import { doc, getDoc, setDoc, updateDoc } from 'firebase/firestore/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld();
beforeAll(async () => {
  // Client A gets the analytics page for this suite.
  await w.seed({ 'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home', '/analytics'] } });
});

const usage = 'voiceglow/agentA1/stats/usage';

describe('allowed', () => {
  it('owner and member read the usage counters', async () => {
    expect((await getDoc(doc(w.as('owner'), usage))).data()?.messages).toBe(3);
    expect((await getDoc(doc(w.as('member'), usage))).exists()).toBe(true);
  });

  it('a client with /analytics reads its agent’s counters', async () => {
    expect((await getDoc(doc(w.as('client'), usage))).exists()).toBe(true);
  });

  it('the owner reads them in the EU database', async () => {
    expect((await getDoc(doc(w.as('owner', EU), usage))).exists()).toBe(true);
  });
});

describe('denied', () => {
  it('nobody resets or forges counters from a client', async () => {
    await expectDenied(updateDoc(doc(w.as('owner'), usage), { messages: 0 }));
    await expectDenied(setDoc(doc(w.as('client'), usage), { messages: 0 }));
  });

  it('a client without /analytics, another tenant’s client and a visitor read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('orgAdmin'), usage)));
    await expectDenied(getDoc(doc(w.as('otherClient'), usage)));
    await expectDenied(getDoc(doc(w.as('anon'), usage)));
  });

  it('another tenant and the NA-only member in EU read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('stranger'), usage)));
    await expectDenied(getDoc(doc(w.as('member', EU), usage)));
  });
});
