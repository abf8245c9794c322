/**
 * The RPCs firebase-admin never sends, called raw over gRPC: CreateDocument,
 * UpdateDocument, GetDocument, DeleteDocument, ListDocuments paging,
 * BeginTransaction / Rollback / Commit-in-a-transaction (ABORTED when a read
 * document changed), and RunAggregationQuery's count upTo. Results are checked
 * through firebase-admin, as a user would see them.
 */
import { describe, expect, it } from 'vitest';
import { micros, rawGrpcSuite, status } from './grpc-raw.ts';

const { OK, INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, FAILED_PRECONDITION, ABORTED } = status;

const suite = rawGrpcSuite();
const database = suite.database;
const docName = (path: string) => `${database()}/documents/${path}`;

describe('document RPCs over gRPC', () => {
  it('CreateDocument creates with a given or generated id, and refuses an existing one with ALREADY_EXISTS', async () => {
    const col = suite.fx.unique('create');
    const made = await suite.rpc.unary(
      'CreateDocument',
      'CreateDocumentRequest',
      { parent: `${database()}/documents`, collectionId: col, documentId: 'c1', document: { fields: { a: { integerValue: '1' }, s: { stringValue: 'x' } } } },
      'Document',
    );
    expect(made.code).toBe(OK);
    const created = made.messages[0];
    expect(created.name).toBe(docName(`${col}/c1`));
    expect(created.fields).toEqual({ a: { integerValue: '1' }, s: { stringValue: 'x' } });
    expect(micros(created.createTime)).toBe(micros(created.updateTime));
    expect((await suite.fx.db.doc(`${col}/c1`).get()).data()).toEqual({ a: 1, s: 'x' });

    const again = await suite.rpc.unary(
      'CreateDocument',
      'CreateDocumentRequest',
      { parent: `${database()}/documents`, collectionId: col, documentId: 'c1', document: { fields: { a: { integerValue: '2' } } } },
      'Document',
    );
    expect(again.code).toBe(ALREADY_EXISTS);
    expect(again.details).toContain(`${col}/c1`);
    expect((await suite.fx.db.doc(`${col}/c1`).get()).data()).toEqual({ a: 1, s: 'x' });

    const auto = await suite.rpc.unary(
      'CreateDocument',
      'CreateDocumentRequest',
      { parent: `${database()}/documents`, collectionId: col, document: { fields: { v: { booleanValue: true } } } },
      'Document',
    );
    expect(auto.code).toBe(OK);
    const autoId = (auto.messages[0].name as string).split('/').pop()!;
    expect(autoId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await suite.fx.db.doc(`${col}/${autoId}`).get()).data()).toEqual({ v: true });

    // Under a document: a subcollection.
    const sub = await suite.rpc.unary(
      'CreateDocument',
      'CreateDocumentRequest',
      { parent: docName(`${col}/c1`), collectionId: 'sub', documentId: 's1', document: { fields: {} } },
      'Document',
    );
    expect(sub.code).toBe(OK);
    expect((await suite.fx.db.doc(`${col}/c1/sub/s1`).get()).exists).toBe(true);
  });

  it('UpdateDocument replaces, applies update masks and preconditions, and upserts without one', async () => {
    const col = suite.fx.unique('update');
    await suite.fx.db.doc(`${col}/u`).set({ a: 1, m: { x: 1, y: 2 }, keep: 'k' });

    const masked = await suite.rpc.unary(
      'UpdateDocument',
      'UpdateDocumentRequest',
      {
        document: { name: docName(`${col}/u`), fields: { a: { integerValue: '5' }, m: { mapValue: { fields: { x: { integerValue: '10' } } } }, ignored: { stringValue: 'no' } } },
        // m.y is in the mask but not in the document: it is deleted.
        updateMask: { fieldPaths: ['a', 'm.x', 'm.y'] },
        currentDocument: { exists: true },
      },
      'Document',
    );
    expect(masked.code).toBe(OK);
    expect((await suite.fx.db.doc(`${col}/u`).get()).data()).toEqual({ a: 5, m: { x: 10 }, keep: 'k' });

    const stale = await suite.rpc.unary(
      'UpdateDocument',
      'UpdateDocumentRequest',
      { document: { name: docName(`${col}/u`), fields: {} }, currentDocument: { updateTime: { seconds: 978307200, nanos: 0 } } },
      'Document',
    );
    expect(stale.code).toBe(FAILED_PRECONDITION);

    const current = (await suite.fx.db.doc(`${col}/u`).get()).updateTime!;
    const replaced = await suite.rpc.unary(
      'UpdateDocument',
      'UpdateDocumentRequest',
      {
        document: { name: docName(`${col}/u`), fields: { only: { stringValue: 'this' } } },
        currentDocument: { updateTime: { seconds: current.seconds, nanos: current.nanoseconds } },
      },
      'Document',
    );
    expect(replaced.code).toBe(OK);
    expect(replaced.messages[0].fields).toEqual({ only: { stringValue: 'this' } });
    expect((await suite.fx.db.doc(`${col}/u`).get()).data()).toEqual({ only: 'this' });

    const missing = await suite.rpc.unary(
      'UpdateDocument',
      'UpdateDocumentRequest',
      { document: { name: docName(`${col}/missing`), fields: { a: { integerValue: '1' } } }, currentDocument: { exists: true } },
      'Document',
    );
    expect(missing.code).toBe(NOT_FOUND);
    expect((await suite.fx.db.doc(`${col}/missing`).get()).exists).toBe(false);

    const upsert = await suite.rpc.unary(
      'UpdateDocument',
      'UpdateDocumentRequest',
      { document: { name: docName(`${col}/fresh`), fields: { a: { integerValue: '1' } } } },
      'Document',
    );
    expect(upsert.code).toBe(OK);
    expect((await suite.fx.db.doc(`${col}/fresh`).get()).data()).toEqual({ a: 1 });
  });

  it('GetDocument returns the document (with a mask) or NOT_FOUND; DeleteDocument honours exists', async () => {
    const col = suite.fx.unique('getdel');
    const write = await suite.fx.db.doc(`${col}/g`).set({ a: 1, m: { x: 1, y: 2 } });

    const got = await suite.rpc.unary('GetDocument', 'GetDocumentRequest', { name: docName(`${col}/g`) }, 'Document');
    expect(got.code).toBe(OK);
    expect(got.messages[0].fields).toEqual({ a: { integerValue: '1' }, m: { mapValue: { fields: { x: { integerValue: '1' }, y: { integerValue: '2' } } } } });
    expect(micros(got.messages[0].updateTime)).toBe(BigInt(write.writeTime.seconds) * 1_000_000n + BigInt(Math.floor(write.writeTime.nanoseconds / 1000)));

    const masked = await suite.rpc.unary('GetDocument', 'GetDocumentRequest', { name: docName(`${col}/g`), mask: { fieldPaths: ['m.y'] } }, 'Document');
    expect(masked.messages[0].fields).toEqual({ m: { mapValue: { fields: { y: { integerValue: '2' } } } } });

    const absent = await suite.rpc.unary('GetDocument', 'GetDocumentRequest', { name: docName(`${col}/nope`) }, 'Document');
    expect(absent.code).toBe(NOT_FOUND);

    const delMissing = await suite.rpc.unary('DeleteDocument', 'DeleteDocumentRequest', { name: docName(`${col}/nope`), currentDocument: { exists: true } }, 'google.protobuf.Empty');
    expect(delMissing.code).toBe(NOT_FOUND);
    const delStale = await suite.rpc.unary(
      'DeleteDocument',
      'DeleteDocumentRequest',
      { name: docName(`${col}/g`), currentDocument: { updateTime: { seconds: 978307200, nanos: 0 } } },
      'google.protobuf.Empty',
    );
    expect(delStale.code).toBe(FAILED_PRECONDITION);
    expect((await suite.fx.db.doc(`${col}/g`).get()).exists).toBe(true);
    const del = await suite.rpc.unary('DeleteDocument', 'DeleteDocumentRequest', { name: docName(`${col}/g`), currentDocument: { exists: true } }, 'google.protobuf.Empty');
    expect(del.code).toBe(OK);
    expect((await suite.fx.db.doc(`${col}/g`).get()).exists).toBe(false);
    const delPlain = await suite.rpc.unary('DeleteDocument', 'DeleteDocumentRequest', { name: docName(`${col}/g`) }, 'google.protobuf.Empty');
    expect(delPlain.code).toBe(OK);
  });

  it('ListDocuments pages through a collection and shows missing parents on request', async () => {
    const col = suite.fx.unique('list');
    for (const id of ['a', 'b', 'c', 'd', 'e']) await suite.fx.db.doc(`${col}/${id}`).set({ id });
    await suite.fx.db.doc(`${col}/ghost/sub/x`).set({ v: 1 });
    const seen: string[] = [];
    let pageToken = '';
    for (let guard = 0; guard < 10; guard++) {
      const page = await suite.rpc.unary(
        'ListDocuments',
        'ListDocumentsRequest',
        { parent: `${database()}/documents`, collectionId: col, pageSize: 2, pageToken },
        'ListDocumentsResponse',
      );
      expect(page.code).toBe(OK);
      const docs = (page.messages[0].documents ?? []) as { name: string }[];
      expect(docs.length).toBeLessThanOrEqual(2);
      seen.push(...docs.map((d) => d.name.split('/').pop()!));
      pageToken = page.messages[0].nextPageToken ?? '';
      if (!pageToken) break;
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
    const withMissing = await suite.rpc.unary(
      'ListDocuments',
      'ListDocumentsRequest',
      { parent: `${database()}/documents`, collectionId: col, showMissing: true, mask: { fieldPaths: [] } },
      'ListDocumentsResponse',
    );
    const names = (withMissing.messages[0].documents as { name: string }[]).map((d) => d.name.split('/').pop());
    expect(names).toEqual(['a', 'b', 'c', 'd', 'e', 'ghost']);
  });

  it('RunAggregationQuery counts with upTo', async () => {
    const col = suite.fx.unique('agg');
    for (let i = 0; i < 5; i++) await suite.fx.db.doc(`${col}/d${i}`).set({ i });
    const res = await suite.rpc.stream(
      'RunAggregationQuery',
      'RunAggregationQueryRequest',
      {
        parent: `${database()}/documents`,
        structuredAggregationQuery: {
          structuredQuery: { from: [{ collectionId: col }] },
          aggregations: [
            { alias: 'all', count: {} },
            { alias: 'capped', count: { upTo: { value: 3 } } },
          ],
        },
      },
      'RunAggregationQueryResponse',
    );
    expect(res.code).toBe(OK);
    const result = res.messages.find((m) => m.result)!.result;
    expect(result.aggregateFields).toEqual({ all: { integerValue: '5' }, capped: { integerValue: '3' } });
  });
});

describe('transaction RPCs over gRPC', () => {
  const batchGet = (name: string, transaction: string) =>
    suite.rpc.stream('BatchGetDocuments', 'BatchGetDocumentsRequest', { database: database(), documents: [name], transaction }, 'BatchGetDocumentsResponse');
  const commit = (transaction: string, writes: object[]) =>
    suite.rpc.unary('Commit', 'CommitRequest', { database: database(), transaction, writes }, 'CommitResponse');

  it('a commit fails with ABORTED when a document the transaction read was changed meanwhile', async () => {
    const col = suite.fx.unique('txn');
    const name = docName(`${col}/acct`);
    await suite.fx.db.doc(`${col}/acct`).set({ n: 1 });
    const begun = await suite.rpc.unary('BeginTransaction', 'BeginTransactionRequest', { database: database(), options: { readWrite: {} } }, 'BeginTransactionResponse');
    expect(begun.code).toBe(OK);
    const txn = begun.messages[0].transaction as string;
    expect(txn.length).toBeGreaterThan(0);
    const read = await batchGet(name, txn);
    expect(read.code).toBe(OK);
    expect(read.messages[0].found.fields).toEqual({ n: { integerValue: '1' } });

    await suite.fx.db.doc(`${col}/acct`).update({ n: 100 }); // a non-transactional writer

    const c = await commit(txn, [{ update: { name, fields: { n: { integerValue: '2' } } } }]);
    expect(c.code).toBe(ABORTED);
    expect((await suite.fx.db.doc(`${col}/acct`).get()).get('n')).toBe(100);
  });

  it('a transaction that read unchanged documents commits its writes atomically', async () => {
    const col = suite.fx.unique('txnok');
    await suite.fx.db.doc(`${col}/a`).set({ n: 1 });
    const begun = await suite.rpc.unary('BeginTransaction', 'BeginTransactionRequest', { database: database() }, 'BeginTransactionResponse');
    const txn = begun.messages[0].transaction as string;
    await batchGet(docName(`${col}/a`), txn);
    const c = await commit(txn, [
      { update: { name: docName(`${col}/a`), fields: { n: { integerValue: '2' } } } },
      { update: { name: docName(`${col}/b`), fields: { n: { integerValue: '3' } } } },
    ]);
    expect(c.code).toBe(OK);
    expect(c.messages[0].writeResults).toHaveLength(2);
    const [a, b] = await suite.fx.db.getAll(suite.fx.db.doc(`${col}/a`), suite.fx.db.doc(`${col}/b`));
    expect([a!.get('n'), b!.get('n')]).toEqual([2, 3]);
    expect(a!.updateTime!.isEqual(b!.updateTime!)).toBe(true);
  });

  it('Rollback ends a transaction: its writes can no longer commit and other transactions proceed at once', async () => {
    const col = suite.fx.unique('rollback');
    const name = docName(`${col}/r`);
    await suite.fx.db.doc(`${col}/r`).set({ n: 1 });
    const t1 = (await suite.rpc.unary('BeginTransaction', 'BeginTransactionRequest', { database: database() }, 'BeginTransactionResponse')).messages[0].transaction as string;
    await batchGet(name, t1);
    const rb = await suite.rpc.unary('Rollback', 'RollbackRequest', { database: database(), transaction: t1 }, 'google.protobuf.Empty');
    expect(rb.code).toBe(OK);

    const started = Date.now();
    const t2 = (await suite.rpc.unary('BeginTransaction', 'BeginTransactionRequest', { database: database() }, 'BeginTransactionResponse')).messages[0].transaction as string;
    expect((await batchGet(name, t2)).code).toBe(OK);
    expect((await commit(t2, [{ update: { name, fields: { n: { integerValue: '2' } } } }])).code).toBe(OK);
    expect(Date.now() - started).toBeLessThan(3000);

    const late = await commit(t1, [{ update: { name, fields: { n: { integerValue: '99' } } } }]);
    expect(late.code).toBe(INVALID_ARGUMENT);
    expect((await suite.fx.db.doc(`${col}/r`).get()).get('n')).toBe(2);
  });
});
