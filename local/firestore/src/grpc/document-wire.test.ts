import { describe, expect, it } from 'vitest';
import { decodeToJson, encodeFromJson } from './convert.ts';
import { encodeReadResponse } from './document-wire.ts';
import { EVERY_VALUE as fields, TX } from './every-value.fixture.ts';
import { lookupType } from './protos.ts';

const NAME = 'projects/demo-parley/databases/(default)/documents/rooms/r1';
const doc = { name: NAME, fields, createTime: '2024-05-01T12:00:00.000001Z', updateTime: '2024-05-01T12:00:01Z' };

/** What the SDK would decode from our bytes, in the engine's JSON form. */
function decoded(typeName: string, bytes: Uint8Array | null): unknown {
  expect(bytes).not.toBeNull();
  return decodeToJson(lookupType(`google.firestore.v1.${typeName}`), bytes!);
}

/** The same response through the generic (reflection-based) encoder. */
function generic(typeName: string, json: unknown): unknown {
  const type = lookupType(`google.firestore.v1.${typeName}`);
  return decodeToJson(type, encodeFromJson(type, json));
}

describe('hand-written read-response encoder', () => {
  it('encodes a document with every value type exactly as the generic encoder does', () => {
    const fast = decoded('Document', encodeReadResponse('Document', doc));
    expect(fast).toEqual(generic('Document', doc));
    expect(fast).toEqual(doc);
  });

  it('encodes RunQuery, BatchGetDocuments and ListDocuments responses', () => {
    const cases: [string, unknown][] = [
      ['RunQueryResponse', { document: doc, readTime: '2024-05-01T12:00:02.5Z' }],
      ['RunQueryResponse', { transaction: TX, document: doc, readTime: '2024-05-01T12:00:02Z' }],
      ['RunQueryResponse', { readTime: '2024-05-01T12:00:02Z' }],
      ['BatchGetDocumentsResponse', { found: doc, readTime: '2024-05-01T12:00:02Z' }],
      ['BatchGetDocumentsResponse', { transaction: TX, missing: `${NAME}-gone`, readTime: '2024-05-01T12:00:02Z' }],
      ['ListDocumentsResponse', { documents: [doc, { ...doc, name: `${NAME}x` }, { name: `${NAME}y` }], nextPageToken: 'abc' }],
      ['ListDocumentsResponse', { documents: [] }],
    ];
    for (const [type, json] of cases) {
      expect(decoded(type, encodeReadResponse(type, json)), type).toEqual(generic(type, json));
    }
  });

  it('reflects a new version of a document (cached bytes belong to one stored fields object)', () => {
    const v1 = { name: NAME, fields: { n: { integerValue: '1' } }, updateTime: '2024-05-01T12:00:00Z' };
    const v2 = { name: NAME, fields: { n: { integerValue: '2' } }, updateTime: '2024-05-01T12:00:01Z' };
    expect(decoded('Document', encodeReadResponse('Document', v1))).toEqual(v1);
    expect(decoded('Document', encodeReadResponse('Document', v1))).toEqual(v1);
    expect(decoded('Document', encodeReadResponse('Document', v2))).toEqual(v2);
    // The same stored fields under another name (e.g. a projection result) keep their own name.
    const other = { ...v2, name: `${NAME}-copy` };
    expect(decoded('Document', encodeReadResponse('Document', other))).toEqual(other);
  });

  it.each([
    '2024-05-01T12:34:56.1Z',
    '2024-05-01T12:34:56.12Z',
    '2024-05-01T12:34:56.123Z',
    '2024-05-01T12:34:56.000001Z',
    '2024-05-01T12:34:56.123456789Z',
    '2024-02-29T23:59:59.999999Z',
    '1970-01-01T00:00:00.000000Z',
    '1969-12-31T23:59:59.5Z',
    '9999-12-31T23:59:59.999999999Z',
    '0001-01-01T00:00:00.5Z',
    '2024-05-01T12:34:56Z',
    '2024-05-01T14:34:56.25+02:00',
    '2024-02-30T00:00:00.5Z', // not a day: both encoders leave it to Date.UTC
  ])('writes the time %s as the generic encoder does', (time) => {
    const d = { name: NAME, fields: { t: { timestampValue: time } }, createTime: time, updateTime: time };
    const json = { found: d, readTime: time };
    expect(decoded('BatchGetDocumentsResponse', encodeReadResponse('BatchGetDocumentsResponse', json))).toEqual(
      generic('BatchGetDocumentsResponse', json),
    );
  });

  it('declines shapes it does not handle, so the generic encoder reports them', () => {
    expect(encodeReadResponse('CommitResponse', { commitTime: '2024-05-01T12:00:00Z' })).toBeNull();
    expect(encodeReadResponse('RunQueryResponse', { document: doc, skippedResults: 3 })).toBeNull();
    expect(encodeReadResponse('Document', { ...doc, extra: 1 })).toBeNull();
    expect(encodeReadResponse('Document', { name: NAME, fields: { bad: { notAValue: 1 } } })).toBeNull();
    expect(encodeReadResponse('Document', { name: NAME, fields: { two: { stringValue: 'a', booleanValue: true } } })).toBeNull();
    expect(encodeReadResponse('Document', { name: NAME, fields: { int: { integerValue: '1.5' } } })).toBeNull();
    expect(encodeReadResponse('Document', { name: NAME, createTime: 'yesterday' })).toBeNull();
    expect(encodeReadResponse('BatchGetDocumentsResponse', { found: doc, missing: NAME })).toBeNull();
  });
});
