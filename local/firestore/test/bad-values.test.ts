/**
 * Malformed field values are refused with INVALID_ARGUMENT (nothing is stored,
 * the server keeps serving): bad base64 bytes, references that are not
 * document resource names, unparsable timestamps, out-of-range geo points and
 * integers — over REST/JSON, and the ones protobuf can carry over gRPC.
 */
import { describe, expect, it } from 'vitest';
import { rawGrpcSuite, status } from './grpc-raw.ts';

const { INVALID_ARGUMENT } = status;

const suite = rawGrpcSuite();
const root = suite.database;

async function restWrite(docPath: string, fields: object): Promise<{ status: number; error?: { status: string; message: string } }> {
  const res = await fetch(`${suite.fx.harness.url}/v1/${root()}/documents:commit`, {
    method: 'POST',
    body: JSON.stringify({ writes: [{ update: { name: `${root()}/documents/${docPath}`, fields } }] }),
  });
  const body = (await res.json()) as { error?: { status: string; message: string } };
  return { status: res.status, error: body.error };
}

describe('malformed values', () => {
  it.each([
    ['bytes that are not base64', { b: { bytesValue: '@@@' } }],
    ['a reference that is not a resource name', { r: { referenceValue: 'users/u1' } }],
    ['a reference outside any database', { r: { referenceValue: 'nope' } }],
    ['an unparsable timestamp', { t: { timestampValue: 'yesterday' } }],
    ['a latitude beyond 90', { g: { geoPointValue: { latitude: 200, longitude: 0 } } }],
    ['an integer beyond 64 bits', { i: { integerValue: '9223372036854775808' } }],
    ['an integer that is not a number', { i: { integerValue: '12abc' } }],
    ['a value nested in a map', { m: { mapValue: { fields: { deep: { referenceValue: 'x/y' } } } } }],
  ])('REST: %s gets INVALID_ARGUMENT and is not stored', async (_label, fields) => {
    const col = suite.fx.unique('badval');
    const r = await restWrite(`${col}/d`, fields);
    expect(r.status).toBe(400);
    expect(r.error?.status).toBe('INVALID_ARGUMENT');
    expect(r.error?.message.length).toBeGreaterThan(0);
    expect((await suite.fx.db.doc(`${col}/d`).get()).exists).toBe(false);
  });

  it('REST: valid base64 (standard, URL-safe, unpadded) and full references are stored', async () => {
    const col = suite.fx.unique('goodval');
    const r = await restWrite(`${col}/d`, {
      std: { bytesValue: 'AAEC/w==' },
      url: { bytesValue: 'AAEC_w' },
      ref: { referenceValue: `${root()}/documents/users/u1` },
    });
    expect(r.status).toBe(200);
    const data = (await suite.fx.db.doc(`${col}/d`).get()).data()!;
    expect([...(data['std'] as Uint8Array)]).toEqual([0, 1, 2, 255]);
    expect([...(data['url'] as Uint8Array)]).toEqual([0, 1, 2, 255]);
    expect(data['ref'].path).toBe('users/u1');
  });

  it('gRPC: a reference that is not a resource name gets INVALID_ARGUMENT', async () => {
    const col = suite.fx.unique('badref');
    const res = await suite.rpc.unary(
      'Commit',
      'CommitRequest',
      { database: root(), writes: [{ update: { name: `${root()}/documents/${col}/d`, fields: { r: { referenceValue: 'users/u1' } } } }] },
      'CommitResponse',
    );
    expect(res.code).toBe(INVALID_ARGUMENT);
    expect((await suite.fx.db.doc(`${col}/d`).get()).exists).toBe(false);
    // The server keeps serving.
    await suite.fx.db.doc(`${col}/ok`).set({ r: suite.fx.db.doc('users/u1') });
    expect((await suite.fx.db.doc(`${col}/ok`).get()).get('r').path).toBe('users/u1');
  });
});
