/**
 * Order-by rules for inequality filters, through both SDKs (lite over REST,
 * firebase-admin over gRPC): inequality fields are ordered implicitly after the
 * explicit order-bys (in field-path order, with the last explicit direction),
 * __name__ breaks ties in that direction, documents missing an inequality field
 * are excluded, and snapshot cursors continue in that implicit order.
 */
import {
  collection,
  getDocs,
  limit as liteLimit,
  orderBy as liteOrderBy,
  query,
  startAfter as liteStartAfter,
  where as liteWhere,
  type Firestore as LiteFirestore,
  type QueryConstraint,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdmin, type AdminHarness } from './admin-client.ts';

let fx: AdminHarness;
let lite: LiteFirestore;
let colId: string;

// id: [age, city, s]; "f" has no age.
const ROWS: Record<string, Record<string, unknown>> = {
  a: { age: 30, city: 'Rome', s: 5 },
  b: { age: 25, city: 'Paris', s: 9 },
  c: { age: 25, city: 'Berlin', s: 1 },
  d: { age: 40, city: 'Athens', s: 7 },
  e: { age: 35, city: 'Zurich', s: 3 },
  f: { city: 'Oslo', s: 2 },
};

beforeAll(async () => {
  fx = await startAdmin();
  lite = fx.harness.liteDb();
  colId = fx.unique('ineq');
  const batch = fx.db.batch();
  for (const [id, data] of Object.entries(ROWS)) batch.set(fx.db.collection(colId).doc(id), data);
  await batch.commit();
});
afterAll(async () => {
  await fx?.stop();
});

type Op = '<' | '<=' | '>' | '>=' | '!=' | '==';
interface Case {
  name: string;
  where: Array<[string, Op, unknown]>;
  orderBy?: Array<[string, 'asc' | 'desc']>;
  expected: string[];
}

const CASES: Case[] = [
  { name: 'one inequality orders by that field, ties by __name__', where: [['age', '>=', 25]], expected: ['b', 'c', 'a', 'e', 'd'] },
  { name: 'two inequalities order by both fields in field-path order', where: [['age', '>', 20], ['city', '<', 'X']], expected: ['c', 'b', 'a', 'd'] },
  { name: 'field-path order, not filter order', where: [['s', '<', 8], ['age', '>', 20]], expected: ['c', 'a', 'e', 'd'] },
  { name: 'an explicit order-by comes first, the inequality field after it', where: [['age', '>=', 25]], orderBy: [['city', 'asc']], expected: ['d', 'c', 'b', 'a', 'e'] },
  { name: 'implicit orders take the last explicit direction', where: [['age', '>=', 25]], orderBy: [['s', 'desc']], expected: ['b', 'd', 'a', 'e', 'c'] },
  { name: 'descending on the inequality field breaks ties by __name__ descending', where: [['age', '>', 20]], orderBy: [['age', 'desc']], expected: ['d', 'e', 'a', 'c', 'b'] },
  { name: '!= is an inequality: ordered by the field, missing fields excluded', where: [['age', '!=', 30]], expected: ['b', 'c', 'e', 'd'] },
  { name: 'equality adds no order: __name__ only', where: [['age', '==', 25]], expected: ['b', 'c'] },
];

describe.each([
  ['lite (REST)', 'lite'],
  ['firebase-admin (gRPC)', 'admin'],
] as const)('inequality ordering via %s', (_label, sdk) => {
  async function run(c: Pick<Case, 'where' | 'orderBy'>, extra: { limit?: number; after?: unknown } = {}): Promise<{ ids: string[]; last: unknown }> {
    if (sdk === 'lite') {
      const constraints: QueryConstraint[] = [
        ...c.where.map(([f, op, v]) => liteWhere(f, op, v)),
        ...(c.orderBy ?? []).map(([f, d]) => liteOrderBy(f, d)),
      ];
      if (extra.after) constraints.push(liteStartAfter(extra.after as never));
      if (extra.limit) constraints.push(liteLimit(extra.limit));
      const snap = await getDocs(query(collection(lite, colId), ...constraints));
      return { ids: snap.docs.map((d) => d.id), last: snap.docs.at(-1) };
    }
    let q: FirebaseFirestore.Query = fx.db.collection(colId);
    for (const [f, op, v] of c.where) q = q.where(f, op, v);
    for (const [f, d] of c.orderBy ?? []) q = q.orderBy(f, d);
    if (extra.after) q = q.startAfter(extra.after as FirebaseFirestore.DocumentSnapshot);
    if (extra.limit) q = q.limit(extra.limit);
    const snap = await q.get();
    return { ids: snap.docs.map((d) => d.id), last: snap.docs.at(-1) };
  }

  it.each(CASES)('$name', async (c) => {
    expect((await run(c)).ids).toEqual(c.expected);
  });

  it('a snapshot cursor continues in the implicit order of a multi-inequality query', async () => {
    const c = { where: [['age', '>', 20], ['city', '<', 'X']] as Array<[string, Op, unknown]> };
    const page1 = await run(c, { limit: 2 });
    expect(page1.ids).toEqual(['c', 'b']);
    const page2 = await run(c, { limit: 2, after: page1.last });
    expect(page2.ids).toEqual(['a', 'd']);
  });
});

// The lite SDK spells the implicit order-bys out in its request; a raw request leaves them to the server.
describe('inequality ordering decided by the server (raw REST runQuery without order-by)', () => {
  async function raw(filters: Array<[string, string, object]>, orderBy: Array<[string, string]> = []): Promise<string[]> {
    const res = await fetch(`${fx.harness.url}/v1/projects/${fx.harness.projectId}/databases/(default)/documents:runQuery`, {
      method: 'POST',
      body: JSON.stringify({
        structuredQuery: {
          from: [{ collectionId: colId }],
          where: { compositeFilter: { op: 'AND', filters: filters.map(([f, op, value]) => ({ fieldFilter: { field: { fieldPath: f }, op, value } })) } },
          orderBy: orderBy.map(([f, direction]) => ({ field: { fieldPath: f }, direction })),
        },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Array<{ document?: { name: string } }>;
    return body.filter((m) => m.document).map((m) => m.document!.name.split('/').pop()!);
  }

  it('orders by the inequality fields in field-path order, then __name__', async () => {
    expect(await raw([['s', 'LESS_THAN', { integerValue: '8' }], ['age', 'GREATER_THAN', { integerValue: '20' }]])).toEqual(['c', 'a', 'e', 'd']);
    expect(await raw([['age', 'NOT_EQUAL', { integerValue: '30' }]])).toEqual(['b', 'c', 'e', 'd']);
  });

  it('appends the inequality field after an explicit order-by, with its direction', async () => {
    expect(await raw([['age', 'GREATER_THAN_OR_EQUAL', { integerValue: '25' }]], [['s', 'DESCENDING']])).toEqual(['b', 'd', 'a', 'e', 'c']);
    expect(await raw([['age', 'GREATER_THAN', { integerValue: '20' }]], [['age', 'DESCENDING']])).toEqual(['d', 'e', 'a', 'c', 'b']);
  });
});
