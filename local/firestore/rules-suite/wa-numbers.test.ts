// Rules for waNumbers/{id} (long-lived WhatsApp tokens; written by connectWhatsappNumber / removeWhatsappNumber).
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld();

describe('allowed', () => {
  it('the owner lists the numbers of its agent', async () => {
    const found = await getDocs(query(collection(w.as('owner'), 'waNumbers'), where('agentId', '==', 'agentA1')));
    expect(found.docs.map((d) => d.data().phoneNumber)).toEqual(['+1555']);
  });

  it('a member reads a number', async () => {
    expect((await getDoc(doc(w.as('member'), 'waNumbers/wA'))).exists()).toBe(true);
  });

  it('another tenant reads its own number; the owner reads in EU', async () => {
    expect((await getDoc(doc(w.as('stranger'), 'waNumbers/wB'))).exists()).toBe(true);
    expect((await getDoc(doc(w.as('owner', EU), 'waNumbers/wA'))).exists()).toBe(true);
  });
});

describe('denied', () => {
  it('numbers are not written from the client', async () => {
    await expectDenied(setDoc(doc(w.as('owner'), 'waNumbers/wNew'), { agentId: 'agentA1', phoneId: 'p', wabaId: 'w', longAccessToken: 't', phoneNumber: '+1' }));
    await expectDenied(updateDoc(doc(w.as('owner'), 'waNumbers/wA'), { agentId: 'agentA2' }));
    await expectDenied(deleteDoc(doc(w.as('owner'), 'waNumbers/wA')));
  });

  it('another tenant reads no number of alice’s agent', async () => {
    await expectDenied(getDoc(doc(w.as('stranger'), 'waNumbers/wA')));
    await expectDenied(getDocs(query(collection(w.as('stranger'), 'waNumbers'), where('agentId', '==', 'agentA1'))));
  });

  it('agency clients and visitors read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('client'), 'waNumbers/wA')));
    await expectDenied(getDoc(doc(w.as('anon'), 'waNumbers/wA')));
  });
});
