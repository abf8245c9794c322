// Rules for metaPages/{id} (page access tokens; written by the connectMetaPage / removeMetaPage callables).
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld, type World } from './world.ts';

const w = useWorld();

const byAgent = (db: ReturnType<World['as']>, agentId: string) =>
  getDocs(query(collection(db, 'metaPages'), where('agentId', '==', agentId), limit(1)));

describe('allowed', () => {
  it('the owner queries the channel status of its agent (by agent, limit 1)', async () => {
    expect((await byAgent(w.as('owner'), 'agentA1')).docs[0]?.data().pageName).toBe('Page A');
  });

  it('a member reads the page record', async () => {
    expect((await getDoc(doc(w.as('member'), 'metaPages/pA'))).exists()).toBe(true);
  });

  it('the owner reads in the EU database', async () => {
    expect((await byAgent(w.as('owner', EU), 'agentA1')).size).toBe(1);
  });
});

describe('denied', () => {
  it('pages are connected and removed by callables, not direct writes', async () => {
    await expectDenied(setDoc(doc(w.as('owner'), 'metaPages/pNew'), { pageId: 'pNew', agentId: 'agentA1' }));
    await expectDenied(deleteDoc(doc(w.as('owner'), 'metaPages/pA')));
  });

  it('another tenant cannot read alice’s page (nor list every page)', async () => {
    await expectDenied(byAgent(w.as('stranger'), 'agentA1'));
    await expectDenied(getDocs(collection(w.as('stranger'), 'metaPages')));
  });

  it('agency clients (tokens are owner-only) and visitors read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('client'), 'metaPages/pA')));
    await expectDenied(getDoc(doc(w.as('otherClient'), 'metaPages/pB')));
    await expectDenied(getDoc(doc(w.as('anon'), 'metaPages/pA')));
  });
});
