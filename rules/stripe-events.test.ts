// Rules for stripeEvents/{id}: the once-only record of each Stripe event and each payment applied (billing). Functions
// only: a client that could create one would keep a real payment from being credited; one that could read it would
// see other workspaces' payments.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, where } from 'firebase/firestore/lite';
import { describe, it } from 'vitest';
import { ALL_ROLES, EU, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });
const EVENT = 'stripeEvents/evt_1';
const record = { at: 1, purpose: 'credits', credits: 2500 };

describe.each(ALL_ROLES.map((role) => [role] as [Role]))('%s', (role) => {
  it('reads, lists, creates, updates and deletes no Stripe event record (both databases)', async () => {
    await w.seed({ [EVENT]: record, 'stripeEvents/pay_pi_1': record });
    const db = w.as(role);
    await assertFails(getDoc(doc(db, EVENT)));
    await assertFails(getDocs(query(collection(db, 'stripeEvents'), where('purpose', '==', 'credits'), limit(10))));
    await assertFails(setDoc(doc(db, 'stripeEvents/pay_pi_2'), record));
    await assertFails(setDoc(doc(db, EVENT), { ...record, credits: 0 }));
    await assertFails(deleteDoc(doc(db, 'stripeEvents/pay_pi_1')));
    await assertFails(setDoc(doc(w.as(role, EU), 'stripeEvents/pay_pi_2'), record));
  });
});

describe('users/{uid}/private/billing (auto-recharge bookkeeping)', () => {
  it.each(ALL_ROLES.map((role) => [role] as [Role]))('%s neither reads nor writes it', async (role) => {
    await w.seed({ 'users/alice/private/billing': { autoRecharge: { armed: false, chargedThisMonth: 5 } } });
    const db = w.as(role);
    await assertFails(getDoc(doc(db, 'users/alice/private/billing')));
    await assertFails(setDoc(doc(db, 'users/alice/private/billing'), { autoRecharge: { armed: true, chargedThisMonth: 0 } }));
  });
});
