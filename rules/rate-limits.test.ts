// Rules for the rate limits' counters rateLimits/{id}: functions only.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore/lite';
import { beforeAll, describe, it } from 'vitest';
import { ALL_ROLES, DATABASES, useWorld } from './world.ts';

const w = useWorld();

const counter = { count: 30, expiresAt: new Date(9e12) };

beforeAll(async () => {
  for (const database of DATABASES) await w.seed({ 'rateLimits/chat-ip:abc:1': counter }, database);
}, 60_000);

describe.each(ALL_ROLES)('%s', (role) => {
  it('neither reads, lists, resets nor deletes a rate-limit counter, in either region', async () => {
    for (const database of DATABASES) {
      const db = w.as(role, database);
      await assertFails(getDoc(doc(db, 'rateLimits/chat-ip:abc:1')));
      await assertFails(getDocs(collection(db, 'rateLimits')));
      await assertFails(setDoc(doc(db, 'rateLimits/chat-ip:abc:1'), { count: 0, expiresAt: new Date(9e12) }));
      await assertFails(setDoc(doc(db, 'rateLimits/chat-ip:xyz:1'), { count: 1000, expiresAt: new Date(9e12) }));
      await assertFails(deleteDoc(doc(db, 'rateLimits/chat-ip:abc:1')));
    }
  });
});
