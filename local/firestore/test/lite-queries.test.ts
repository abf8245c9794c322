/** Queries through the lite web SDK: operators, composites, ordering, cursors, limits, groups, aggregation. */
import {
  and,
  arrayRemove,
  arrayUnion,
  deleteDoc,
  updateDoc,
  average,
  collection,
  collectionGroup,
  count,
  doc,
  documentId,
  endAt,
  endBefore,
  getAggregate,
  getCount,
  getDocs,
  limit,
  limitToLast,
  or,
  orderBy,
  query,
  setDoc,
  startAfter,
  startAt,
  sum,
  where,
  writeBatch,
  type Firestore,
  type Query,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let db: Firestore;

const people = [
  { id: 'ada', age: 36, city: 'London', tags: ['math', 'code'], score: 9.5 },
  { id: 'bob', age: 25, city: 'Paris', tags: ['art'], score: 7 },
  { id: 'cat', age: 31, city: 'London', tags: ['code'], score: null },
  { id: 'dan', age: 25, city: 'Berlin', tags: [], score: NaN },
  { id: 'eve', age: 40, city: 'Paris', tags: ['math'], score: 8 },
  { id: 'fay', city: 'Rome', tags: ['art', 'code'] },
];

async function ids(q: Query): Promise<string[]> {
  return (await getDocs(q)).docs.map((d) => d.id);
}

beforeAll(async () => {
  h = await startHarness();
  db = h.liteDb();
  const b = writeBatch(db);
  for (const { id, ...rest } of people) b.set(doc(db, 'people', id), rest);
  b.set(doc(db, 'people/ada/posts/p1'), { title: 'one', n: 1 });
  b.set(doc(db, 'people/bob/posts/p2'), { title: 'two', n: 2 });
  b.set(doc(db, 'archive/x/people/old/posts/p3'), { title: 'three', n: 3 });
  b.set(doc(db, 'posts/top'), { title: 'top', n: 4 });
  await b.commit();
});
afterAll(() => h.stop());

const P = () => collection(db, 'people');

describe('filters', () => {
  it('==, !=, <, <=, >, >=', async () => {
    expect(await ids(query(P(), where('city', '==', 'London')))).toEqual(['ada', 'cat']);
    // != excludes documents without the field and orders by the field first.
    expect(await ids(query(P(), where('age', '!=', 25)))).toEqual(['cat', 'ada', 'eve']);
    expect(await ids(query(P(), where('age', '<', 31)))).toEqual(['bob', 'dan']);
    expect(await ids(query(P(), where('age', '<=', 31)))).toEqual(['bob', 'dan', 'cat']);
    expect(await ids(query(P(), where('age', '>', 31)))).toEqual(['ada', 'eve']);
    expect(await ids(query(P(), where('age', '>=', 36)))).toEqual(['ada', 'eve']);
  });

  it('range filters only match values of the same type', async () => {
    expect(await ids(query(P(), where('city', '>', 5)))).toEqual([]);
    expect(await ids(query(P(), where('score', '>', 0)))).toEqual(['bob', 'eve', 'ada']);
  });

  it('array-contains, array-contains-any, in, not-in', async () => {
    expect(await ids(query(P(), where('tags', 'array-contains', 'code')))).toEqual(['ada', 'cat', 'fay']);
    expect(await ids(query(P(), where('tags', 'array-contains-any', ['art', 'math'])))).toEqual(['ada', 'bob', 'eve', 'fay']);
    expect(await ids(query(P(), where('city', 'in', ['Paris', 'Rome'])))).toEqual(['bob', 'eve', 'fay']);
    expect(await ids(query(P(), where('city', 'not-in', ['Paris', 'London'])))).toEqual(['dan', 'fay']);
  });

  it('null and NaN (unary filters)', async () => {
    expect(await ids(query(P(), where('score', '==', null)))).toEqual(['cat']);
    expect(await ids(query(P(), where('score', '==', NaN)))).toEqual(['dan']);
    expect(await ids(query(P(), where('score', '!=', null)))).toEqual(['dan', 'bob', 'eve', 'ada']);
    expect(await ids(query(P(), where('score', '!=', NaN)))).toEqual(['cat', 'bob', 'eve', 'ada']);
  });

  it('AND and OR composites', async () => {
    expect(await ids(query(P(), and(where('city', '==', 'Paris'), where('age', '>', 30))))).toEqual(['eve']);
    expect(await ids(query(P(), or(where('city', '==', 'Rome'), where('age', '==', 25))))).toEqual(['bob', 'dan', 'fay']);
    expect(
      await ids(query(P(), or(and(where('city', '==', 'London'), where('age', '<', 35)), where('tags', 'array-contains', 'art')))),
      // The inequality on age adds an implicit order by age, which excludes fay (no age).
    ).toEqual(['bob', 'cat']);
  });

  it('filters on the document id', async () => {
    expect(await ids(query(P(), where(documentId(), '>=', 'c'), where(documentId(), '<', 'e')))).toEqual(['cat', 'dan']);
    expect(await ids(query(P(), where(documentId(), 'in', ['bob', 'zzz'])))).toEqual(['bob']);
  });
});

describe('ordering, cursors and limits', () => {
  it('orders by a field (missing fields excluded) with __name__ as the tie-breaker', async () => {
    expect(await ids(query(P(), orderBy('age')))).toEqual(['bob', 'dan', 'cat', 'ada', 'eve']);
    expect(await ids(query(P(), orderBy('age', 'desc')))).toEqual(['eve', 'ada', 'cat', 'dan', 'bob']);
    // fay has no age, so ordering by age leaves her out.
    expect(await ids(query(P(), orderBy('city'), orderBy('age', 'desc')))).toEqual(['dan', 'ada', 'cat', 'eve', 'bob']);
  });

  it('limit and limitToLast', async () => {
    expect(await ids(query(P(), orderBy('age'), limit(2)))).toEqual(['bob', 'dan']);
    expect(await ids(query(P(), orderBy('age'), limitToLast(2)))).toEqual(['ada', 'eve']);
  });

  it('startAt, startAfter, endAt, endBefore by value and by snapshot', async () => {
    const byAge = query(P(), orderBy('age'));
    expect(await ids(query(byAge, startAt(31)))).toEqual(['cat', 'ada', 'eve']);
    expect(await ids(query(byAge, startAfter(31)))).toEqual(['ada', 'eve']);
    expect(await ids(query(byAge, endAt(31)))).toEqual(['bob', 'dan', 'cat']);
    expect(await ids(query(byAge, endBefore(31)))).toEqual(['bob', 'dan']);
    const page1 = await getDocs(query(byAge, limit(2)));
    const last = page1.docs[page1.docs.length - 1]!;
    expect(await ids(query(byAge, startAfter(last), limit(2)))).toEqual(['cat', 'ada']);
    // Ties on age are broken by the document name in the cursor.
    const byAgeId = query(P(), orderBy('age'), orderBy(documentId()));
    expect(await ids(query(byAgeId, startAfter(25, 'bob')))).toEqual(['dan', 'cat', 'ada', 'eve']);
    expect(await ids(query(byAgeId, startAt(25, 'dan'), endAt(36, 'ada')))).toEqual(['dan', 'cat', 'ada']);
  });

  it('equality filter + order-by + limit (the indexed path) agrees with a scan', async () => {
    const b = writeBatch(db);
    for (let i = 0; i < 300; i++) b.set(doc(db, 'big', `d${String(i).padStart(3, '0')}`), { g: i % 10, n: (i * 7) % 300 });
    await b.commit();
    const got = await ids(query(collection(db, 'big'), where('g', '==', 3), orderBy('n', 'desc'), limit(5)));
    const expected = Array.from({ length: 300 }, (_, i) => ({ id: `d${String(i).padStart(3, '0')}`, g: i % 10, n: (i * 7) % 300 }))
      .filter((d) => d.g === 3)
      .sort((a, b) => b.n - a.n)
      .slice(0, 5)
      .map((d) => d.id);
    expect(got).toEqual(expected);
    // The index follows later writes.
    await setDoc(doc(db, 'big/d003'), { g: 4, n: 1000 });
    const after = await ids(query(collection(db, 'big'), where('g', '==', 3), orderBy('n', 'desc'), limit(1)));
    expect(after).not.toContain('d003');
    expect(await ids(query(collection(db, 'big'), where('g', '==', 4), orderBy('n', 'desc'), limit(1)))).toEqual(['d003']);
  });
});

describe('indexed array membership', () => {
  it('array-contains and array-contains-any follow later writes', async () => {
    const ref = (id: string) => doc(db, 'members', id);
    await setDoc(ref('m1'), { users: ['ann', 'ben'], n: 1 });
    await setDoc(ref('m2'), { users: ['ben'], n: 2 });
    await setDoc(ref('m3'), { users: 'ben', n: 3 }); // not an array: never matches
    const has = (u: string) => ids(query(collection(db, 'members'), where('users', 'array-contains', u), orderBy('n', 'desc'), limit(10)));
    expect(await has('ben')).toEqual(['m2', 'm1']);
    await updateDoc(ref('m2'), { users: arrayRemove('ben') });
    await updateDoc(ref('m3'), { users: ['ben', 'ben'] });
    await deleteDoc(ref('m1'));
    expect(await has('ben')).toEqual(['m3']);
    expect(await ids(query(collection(db, 'members'), where('users', 'array-contains-any', ['ann', 'ben', 'zed'])))).toEqual(['m3']);
    await updateDoc(ref('m2'), { users: arrayUnion('ann') });
    expect(await has('ann')).toEqual(['m2']);
  });
});

describe('subcollections and collection groups', () => {
  it('queries a subcollection', async () => {
    expect(await ids(query(collection(db, 'people/ada/posts')))).toEqual(['p1']);
  });

  it('collection group queries find every collection with the id', async () => {
    expect(await ids(query(collectionGroup(db, 'posts'), orderBy('n')))).toEqual(['p1', 'p2', 'p3', 'top']);
    expect(await ids(query(collectionGroup(db, 'posts'), where('n', '>=', 2)))).toEqual(['p2', 'p3', 'top']);
    expect(await ids(query(collectionGroup(db, 'posts'), where('title', '==', 'three')))).toEqual(['p3']);
  });
});

describe('aggregations', () => {
  it('count, sum and average', async () => {
    expect((await getCount(P())).data().count).toBe(6);
    expect((await getCount(query(P(), where('city', '==', 'Paris')))).data().count).toBe(2);
    const agg = await getAggregate(query(P(), where('age', '>', 0)), { n: count(), total: sum('age'), avg: average('age') });
    expect(agg.data()).toEqual({ n: 5, total: 157, avg: 157 / 5 });
    const none = await getAggregate(query(P(), where('city', '==', 'Nowhere')), { total: sum('age'), avg: average('age') });
    expect(none.data()).toEqual({ total: 0, avg: null });
    const withNaN = await getAggregate(P(), { s: sum('score') });
    expect(withNaN.data().s).toBeNaN();
  });
});
