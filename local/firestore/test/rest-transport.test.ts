/**
 * The REST transport with raw HTTP: CORS, bad input (never crashes the server),
 * error codes, the document verbs, listing, offsets/projections, databases and
 * projects kept separate, and the emulator's clear endpoint.
 */
import { doc, getDoc, getDocs, collection, setDoc, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let db: Firestore;

beforeAll(async () => {
  h = await startHarness();
  db = h.liteDb();
});
afterAll(() => h.stop());

const root = (database = '(default)', project = h.projectId) => `projects/${project}/databases/${database}`;

async function call(method: string, path: string, body?: unknown, raw?: string): Promise<{ status: number; json: any; headers: Headers }> {
  const res = await fetch(`${h.url}/v1/${path}`, {
    method,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    headers: { 'Content-Type': 'text/plain' },
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

async function alive(): Promise<void> {
  await setDoc(doc(db, 'alive/check'), { ok: true });
  expect((await getDoc(doc(db, 'alive/check'))).data()).toEqual({ ok: true });
}

describe('CORS', () => {
  it('answers preflight requests like Google emulator', async () => {
    const res = await fetch(`${h.url}/v1/${root()}/documents:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-goog-api-client',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('adds Access-Control-Allow-Origin to normal and error responses', async () => {
    const ok = await fetch(`${h.url}/v1/${root()}/documents/cors/x`, { headers: { Origin: 'http://app.test' } });
    expect(ok.status).toBe(404);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://app.test');
  });
});

describe('bad input gets INVALID_ARGUMENT and the server keeps serving', () => {
  it('malformed JSON', async () => {
    const r = await call('POST', `${root()}/documents:commit`, undefined, '{"writes": [');
    expect(r.status).toBe(400);
    expect(r.json.error.status).toBe('INVALID_ARGUMENT');
    expect(r.json.error.message).toMatch(/Invalid JSON payload/);
    const arr = await call('POST', `${root()}/documents:commit`, undefined, '[1,2]');
    expect(arr.json.error.status).toBe('INVALID_ARGUMENT');
    await alive();
  });

  it('bad document paths', async () => {
    const odd = await call('POST', `${root()}/documents:commit`, {
      writes: [{ update: { name: `${root()}/documents/onlycollection`, fields: {} } }],
    });
    expect(odd.json.error.status).toBe('INVALID_ARGUMENT');
    expect(odd.json.error.message).toMatch(/even number of segments/);
    const empty = await call('POST', `${root()}/documents:commit`, {
      writes: [{ update: { name: `${root()}/documents/a//b`, fields: {} } }],
    });
    expect(empty.json.error.status).toBe('INVALID_ARGUMENT');
    const reserved = await call('POST', `${root()}/documents:commit`, {
      writes: [{ update: { name: `${root()}/documents/__x__/y`, fields: {} } }],
    });
    expect(reserved.json.error.status).toBe('INVALID_ARGUMENT');
    const otherDb = await call('POST', `${root()}/documents:commit`, {
      writes: [{ update: { name: `${root('other')}/documents/a/b`, fields: {} } }],
    });
    expect(otherDb.json.error.status).toBe('INVALID_ARGUMENT');
    const garbage = await call('GET', 'nonsense/path');
    expect(garbage.json.error.status).toBe('INVALID_ARGUMENT');
    await alive();
  });

  it('bad values and bad queries', async () => {
    const badValue = await call('POST', `${root()}/documents:commit`, {
      writes: [{ update: { name: `${root()}/documents/a/b`, fields: { x: { integerValue: 'abc' } } } }],
    });
    expect(badValue.json.error.status).toBe('INVALID_ARGUMENT');
    const twoTypes = await call('POST', `${root()}/documents:commit`, {
      writes: [{ update: { name: `${root()}/documents/a/b`, fields: { x: { stringValue: 'a', booleanValue: true } } } }],
    });
    expect(twoTypes.json.error.status).toBe('INVALID_ARGUMENT');
    const badQuery = await call('POST', `${root()}/documents:runQuery`, {
      structuredQuery: { from: [{ collectionId: 'a' }], where: { fieldFilter: { field: { fieldPath: 'x' }, op: 'LIKE', value: { nullValue: null } } } },
    });
    expect(badQuery.json.error.status).toBe('INVALID_ARGUMENT');
    const badField = await call('POST', `${root()}/documents:runQuery`, {
      structuredQuery: { from: [{ collectionId: 'a' }], orderBy: [{ field: { fieldPath: 'a..b' } }] },
    });
    expect(badField.json.error.status).toBe('INVALID_ARGUMENT');
    await alive();
  });

  it('a document over 1 MiB', async () => {
    const r = await call('POST', `${root()}/documents:commit`, {
      writes: [{ update: { name: `${root()}/documents/big/one`, fields: { s: { stringValue: 'x'.repeat(1_048_600) } } } }],
    });
    expect(r.status).toBe(400);
    expect(r.json.error.status).toBe('INVALID_ARGUMENT');
    expect(r.json.error.message).toMatch(/exceeds the maximum allowed size of 1,048,576 bytes/);
    // Just under the limit is fine.
    const ok = await call('POST', `${root()}/documents:commit`, {
      writes: [{ update: { name: `${root()}/documents/big/two`, fields: { s: { stringValue: 'x'.repeat(1_040_000) } } } }],
    });
    expect(ok.status).toBe(200);
    await alive();
  });

  it('more than 500 writes in a commit', async () => {
    const writes = Array.from({ length: 501 }, (_, i) => ({ update: { name: `${root()}/documents/many/d${i}`, fields: {} } }));
    const r = await call('POST', `${root()}/documents:commit`, { writes });
    expect(r.status).toBe(400);
    expect(r.json.error.status).toBe('INVALID_ARGUMENT');
    expect(r.json.error.message).toMatch(/at most 500 writes/);
    expect((await getDocs(collection(db, 'many'))).size).toBe(0);
    await alive();
  });
});

describe('error codes', () => {
  it('NOT_FOUND, ALREADY_EXISTS, FAILED_PRECONDITION, UNIMPLEMENTED with their HTTP statuses', async () => {
    const nf = await call('GET', `${root()}/documents/missing/doc`);
    expect([nf.status, nf.json.error.status]).toEqual([404, 'NOT_FOUND']);
    await call('POST', `${root()}/documents/codes?documentId=one`, { fields: { a: { integerValue: '1' } } });
    const ae = await call('POST', `${root()}/documents/codes?documentId=one`, { fields: {} });
    expect([ae.status, ae.json.error.status]).toEqual([409, 'ALREADY_EXISTS']);
    const fp = await call('PATCH', `${root()}/documents/codes/one?currentDocument.updateTime=2001-01-01T00:00:00Z`, { fields: {} });
    expect([fp.status, fp.json.error.status]).toEqual([400, 'FAILED_PRECONDITION']);
    const un = await call('POST', `${root()}/documents:listen`, {});
    expect([un.status, un.json.error.status]).toEqual([501, 'UNIMPLEMENTED']);
    expect(un.json.error.message).toMatch(/not implemented/);
  });
});

describe('document verbs', () => {
  it('create, patch with masks and preconditions, get with mask, delete with precondition', async () => {
    const created = await call('POST', `${root()}/documents/verbs?documentId=v1`, {
      fields: { a: { integerValue: '1' }, b: { mapValue: { fields: { c: { stringValue: 'x' }, d: { booleanValue: true } } } } },
    });
    expect(created.status).toBe(200);
    expect(created.json.name).toBe(`${root()}/documents/verbs/v1`);
    expect(created.json.createTime).toBe(created.json.updateTime);
    const patched = await call(
      'PATCH',
      `${root()}/documents/verbs/v1?updateMask.fieldPaths=b.c&updateMask.fieldPaths=gone&currentDocument.exists=true`,
      { fields: { b: { mapValue: { fields: { c: { stringValue: 'y' } } } }, ignored: { nullValue: null } } },
    );
    expect(patched.json.fields).toEqual({
      a: { integerValue: '1' },
      b: { mapValue: { fields: { c: { stringValue: 'y' }, d: { booleanValue: true } } } },
    });
    const masked = await call('GET', `${root()}/documents/verbs/v1?mask.fieldPaths=b.d`);
    expect(masked.json.fields).toEqual({ b: { mapValue: { fields: { d: { booleanValue: true } } } } });
    const auto = await call('POST', `${root()}/documents/verbs`, { fields: {} });
    expect(auto.json.name).toMatch(/verbs\/[A-Za-z0-9]{20}$/);
    const delMissing = await call('DELETE', `${root()}/documents/verbs/nope?currentDocument.exists=true`);
    expect(delMissing.json.error.status).toBe('NOT_FOUND');
    const del = await call('DELETE', `${root()}/documents/verbs/v1?currentDocument.exists=true`);
    expect(del.status).toBe(200);
    expect((await call('GET', `${root()}/documents/verbs/v1`)).status).toBe(404);
  });

  it('batchWrite applies writes independently and reports each status', async () => {
    const r = await call('POST', `${root()}/documents:batchWrite`, {
      writes: [
        { update: { name: `${root()}/documents/bw/a`, fields: { v: { integerValue: '1' } } } },
        { update: { name: `${root()}/documents/bw/missing`, fields: {} }, currentDocument: { exists: true } },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.json.status[0].code ?? 0).toBe(0);
    expect(r.json.status[1].code).toBe(5);
    expect((await getDoc(doc(db, 'bw/a'))).data()).toEqual({ v: 1 });
  });
});

describe('listing, offsets and projections', () => {
  beforeAll(async () => {
    for (let i = 0; i < 7; i++) await setDoc(doc(db, 'list', `d${i}`), { i, s: `s${i}`, extra: true });
    await setDoc(doc(db, 'list/ghost/sub/x'), { y: 1 });
    await setDoc(doc(db, 'list/d1/alpha/x'), { y: 1 });
    await setDoc(doc(db, 'list/d1/beta/deep/gamma/z'), { y: 1 });
  });

  it('lists documents page by page', async () => {
    const names: string[] = [];
    let token: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const r = await call('GET', `${root()}/documents/list?pageSize=3${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
      names.push(...r.json.documents.map((d: { name: string }) => d.name.split('/').pop()));
      token = r.json.nextPageToken;
      if (!token) break;
    }
    expect(names).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6']);
    const missing = await call('GET', `${root()}/documents/list?showMissing=true`);
    expect(missing.json.documents.map((d: { name: string }) => d.name.split('/').pop())).toContain('ghost');
  });

  it('lists collection ids under the root and under a document', async () => {
    const top = await call('POST', `${root()}/documents:listCollectionIds`, {});
    expect(top.json.collectionIds).toContain('list');
    const sub = await call('POST', `${root()}/documents/list/d1:listCollectionIds`, {});
    expect(sub.json.collectionIds).toEqual(['alpha', 'beta']);
    const paged = await call('POST', `${root()}/documents/list/d1:listCollectionIds`, { pageSize: 1 });
    expect(paged.json.collectionIds).toEqual(['alpha']);
    const next = await call('POST', `${root()}/documents/list/d1:listCollectionIds`, { pageSize: 1, pageToken: paged.json.nextPageToken });
    expect(next.json.collectionIds).toEqual(['beta']);
  });

  it('runQuery honours offset and select', async () => {
    const r = await call('POST', `${root()}/documents:runQuery`, {
      structuredQuery: {
        from: [{ collectionId: 'list' }],
        orderBy: [{ field: { fieldPath: 'i' }, direction: 'ASCENDING' }],
        offset: 2,
        limit: 3,
        select: { fields: [{ fieldPath: 's' }] },
      },
    });
    const docs = r.json.filter((m: any) => m.document).map((m: any) => m.document);
    expect(docs.map((d: any) => d.fields)).toEqual([{ s: { stringValue: 's2' } }, { s: { stringValue: 's3' } }, { s: { stringValue: 's4' } }]);
    const empty = await call('POST', `${root()}/documents:runQuery`, { structuredQuery: { from: [{ collectionId: 'nothing' }] } });
    expect(empty.json).toHaveLength(1);
    expect(typeof empty.json[0].readTime).toBe('string');
  });

  it('count up_to and aggregation over a limited query', async () => {
    const r = await call('POST', `${root()}/documents:runAggregationQuery`, {
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'list' }], limit: 5 },
        aggregations: [{ alias: 'c', count: {} }, { alias: 'capped', count: { upTo: 2 } }, { alias: 's', sum: { field: { fieldPath: 'i' } } }],
      },
    });
    expect(r.json[0].result.aggregateFields).toEqual({ c: { integerValue: '5' }, capped: { integerValue: '2' }, s: { integerValue: '10' } });
  });
});

describe('databases and projects', () => {
  it('keeps (default), voiceglow-eu and other projects separate', async () => {
    const eu = h.liteDb({ database: 'voiceglow-eu' });
    await setDoc(doc(db, 'sep/x'), { where: 'na' });
    await setDoc(doc(eu, 'sep/x'), { where: 'eu' });
    await call('POST', `${root('(default)', 'other-project')}/documents:commit`, {
      writes: [{ update: { name: `${root('(default)', 'other-project')}/documents/sep/x`, fields: { where: { stringValue: 'other' } } } }],
    });
    expect((await getDoc(doc(db, 'sep/x'))).data()).toEqual({ where: 'na' });
    expect((await getDoc(doc(eu, 'sep/x'))).data()).toEqual({ where: 'eu' });
    const other = await call('GET', `${root('(default)', 'other-project')}/documents/sep/x`);
    expect(other.json.fields.where.stringValue).toBe('other');
  });

  it('the emulator DELETE endpoint clears one database only', async () => {
    const eu = h.liteDb({ database: 'voiceglow-eu' });
    await setDoc(doc(db, 'clr/x'), { a: 1 });
    await setDoc(doc(eu, 'clr/x'), { a: 1 });
    await h.clear('voiceglow-eu');
    expect((await getDoc(doc(eu, 'clr/x'))).exists()).toBe(false);
    expect((await getDoc(doc(db, 'clr/x'))).exists()).toBe(true);
  });
});
