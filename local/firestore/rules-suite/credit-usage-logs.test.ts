// Rules for credit usage logs users/{uid}/creditUsageLogs/{id} (written by the metering function).
import { addDoc, collection, deleteDoc, doc, getDoc, getDocs } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld();

const logs = 'users/alice/creditUsageLogs';

describe('allowed', () => {
  it('the owner lists its logs', async () => {
    expect((await getDocs(collection(w.as('owner'), logs))).docs.map((d) => d.data().amount)).toEqual([2]);
  });

  it('a member reads them', async () => {
    expect((await getDoc(doc(w.as('member'), `${logs}/l1`))).exists()).toBe(true);
  });

  it('the owner reads them in the EU database', async () => {
    expect((await getDocs(collection(w.as('owner', EU), logs))).size).toBe(1);
  });
});

describe('denied', () => {
  it('nobody adds or deletes logs from the client', async () => {
    await expectDenied(addDoc(collection(w.as('owner'), logs), { amount: -1000, direction: 'increase' }));
    await expectDenied(deleteDoc(doc(w.as('owner'), `${logs}/l1`)));
  });

  it('another tenant and agency clients read nothing', async () => {
    await expectDenied(getDocs(collection(w.as('stranger'), logs)));
    await expectDenied(getDocs(collection(w.as('client'), logs)));
  });

  it('visitors and the NA-only member in EU read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('anon'), `${logs}/l1`)));
    await expectDenied(getDocs(collection(w.as('member', EU), logs)));
  });
});
