import { describe, expect, it } from 'vitest';
import { decodeToJson } from './convert.ts';
import { frame } from './framing.ts';
import { firestoreService } from './protos.ts';
import { decodeReadRequest } from './read-requests.ts';

const typeOf = (method: string) => firestoreService.methods[method]!.resolvedRequestType!;
const framed = (method: string, json: Record<string, unknown>) => {
  const type = typeOf(method);
  return frame(type.encode(type.fromObject(json)).finish());
};

const DB = 'projects/p/databases/(default)';

describe('decodeReadRequest', () => {
  it.each([
    ['BatchGetDocuments', { database: DB, documents: [`${DB}/documents/a/1`] }],
    ['BatchGetDocuments', { database: DB, documents: [`${DB}/documents/a/1`, `${DB}/documents/a/2`, `${DB}/documents/b/x/c/y`] }],
    ['BatchGetDocuments', { database: DB }],
    ['GetDocument', { name: `${DB}/documents/a/1` }],
    ['GetDocument', {}],
  ])('%s %j decodes exactly as the generic decoder does', (method, json) => {
    const body = framed(method, json);
    const fast = decodeReadRequest(method, body);
    expect(fast).toEqual(decodeToJson(typeOf(method), body.subarray(5)));
    expect(fast).toEqual(json);
  });

  it.each([
    ['a mask', 'BatchGetDocuments', { database: DB, documents: [`${DB}/documents/a/1`], mask: { fieldPaths: ['x'] } }],
    ['a transaction', 'BatchGetDocuments', { database: DB, documents: [`${DB}/documents/a/1`], transaction: Buffer.from('t1') }],
    ['a new transaction', 'BatchGetDocuments', { database: DB, newTransaction: { readOnly: {} } }],
    ['a read time', 'GetDocument', { name: `${DB}/documents/a/1`, readTime: { seconds: 5 } }],
    ['a non-ASCII name', 'GetDocument', { name: `${DB}/documents/a/caf\u00e9` }],
  ])('leaves a request with %s to the generic decoder', (_what, method, json) => {
    expect(decodeReadRequest(method, framed(method, json))).toBeNull();
  });

  it('leaves other methods, compressed and malformed bodies to the generic decoder', () => {
    const body = framed('GetDocument', { name: `${DB}/documents/a/1` });
    expect(decodeReadRequest('Commit', body)).toBeNull();
    const compressed = Buffer.from(body);
    compressed[0] = 1;
    expect(decodeReadRequest('GetDocument', compressed)).toBeNull();
    expect(decodeReadRequest('GetDocument', body.subarray(0, body.length - 3))).toBeNull(); // length prefix disagrees
    const truncatedString = Buffer.concat([Buffer.from([0, 0, 0, 0, 3]), Buffer.from([10, 9, 65])]);
    expect(decodeReadRequest('GetDocument', truncatedString)).toBeNull();
    expect(decodeReadRequest('GetDocument', Buffer.alloc(3))).toBeNull();
  });
});
