import { describe, expect, it } from 'vitest';
import { ConversionError, decodeToJson, encodeFromJson, timestampFromString, timestampToString } from './convert.ts';
import { EVERY_VALUE, TX } from './every-value.fixture.ts';
import { lookupType } from './protos.ts';

/** JSON -> protobuf bytes -> JSON, as a response and then a request would travel. */
function roundTrip(typeName: string, json: unknown): unknown {
  const type = lookupType(typeName);
  return decodeToJson(type, encodeFromJson(type, json));
}

const NOW = '2024-05-01T12:34:56.123456789Z';
const cases: Array<[string, string, unknown]> = [
  ['document with every value type', 'google.firestore.v1.Document', {
    name: 'projects/p/databases/(default)/documents/c/d',
    fields: EVERY_VALUE,
    createTime: '2024-05-01T12:00:00Z',
    updateTime: NOW,
  }],
  ['get with transaction selector', 'google.firestore.v1.GetDocumentRequest', {
    name: 'projects/p/databases/(default)/documents/c/d', mask: { fieldPaths: ['a', 'b.c'] }, transaction: TX,
  }],
  ['get with readTime selector', 'google.firestore.v1.GetDocumentRequest', {
    name: 'projects/p/databases/(default)/documents/c/d', readTime: NOW,
  }],
  ['batch get with newTransaction', 'google.firestore.v1.BatchGetDocumentsRequest', {
    database: 'projects/p/databases/voiceglow-eu', documents: ['projects/p/databases/voiceglow-eu/documents/a/b'],
    newTransaction: { readWrite: { retryTransaction: TX } },
  }],
  ['batch get found', 'google.firestore.v1.BatchGetDocumentsResponse', {
    found: { name: 'projects/p/databases/(default)/documents/a/b', fields: { x: { integerValue: '1' } }, createTime: NOW, updateTime: NOW },
    transaction: TX, readTime: NOW,
  }],
  ['batch get missing', 'google.firestore.v1.BatchGetDocumentsResponse', {
    missing: 'projects/p/databases/(default)/documents/a/b', readTime: NOW,
  }],
  ['begin read-only transaction', 'google.firestore.v1.BeginTransactionRequest', {
    database: 'projects/p/databases/(default)', options: { readOnly: { readTime: NOW } },
  }],
  ['begin read-write transaction (empty)', 'google.firestore.v1.BeginTransactionRequest', {
    database: 'projects/p/databases/(default)', options: { readWrite: {} },
  }],
  ['transaction id', 'google.firestore.v1.BeginTransactionResponse', { transaction: TX }],
  ['rollback', 'google.firestore.v1.RollbackRequest', { database: 'projects/p/databases/(default)', transaction: TX }],
  ['empty', 'google.protobuf.Empty', {}],
  ['commit with every write kind', 'google.firestore.v1.CommitRequest', {
    database: 'projects/p/databases/(default)',
    transaction: TX,
    writes: [
      {
        update: { name: 'projects/p/databases/(default)/documents/c/d', fields: { a: { integerValue: '1' } } },
        updateMask: { fieldPaths: ['a', '`b.c`'] },
        updateTransforms: [
          { fieldPath: 'ts', setToServerValue: 'REQUEST_TIME' },
          { fieldPath: 'n', increment: { integerValue: '2' } },
          { fieldPath: 'd', increment: { doubleValue: 0.5 } },
          { fieldPath: 'mx', maximum: { integerValue: '10' } },
          { fieldPath: 'mn', minimum: { doubleValue: -1 } },
          { fieldPath: 'u', appendMissingElements: { values: [{ stringValue: 'a' }] } },
          { fieldPath: 'r', removeAllFromArray: { values: [{ integerValue: '0' }] } },
        ],
        currentDocument: { exists: false },
      },
      { delete: 'projects/p/databases/(default)/documents/c/e', currentDocument: { updateTime: NOW } },
      { delete: 'projects/p/databases/(default)/documents/c/f', currentDocument: { exists: true } },
      { transform: { document: 'projects/p/databases/(default)/documents/c/g', fieldTransforms: [{ fieldPath: 'x', setToServerValue: 'REQUEST_TIME' }] } },
    ],
  }],
  ['commit response', 'google.firestore.v1.CommitResponse', {
    writeResults: [{ updateTime: NOW, transformResults: [{ timestampValue: NOW }, { integerValue: '3' }] }, {}],
    commitTime: NOW,
  }],
  ['batch write response with statuses', 'google.firestore.v1.BatchWriteResponse', {
    writeResults: [{ updateTime: NOW }, {}],
    status: [{}, { code: 6, message: 'Document already exists: x' }],
  }],
  ['structured query with everything', 'google.firestore.v1.RunQueryRequest', {
    parent: 'projects/p/databases/(default)/documents/a/b',
    structuredQuery: {
      select: { fields: [{ fieldPath: 'a' }, { fieldPath: '__name__' }] },
      from: [{ collectionId: 'c', allDescendants: true }],
      where: {
        compositeFilter: {
          op: 'OR',
          filters: [
            { fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: { integerValue: '0' } } },
            { fieldFilter: { field: { fieldPath: 'b' }, op: 'ARRAY_CONTAINS_ANY', value: { arrayValue: { values: [{ stringValue: 'x' }] } } } },
            { unaryFilter: { field: { fieldPath: 'c' }, op: 'IS_NOT_NAN' } },
            { compositeFilter: { op: 'AND', filters: [{ unaryFilter: { field: { fieldPath: 'd' }, op: 'IS_NULL' } }] } },
          ],
        },
      },
      orderBy: [{ field: { fieldPath: 'a' }, direction: 'DESCENDING' }, { field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
      startAt: { values: [{ integerValue: '5' }], before: true },
      endAt: { values: [{ integerValue: '9' }] },
      offset: 3,
      limit: 20,
    },
    readTime: NOW,
  }],
  ['query with limit 0 wrapper kept', 'google.firestore.v1.RunQueryRequest', {
    parent: 'projects/p/databases/(default)/documents', structuredQuery: { from: [{ collectionId: 'c' }], limit: 0 },
  }],
  ['run query response', 'google.firestore.v1.RunQueryResponse', {
    transaction: TX, document: { name: 'projects/p/databases/(default)/documents/c/d', createTime: NOW, updateTime: NOW }, readTime: NOW, skippedResults: 2, done: true,
  }],
  ['aggregation query', 'google.firestore.v1.RunAggregationQueryRequest', {
    parent: 'projects/p/databases/(default)/documents',
    structuredAggregationQuery: {
      structuredQuery: { from: [{ collectionId: 'c' }] },
      aggregations: [
        { alias: 'n', count: { upTo: '1000' } },
        { alias: 'c', count: {} },
        { alias: 's', sum: { field: { fieldPath: 'x' } } },
        { alias: 'a', avg: { field: { fieldPath: 'x' } } },
      ],
    },
    newTransaction: { readOnly: {} },
  }],
  ['aggregation result', 'google.firestore.v1.RunAggregationQueryResponse', {
    result: { aggregateFields: { n: { integerValue: '7' }, a: { nullValue: null }, s: { doubleValue: 1.5 } } }, readTime: NOW,
  }],
  ['list documents', 'google.firestore.v1.ListDocumentsRequest', {
    parent: 'projects/p/databases/(default)/documents', collectionId: 'c', pageSize: 100, pageToken: 't', mask: { fieldPaths: [] }, showMissing: true,
  }],
  ['list collection ids', 'google.firestore.v1.ListCollectionIdsResponse', { collectionIds: ['a', 'b'], nextPageToken: 'n' }],
  ['update document', 'google.firestore.v1.UpdateDocumentRequest', {
    document: { name: 'projects/p/databases/(default)/documents/c/d', fields: { a: { stringValue: 'x' } } },
    updateMask: { fieldPaths: ['a'] }, currentDocument: { exists: true },
  }],
  ['create document', 'google.firestore.v1.CreateDocumentRequest', {
    parent: 'projects/p/databases/(default)/documents', collectionId: 'c', documentId: 'd', document: { fields: {} },
  }],
];

describe('gRPC <-> proto3 JSON converter', () => {
  it.each(cases)('round-trips %s', (_name, typeName, json) => {
    const expected = JSON.parse(JSON.stringify(json)) as Record<string, unknown>;
    // proto3 JSON has no way to say "empty map"; an empty fields object comes back absent.
    if (typeName.endsWith('CreateDocumentRequest')) expected['document'] = {};
    // Likewise an empty mask comes back as a present, empty DocumentMask ("no fields").
    if (typeName.endsWith('ListDocumentsRequest')) expected['mask'] = {};
    expect(roundTrip(typeName, json)).toEqual(expected);
  });

  it('omits proto3 defaults outside oneofs but keeps oneof members set to defaults', () => {
    const out = roundTrip('google.firestore.v1.RunQueryResponse', { skippedResults: 0, done: false, readTime: NOW });
    expect(out).toEqual({ done: false, readTime: NOW });
  });

  it.each([
    ['2024-05-01T12:34:56.1Z', 1714566896, 100_000_000],
    ['2024-05-01T12:34:56.000001Z', 1714566896, 1000],
    ['2024-05-01T12:34:56.123456789Z', 1714566896, 123_456_789],
    ['2024-02-29T23:59:59.999999Z', 1709251199, 999_999_000],
    ['1969-12-31T23:59:59.5Z', -1, 500_000_000],
    ['9999-12-31T23:59:59.999999999Z', 253402300799, 999_999_999],
    ['2024-05-01T14:34:56.25+02:00', 1714566896, 250_000_000],
    ['2024-05-01T12:34:56Z', 1714566896, 0],
  ])('reads the time %s as %i s + %i ns', (text, seconds, nanos) => {
    expect(timestampFromString(text)).toEqual({ seconds, nanos });
  });

  it('normalises timestamps to 0, 3, 6 or 9 fraction digits and to UTC', () => {
    const doc = (t: string) => roundTrip('google.firestore.v1.Document', { name: 'n', updateTime: t }) as { updateTime: string };
    expect(doc('2024-01-02T03:04:05.1Z').updateTime).toBe('2024-01-02T03:04:05.100Z');
    expect(doc('2024-01-02T03:04:05.1234Z').updateTime).toBe('2024-01-02T03:04:05.123400Z');
    expect(doc('2024-01-02T03:04:05.000000001Z').updateTime).toBe('2024-01-02T03:04:05.000000001Z');
    expect(doc('2024-01-02T05:04:05+02:00').updateTime).toBe('2024-01-02T03:04:05Z');
    expect(timestampFromString('0099-03-01T00:00:00Z')).toEqual({ seconds: -59037897600, nanos: 0 });
    expect(timestampToString(-59037897600, 5)).toBe('0099-03-01T00:00:00.000000005Z');
    expect(() => timestampToString(0, -1)).toThrow(ConversionError);
    expect(() => timestampToString(0, 1_000_000_000)).toThrow(ConversionError);
    expect(() => timestampToString(253402300800, 0)).toThrow(ConversionError);
    expect(() => timestampFromString('10000-01-01T00:00:00Z')).toThrow(ConversionError);
  });

  it('accepts enum numbers, numeric int64 and "NULL_VALUE" on the way in', () => {
    const out = roundTrip('google.firestore.v1.StructuredQuery', {
      where: { fieldFilter: { field: { fieldPath: 'a' }, op: 5, value: { integerValue: 7 } } },
      orderBy: [{ field: { fieldPath: 'b' }, direction: 2 }],
    });
    expect(out).toEqual({
      where: { fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: { integerValue: '7' } } },
      orderBy: [{ field: { fieldPath: 'b' }, direction: 'DESCENDING' }],
    });
    expect(roundTrip('google.firestore.v1.Value', { nullValue: 'NULL_VALUE' })).toEqual({ nullValue: null });
  });

  it('converts google.protobuf well-known types (Struct, Duration, Any)', () => {
    expect(roundTrip('google.firestore.v1.ExplainMetrics', {
      planSummary: { indexesUsed: [{ query_scope: 'Collection', properties: '(a ASC)', n: 1, nested: [true, null] }] },
      executionStats: { resultsReturned: '5', executionDuration: '1.500s', readOperations: '2', debugStats: { x: 'y' } },
    })).toEqual({
      planSummary: { indexesUsed: [{ query_scope: 'Collection', properties: '(a ASC)', n: 1, nested: [true, null] }] },
      executionStats: { resultsReturned: '5', executionDuration: '1.500s', readOperations: '2', debugStats: { x: 'y' } },
    });
    const status = { code: 3, message: 'bad', details: [{ '@type': 'type.googleapis.com/google.firestore.v1.DocumentMask', fieldPaths: ['a'] }] };
    expect(roundTrip('google.rpc.Status', status)).toEqual(status);
  });

  it.each([
    ['an unknown field', 'google.firestore.v1.Document', { name: 'n', nmae: 'x' }, /unknown field "nmae"/],
    ['two members of one oneof', 'google.firestore.v1.Value', { integerValue: '1', stringValue: 'x' }, /both set in oneof valueType/],
    ['a non-integer int64', 'google.firestore.v1.Value', { integerValue: '1.5' }, /expected an integer/],
    ['an int64 out of range', 'google.firestore.v1.Value', { integerValue: '9223372036854775808' }, /out of the 64-bit range/],
    ['a bad timestamp', 'google.firestore.v1.Value', { timestampValue: 'yesterday' }, /invalid RFC 3339/],
    ['a bad enum name', 'google.firestore.v1.StructuredQuery.Order', { direction: 'UP' }, /not a value of Direction/],
    ['a string for a bool', 'google.firestore.v1.Value', { booleanValue: 'true' }, /expected a boolean/],
  ])('rejects %s with a path in the message', (_name, typeName, json, message) => {
    expect(() => encodeFromJson(lookupType(typeName), json)).toThrow(ConversionError);
    expect(() => encodeFromJson(lookupType(typeName), json)).toThrow(message);
  });
});
