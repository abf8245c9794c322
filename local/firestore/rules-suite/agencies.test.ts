// Rules for agencies/{agencyId}.
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

describe('agency owner (agencies/{id}.userId)', () => {
  it('reads its agency and finds it with where userId == me', async () => {
    const db = w.as('owner');
    expect((await getDoc(doc(db, 'agencies/agA'))).data()?.name).toBe('Agency A');
    expect((await getDocs(query(collection(db, 'agencies'), where('userId', '==', 'alice')))).docs.map((d) => d.id)).toEqual(['agA']);
  });

  it('initialises agency settings (no secret, no domains) and saves branding, theme, tabs, footer', async () => {
    const db = w.as('stranger');
    await setDoc(doc(db, 'agencies/agNew'), {
      ID: 'agNew', userId: 'bob', name: '', brandingText: 'Welcome', customDomain: '', isVerifiedCustomDomain: false,
      resendEmailDomainStatus: 'not_started', createdAt: 1,
    });
    await updateDoc(doc(db, 'agencies/agNew'), {
      name: 'Bob Agency', googleFont: 'Rubik', themeVariant: 'flat', customTabs: [{ label: 'Docs', href: '/docs' }],
      supportEmail: 'help@b.test', 'settings.disablePasswordLogin': true, lastModified: 2,
    });
    expect((await getDoc(doc(db, 'agencies/agNew'))).data()).toMatchObject({ name: 'Bob Agency', themeVariant: 'flat' });
  });

  it('a merge-save that repeats the stored domain values unchanged is allowed', async () => {
    await setDoc(doc(w.as('owner'), 'agencies/agA'), { customDomain: 'app.agency-a.test', isVerifiedCustomDomain: true, name: 'A2' }, { merge: true });
  });

  it('deletes a duplicate agency', async () => {
    await deleteDoc(doc(w.as('stranger'), 'agencies/agB'));
    expect(await w.read('agencies/agB')).toBeNull();
  });

  it('never stores the agency secret on the agency document', async () => {
    await expectDenied(updateDoc(doc(w.as('owner'), 'agencies/agA'), { secret: 'x'.repeat(25) }));
    await expectDenied(setDoc(doc(w.as('owner'), 'agencies/agC'), { userId: 'alice', secret: 'x'.repeat(25) }));
  });

  it('may not set or verify domains itself (functions check uniqueness and DNS)', async () => {
    const db = w.as('owner');
    await expectDenied(updateDoc(doc(db, 'agencies/agA'), { customDomain: 'app.agency-b.test' }));
    await expectDenied(updateDoc(doc(db, 'agencies/agA'), { isVerifiedSubDomain: true }));
    await expectDenied(updateDoc(doc(db, 'agencies/agA'), { resendEmailDomainStatus: 'verified' }));
    await expectDenied(setDoc(doc(db, 'agencies/agD'), { userId: 'alice', customDomain: 'taken.test', isVerifiedCustomDomain: true }));
  });

  it('may not hand the agency to someone else or create one for someone else', async () => {
    await expectDenied(updateDoc(doc(w.as('owner'), 'agencies/agA'), { userId: 'bob' }));
    await expectDenied(setDoc(doc(w.as('owner'), 'agencies/agE'), { userId: 'bob', name: 'forged' }));
  });
});

describe('agency clients', () => {
  it('read their agency’s branding (claim agencyId, agency owner owns their org)', async () => {
    expect((await getDoc(doc(w.as('client'), 'agencies/agA'))).data()?.name).toBe('Agency A');
    expect((await getDoc(doc(w.as('orgAdmin'), 'agencies/agA'))).exists()).toBe(true);
  });

  it('cross-tenant: agency B’s client cannot read agency A', async () => {
    expect((await getDoc(doc(w.as('otherClient'), 'agencies/agB'))).exists()).toBe(true);
    await expectDenied(getDoc(doc(w.as('otherClient'), 'agencies/agA')));
  });

  it('never write the agency', async () => {
    await expectDenied(updateDoc(doc(w.as('orgAdmin'), 'agencies/agA'), { name: 'Client rename' }));
  });
});

describe('others', () => {
  it('another workspace user neither reads nor edits agency A, nor looks agencies up by domain', async () => {
    const db = w.as('stranger');
    await expectDenied(getDoc(doc(db, 'agencies/agA')));
    await expectDenied(updateDoc(doc(db, 'agencies/agA'), { name: 'pwned' }));
    await expectDenied(getDocs(query(collection(db, 'agencies'), where('customDomain', '==', 'app.agency-a.test'))));
  });

  it('members of the owner’s workspace look the agency up (prototype link) but are not agency owners', async () => {
    const db = w.as('member');
    const found = await getDocs(query(collection(db, 'agencies'), where('userId', '==', 'alice'), limit(1)));
    expect(found.docs[0]?.data().customDomain).toBe('app.agency-a.test');
    await expectDenied(updateDoc(doc(db, 'agencies/agA'), { name: 'member rename' }));
    await expectDenied(deleteDoc(doc(db, 'agencies/agA')));
  });

  it('the NA-only member cannot look the agency up in the EU database', async () => {
    await expectDenied(getDocs(query(collection(w.as('member', EU), 'agencies'), where('userId', '==', 'alice'), limit(1))));
  });

  it('visitors read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('anon'), 'agencies/agA')));
  });

  it('EU database: the owner reads; another tenant does not', async () => {
    expect((await getDoc(doc(w.as('owner', EU), 'agencies/agA'))).exists()).toBe(true);
    await expectDenied(getDoc(doc(w.as('stranger', EU), 'agencies/agA')));
  });
});
