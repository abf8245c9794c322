// Rules for agencies/{agencyId}.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, ids, NA, useWorld, type Database, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

// The agency lookup: where userId == the agency owner (the agent pages' prototype link adds limit 1).
const byOwner = (role: Role, userId: string, database: Database = NA) =>
  getDocs(query(collection(w.as(role, database), 'agencies'), where('userId', '==', userId)));
const firstByOwner = (role: Role, userId: string, database: Database = NA) =>
  getDocs(query(collection(w.as(role, database), 'agencies'), where('userId', '==', userId), limit(1)));
const everyAgency = (role: Role) => getDocs(collection(w.as(role), 'agencies'));

describe('owner', () => {
  it('reads its agency', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner'), 'agencies/agA')))).data()?.name).toBe('Agency A');
  });

  it('finds it with where userId == its uid', async () => {
    expect(ids(await assertSucceeds(byOwner('owner', 'alice')))).toEqual(['agA']);
  });

  it('is denied the same query without the userId constraint', async () => {
    await assertFails(everyAgency('owner'));
  });

  it('queries an empty agencies collection with the constraint (still denied without it)', async () => {
    await w.withEmptyCollection('agencies', async () => {
      expect((await assertSucceeds(byOwner('owner', 'alice'))).size).toBe(0);
      await assertFails(everyAgency('owner'));
    });
  });

  it('a merge-save that repeats the stored domain values unchanged is allowed', async () => {
    await assertSucceeds(setDoc(doc(w.as('owner'), 'agencies/agA'), { customDomain: 'app.agency-a.test', isVerifiedCustomDomain: true, name: 'A2' }, { merge: true }));
    expect(await w.read('agencies/agA')).toMatchObject({ name: 'A2' });
  });

  it('never stores the agency secret on the agency document', async () => {
    await assertFails(updateDoc(doc(w.as('owner'), 'agencies/agA'), { secret: 'x'.repeat(25) }));
    await assertFails(setDoc(doc(w.as('owner'), 'agencies/agC'), { userId: 'alice', secret: 'x'.repeat(25) }));
  });

  it('may not set or verify domains itself (functions check uniqueness and DNS)', async () => {
    const db = w.as('owner');
    await assertFails(updateDoc(doc(db, 'agencies/agA'), { customDomain: 'app.agency-b.test' }));
    await assertFails(updateDoc(doc(db, 'agencies/agA'), { isVerifiedSubDomain: true }));
    await assertFails(updateDoc(doc(db, 'agencies/agA'), { resendEmailDomainStatus: 'verified' }));
    await assertFails(setDoc(doc(db, 'agencies/agD'), { userId: 'alice', customDomain: 'taken.test', isVerifiedCustomDomain: true }));
  });

  it('may not hand the agency to someone else or create one for someone else', async () => {
    await assertFails(updateDoc(doc(w.as('owner'), 'agencies/agA'), { userId: 'bob' }));
    await assertFails(setDoc(doc(w.as('owner'), 'agencies/agE'), { userId: 'bob', name: 'forged' }));
  });

  it('EU database: reads its agency there too', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner', EU), 'agencies/agA')))).exists()).toBe(true);
  });
});

describe('stranger (owner of agency B)', () => {
  it('saves branding, theme, tabs and footer on its own agency', async () => {
    const db = w.as('stranger');
    await assertSucceeds(updateDoc(doc(db, 'agencies/agB'), {
      name: 'Bob Agency', googleFont: 'Rubik', themeVariant: 'flat', customTabs: [{ label: 'Docs', href: '/docs' }],
      supportEmail: 'help@b.test', 'settings.disablePasswordLogin': true, lastModified: 2,
    }));
    expect((await assertSucceeds(getDoc(doc(db, 'agencies/agB')))).data()).toMatchObject({ name: 'Bob Agency', themeVariant: 'flat' });
  });

  it('attack: may not create an agency, neither under a fresh id nor under the id of another region’s agency', async () => {
    // The victim's agency lives in NA only; the attacker plants the same id in EU with itself as owner (a copy the
    // domain registry would then take for the victim's), or any agency anywhere: initAgency alone creates them.
    await w.seed({ 'agencies/agVictim': { ID: 'agVictim', userId: 'alice', name: 'Victim', VGsubDomain: 'victim.localhost', isVerifiedSubDomain: true } });
    const planted = { ID: 'agVictim', userId: 'bob', name: '', brandingText: '', isVerifiedCustomDomain: false, resendEmailDomainStatus: 'not_started' };
    await assertFails(setDoc(doc(w.as('stranger', EU), 'agencies/agVictim'), planted));
    await assertFails(setDoc(doc(w.as('stranger'), 'agencies/agNew'), { ...planted, ID: 'agNew' }));
    await assertFails(setDoc(doc(w.as('stranger', EU), 'agencies/agNew'), { ...planted, ID: 'agNew' }));
    expect(await w.read('agencies/agVictim', EU)).toBeNull();
  });

  it('deletes a duplicate agency of its own', async () => {
    await assertSucceeds(deleteDoc(doc(w.as('stranger'), 'agencies/agB')));
    expect(await w.read('agencies/agB')).toBeNull();
  });

  it('neither reads nor edits agency A, nor looks agencies up by domain', async () => {
    const db = w.as('stranger');
    await assertFails(getDoc(doc(db, 'agencies/agA')));
    await assertFails(updateDoc(doc(db, 'agencies/agA'), { name: 'pwned' }));
    await assertFails(getDocs(query(collection(db, 'agencies'), where('customDomain', '==', 'app.agency-a.test'))));
  });

  it('EU database: does not read agency A there either', async () => {
    await assertFails(getDoc(doc(w.as('stranger', EU), 'agencies/agA')));
  });
});

describe('member', () => {
  it('looks the agency up by userId (prototype link on its domains)', async () => {
    expect((await assertSucceeds(firstByOwner('member', 'alice'))).docs[0]?.data().customDomain).toBe('app.agency-a.test');
  });

  it('is denied the lookup without the userId constraint', async () => {
    await assertFails(everyAgency('member'));
  });

  it('is not an agency owner: neither edits nor deletes the agency', async () => {
    await assertFails(updateDoc(doc(w.as('member'), 'agencies/agA'), { name: 'member rename' }));
    await assertFails(deleteDoc(doc(w.as('member'), 'agencies/agA')));
  });

  it('EU database: the NA-only member cannot look the agency up there', async () => {
    await assertFails(firstByOwner('member', 'alice', EU));
  });
});

describe('client', () => {
  it('reads its agency’s branding by id (claim agencyId, the agency owner owns its org)', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('client'), 'agencies/agA')))).data()?.name).toBe('Agency A');
  });

  it('is denied a query by userId (clients read their agency by id)', async () => {
    await assertFails(byOwner('client', 'alice'));
  });

  it('never writes the agency', async () => {
    await assertFails(updateDoc(doc(w.as('client'), 'agencies/agA'), { name: 'Client rename' }));
  });
});

describe('orgAdmin', () => {
  it('reads its agency’s branding', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('orgAdmin'), 'agencies/agA')))).exists()).toBe(true);
  });

  it('never writes the agency', async () => {
    await assertFails(updateDoc(doc(w.as('orgAdmin'), 'agencies/agA'), { name: 'Client rename' }));
  });
});

describe('otherClient', () => {
  it('reads its own agency, B', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('otherClient'), 'agencies/agB')))).exists()).toBe(true);
  });

  it('cross-tenant: cannot read agency A', async () => {
    await assertFails(getDoc(doc(w.as('otherClient'), 'agencies/agA')));
  });
});

describe('clientNamedAlice', () => {
  it('with the owner’s uid, still neither edits, creates nor deletes agencies', async () => {
    await assertFails(updateDoc(doc(w.as('clientNamedAlice'), 'agencies/agA'), { name: 'client' }));
    await assertFails(setDoc(doc(w.as('clientNamedAlice'), 'agencies/agZ'), { userId: 'alice', name: 'client agency' }));
    await assertFails(deleteDoc(doc(w.as('clientNamedAlice'), 'agencies/agA')));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('anon'), 'agencies/agA')));
    await assertFails(byOwner('anon', 'alice'));
  });
});
