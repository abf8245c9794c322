/**
 * RunAggregationQuery semantics beyond the basics: sum stays an integer for
 * integers and becomes a double when a double (or 64-bit overflow) is involved,
 * average is always a double, non-numeric and missing values are ignored, and
 * aggregates respect filters, offset and limit — checked in the wire types
 * (REST) and as both SDKs return them.
 */
import { average, collection, count, getAggregate, query, sum, where, type Firestore as LiteFirestore } from 'firebase/firestore/lite';
import { AggregateField } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdmin, type AdminHarness } from './admin-client.ts';

let fx: AdminHarness;
let lite: LiteFirestore;
let col: string;

beforeAll(async () => {
  fx = await startAdmin();
  lite = fx.harness.liteDb();
  col = fx.unique('aggsem');
  const batch = fx.db.batch();
  // i: integers; d: integers and one double; mixed: numbers, a string, null, a bool and a missing value.
  batch.set(fx.db.doc(`${col}/a`), { i: 1, d: 1, mixed: 10, kind: 'x' });
  batch.set(fx.db.doc(`${col}/b`), { i: 2, d: 2.5, mixed: 'ten', kind: 'x' });
  batch.set(fx.db.doc(`${col}/c`), { i: 3, d: 3, mixed: null, kind: 'y' });
  batch.set(fx.db.doc(`${col}/d`), { i: 4, d: 4, mixed: true, kind: 'y' });
  batch.set(fx.db.doc(`${col}/e`), { i: 5, d: 5, kind: 'y' });
  batch.set(fx.db.doc(`${col}/f`), { i: 6, d: 6, mixed: 20, kind: 'z', big: 9_000_000_000_000_000_000 });
  batch.set(fx.db.doc(`${col}/g`), { i: 7, d: 7, mixed: 30, kind: 'z' });
  await batch.commit();
});
afterAll(async () => {
  await fx?.stop();
});

async function restAggregate(aggregations: object[], structuredQuery: object = {}): Promise<Record<string, object>> {
  const res = await fetch(`${fx.harness.url}/v1/projects/${fx.harness.projectId}/databases/(default)/documents:runAggregationQuery`, {
    method: 'POST',
    body: JSON.stringify({ structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: col }], ...structuredQuery }, aggregations } }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Array<{ result?: { aggregateFields: Record<string, object> } }>;
  return body.find((m) => m.result)!.result!.aggregateFields;
}

describe('aggregation value types (REST wire)', () => {
  it('sum of integers is an integer; with a double it is a double; average is a double', async () => {
    const r = await restAggregate([
      { alias: 'si', sum: { field: { fieldPath: 'i' } } },
      { alias: 'sd', sum: { field: { fieldPath: 'd' } } },
      { alias: 'ai', avg: { field: { fieldPath: 'i' } } },
    ]);
    expect(r).toEqual({ si: { integerValue: '28' }, sd: { doubleValue: 28.5 }, ai: { doubleValue: 4 } });
  });

  it('non-numeric and missing values are ignored; nothing numeric gives sum 0 and average null', async () => {
    const r = await restAggregate([
      { alias: 's', sum: { field: { fieldPath: 'mixed' } } },
      { alias: 'a', avg: { field: { fieldPath: 'mixed' } } },
      { alias: 'none', sum: { field: { fieldPath: 'kind' } } },
      { alias: 'noneAvg', avg: { field: { fieldPath: 'kind' } } },
    ]);
    expect(r).toEqual({ s: { integerValue: '60' }, a: { doubleValue: 20 }, none: { integerValue: '0' }, noneAvg: { nullValue: null } });
  });

  it('an integer sum that overflows 64 bits becomes a double', async () => {
    const res = await restAggregate([{ alias: 's', sum: { field: { fieldPath: 'big' } } }]);
    // 9e21 is beyond 64-bit integers, so firebase-admin stores it as a double and the sum is a double.
    expect(res).toEqual({ s: { doubleValue: 9_000_000_000_000_000_000 } });
    await fetch(`${fx.harness.url}/v1/projects/${fx.harness.projectId}/databases/(default)/documents:commit`, {
      method: 'POST',
      body: JSON.stringify({
        writes: ['o1', 'o2'].map((id) => ({
          update: { name: `projects/${fx.harness.projectId}/databases/(default)/documents/${col}-overflow/${id}`, fields: { n: { integerValue: '9223372036854775807' } } },
        })),
      }),
    });
    const over = await fetch(`${fx.harness.url}/v1/projects/${fx.harness.projectId}/databases/(default)/documents:runAggregationQuery`, {
      method: 'POST',
      body: JSON.stringify({
        structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: `${col}-overflow` }] }, aggregations: [{ alias: 's', sum: { field: { fieldPath: 'n' } } }] },
      }),
    });
    const body = (await over.json()) as Array<{ result?: { aggregateFields: Record<string, { doubleValue?: number }> } }>;
    const s = body.find((m) => m.result)!.result!.aggregateFields['s']!;
    expect(s.doubleValue).toBe(2 ** 64); // 2 × (2^63 − 1), as a double
  });

  it('aggregates apply after filters, offset and limit', async () => {
    const r = await restAggregate(
      [
        { alias: 'c', count: {} },
        { alias: 's', sum: { field: { fieldPath: 'i' } } },
      ],
      { where: { fieldFilter: { field: { fieldPath: 'kind' }, op: 'IN', value: { arrayValue: { values: [{ stringValue: 'y' }, { stringValue: 'z' }] } } } }, orderBy: [{ field: { fieldPath: 'i' } }], offset: 1, limit: 3 },
    );
    // kind y/z: c(3) d(4) e(5) f(6) g(7); skip 1, take 3 → d, e, f.
    expect(r).toEqual({ c: { integerValue: '3' }, s: { integerValue: '15' } });
  });
});

describe('the same aggregates through both SDKs', () => {
  it('lite and admin agree', async () => {
    const liteResult = await getAggregate(query(collection(lite, col), where('kind', '!=', 'x')), { n: count(), s: sum('mixed'), a: average('d') });
    expect(liteResult.data()).toEqual({ n: 5, s: 50, a: 5 });
    const adminResult = await fx.db
      .collection(col)
      .where('kind', '!=', 'x')
      .aggregate({ n: AggregateField.count(), s: AggregateField.sum('mixed'), a: AggregateField.average('d') })
      .get();
    expect(adminResult.data()).toEqual({ n: 5, s: 50, a: 5 });
  });
});
