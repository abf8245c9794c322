/**
 * Errors over gRPC as firebase-admin (and raw gRPC clients) see them: bad input —
 * malformed protobuf, bad resource names and field paths, a document over 1 MiB —
 * gets INVALID_ARGUMENT with a clear message and the server keeps serving; the
 * NOT_FOUND / ALREADY_EXISTS / PERMISSION_DENIED messages the SDK surfaces.
 */
import { FieldPath } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { rawGrpcSuite, status } from './grpc-raw.ts';

const { OK, INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, PERMISSION_DENIED, INTERNAL } = status;

const suite = rawGrpcSuite();
const database = suite.database;

/** The rejection of an admin SDK call: its gRPC code and message. */
async function failure(p: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await p;
  } catch (e) {
    return { code: (e as { code?: unknown }).code, message: (e as Error).message };
  }
  return { code: 'resolved', message: '' };
}

async function alive(): Promise<void> {
  const ref = suite.fx.db.collection(suite.fx.unique('alive')).doc('check');
  await ref.set({ ok: true });
  expect((await ref.get()).data()).toEqual({ ok: true });
}

describe('bad input over gRPC', () => {
  it('a malformed protobuf request is refused and the server keeps serving', async () => {
    // Field 1 (database) claims 255 bytes but the message ends: not a valid CommitRequest.
    const truncated = await suite.rpc.unary('Commit', 'CommitRequest', Buffer.from([0x0a, 0xff, 0x01, 0x61]), 'CommitResponse');
    // Google's emulator (grpc-java) reports unparsable requests as INTERNAL; the requirement for ours is INVALID_ARGUMENT.
    if (suite.fx.harness.local) {
      expect(truncated.code).toBe(INVALID_ARGUMENT);
      expect(truncated.details.length).toBeGreaterThan(0);
    } else {
      expect([INVALID_ARGUMENT, INTERNAL]).toContain(truncated.code);
    }
    // Random bytes on a streaming method.
    const noise = await suite.rpc.stream('RunQuery', 'RunQueryRequest', Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f, 0x12]), 'RunQueryResponse');
    expect(noise.code).not.toBe(OK);
    if (suite.fx.harness.local) expect(noise.code).toBe(INVALID_ARGUMENT);
    await alive();
  });

  it('bad resource names get INVALID_ARGUMENT naming the problem', async () => {
    const odd = await suite.rpc.unary('GetDocument', 'GetDocumentRequest', { name: `${database()}/documents/onlycollection` }, 'Document');
    expect(odd.code).toBe(INVALID_ARGUMENT);
    expect(odd.details).toContain('onlycollection');
    const empty = await suite.rpc.unary('GetDocument', 'GetDocumentRequest', { name: '' }, 'Document');
    expect(empty.code).toBe(INVALID_ARGUMENT);
    const garbage = await suite.rpc.unary('GetDocument', 'GetDocumentRequest', { name: 'not/a/resource/name' }, 'Document');
    expect(garbage.code).toBe(INVALID_ARGUMENT);
    const col = suite.fx.unique('badpath');
    const otherDb = await suite.rpc.unary(
      'Commit',
      'CommitRequest',
      { database: database(), writes: [{ update: { name: `projects/${suite.fx.harness.projectId}/databases/other/documents/${col}/x`, fields: {} } }] },
      'CommitResponse',
    );
    expect(otherDb.code).toBe(INVALID_ARGUMENT);
    // Through the SDK: a reserved id.
    const reserved = await failure(suite.fx.db.doc(`${col}/__reserved__`).set({ a: 1 }));
    expect(reserved.code).toBe(INVALID_ARGUMENT);
    expect(reserved.message).toContain('__reserved__');
    expect((await suite.fx.db.collection(col).get()).size).toBe(0);
    await alive();
  });

  it('bad field paths in a query get INVALID_ARGUMENT', async () => {
    const res = await suite.rpc.stream(
      'RunQuery',
      'RunQueryRequest',
      { parent: `${database()}/documents`, structuredQuery: { from: [{ collectionId: 'x' }], orderBy: [{ field: { fieldPath: 'a..b' } }] } },
      'RunQueryResponse',
    );
    expect(res.code).toBe(INVALID_ARGUMENT);
    const unclosed = await suite.rpc.stream(
      'RunQuery',
      'RunQueryRequest',
      { parent: `${database()}/documents`, structuredQuery: { from: [{ collectionId: 'x' }], where: { fieldFilter: { field: { fieldPath: '`open' }, op: 'EQUAL', value: { nullValue: 'NULL_VALUE' } } } } },
      'RunQueryResponse',
    );
    expect(unclosed.code).toBe(INVALID_ARGUMENT);
    await alive();
  });

  it('more than 500 writes in one commit is refused with INVALID_ARGUMENT and nothing is written', async () => {
    const col = suite.fx.unique('many');
    const writes = Array.from({ length: 501 }, (_, i) => ({ update: { name: `${database()}/documents/${col}/d${i}`, fields: {} } }));
    const res = await suite.rpc.unary('Commit', 'CommitRequest', { database: database(), writes }, 'CommitResponse');
    expect(res.code).toBe(INVALID_ARGUMENT);
    expect(res.details).toMatch(/500/);
    expect((await suite.fx.db.collection(col).count().get()).data().count).toBe(0);
    const ok = await suite.rpc.unary('Commit', 'CommitRequest', { database: database(), writes: writes.slice(0, 500) }, 'CommitResponse');
    expect(ok.code).toBe(OK);
    expect(ok.messages[0].writeResults).toHaveLength(500);
  });

  it('a document over 1 MiB is refused with INVALID_ARGUMENT; one just under is stored', async () => {
    const col = suite.fx.db.collection(suite.fx.unique('size'));
    const big = await failure(col.doc('big').set({ s: 'x'.repeat(1_100_000) }));
    expect(big.code).toBe(INVALID_ARGUMENT);
    expect(big.message).toMatch(/exceeds the maximum allowed size of 1,048,576 bytes/);
    expect((await col.doc('big').get()).exists).toBe(false);
    // Growing a document past the limit with an update is refused too.
    await col.doc('grow').set({ a: 'x'.repeat(600_000) });
    const grown = await failure(col.doc('grow').update({ b: 'y'.repeat(600_000) }));
    expect(grown.code).toBe(INVALID_ARGUMENT);
    expect((await col.doc('grow').get()).get('b')).toBeUndefined();
    await col.doc('fits').set({ s: 'x'.repeat(1_040_000) });
    expect(((await col.doc('fits').get()).get('s') as string).length).toBe(1_040_000);
  });
});

describe('error messages firebase-admin surfaces', () => {
  it('NOT_FOUND and ALREADY_EXISTS name the document', async () => {
    const col = suite.fx.unique('msgs');
    const missing = await failure(suite.fx.db.doc(`${col}/missing`).update({ a: 1 }));
    expect(missing.code).toBe(NOT_FOUND);
    expect(missing.message).toContain(`No document to update: ${database()}/documents/${col}/missing`);
    await suite.fx.db.doc(`${col}/taken`).create({ a: 1 });
    const taken = await failure(suite.fx.db.doc(`${col}/taken`).create({ a: 2 }));
    expect(taken.code).toBe(ALREADY_EXISTS);
    expect(taken.message).toContain(`Document already exists: ${database()}/documents/${col}/taken`);
    // Field paths are validated too (an empty segment is not a field path).
    const emptyField = await suite.rpc.unary(
      'Commit',
      'CommitRequest',
      { database: database(), writes: [{ update: { name: `${database()}/documents/${col}/f`, fields: { a: { integerValue: '1' } } }, updateMask: { fieldPaths: ['a.'] } }] },
      'CommitResponse',
    );
    expect(emptyField.code).toBe(INVALID_ARGUMENT);
    // ...while a quoted path with a dot is one field.
    await suite.fx.db.doc(`${col}/f`).set({ 'a.': 1 });
    expect((await suite.fx.db.doc(`${col}/f`).get()).get(new FieldPath('a.'))).toBe(1);
  });
});

describe.runIf(!process.env['FIRESTORE_TARGET'])('PERMISSION_DENIED over gRPC (local engine with rules)', () => {
  const secured = rawGrpcSuite({
    rules: `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if false; }
  }
}`,
  });

  it('a denied call carries the Firestore message; the owner is not subject to rules', async () => {
    const name = `${secured.database()}/documents/locked/d`;
    const denied = await secured.rpc.unary('Commit', 'CommitRequest', { database: secured.database(), writes: [{ update: { name, fields: {} } }] }, 'CommitResponse', null);
    expect(denied.code).toBe(PERMISSION_DENIED);
    expect(denied.details).toBe('Missing or insufficient permissions.');
    await secured.fx.db.doc('locked/d').set({ v: 1 });
    expect((await secured.fx.db.doc('locked/d').get()).get('v')).toBe(1);
    const read = await secured.rpc.unary('GetDocument', 'GetDocumentRequest', { name }, 'Document', null);
    expect(read.code).toBe(PERMISSION_DENIED);
  });
});
