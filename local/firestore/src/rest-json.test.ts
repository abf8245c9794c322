import { describe, expect, it } from 'vitest';
import { responseText } from './rest-json.ts';

const NAME = 'projects/demo-parley/databases/(default)/documents/rooms/r1';
const fields = {
  title: { stringValue: 'Hello "world" ✓\n' },
  n: { integerValue: '42' },
  nested: { mapValue: { fields: { tags: { arrayValue: { values: [{ stringValue: 'a' }, { nullValue: null }] } } } } },
};
const doc = { name: NAME, fields, createTime: '2024-05-01T12:00:00Z', updateTime: '2024-05-01T12:00:01.5Z' };

describe('REST response text', () => {
  it('is exactly JSON.stringify of every response shape', () => {
    const bodies: unknown[] = [
      doc,
      { ...doc, name: `${NAME}-copy` }, // the same stored fields under another name
      { ...doc, updateTime: '2024-05-01T12:00:09Z' },
      { name: NAME },
      { ...doc, fields: undefined },
      [{ document: doc, readTime: '2024-05-01T12:00:02Z' }, { readTime: '2024-05-01T12:00:02Z', transaction: 'AAE=' }],
      [{ found: doc, readTime: 't' }, { missing: `${NAME}x`, readTime: 't' }],
      { documents: [doc, { name: `${NAME}y` }], nextPageToken: 'abc' },
      { documents: [] },
      { writeResults: [{ updateTime: 't' }], commitTime: 't' },
      { error: { code: 404, message: 'Document "x" not found.', status: 'NOT_FOUND' } },
      {},
      [],
    ];
    for (const body of bodies) {
      expect(responseText(body)).toBe(JSON.stringify(body));
      expect(responseText(body)).toBe(JSON.stringify(body)); // again, from the cache
    }
  });

  it('serializes a new version of a document, not the cached text of the old one', () => {
    const v1 = { name: NAME, fields: { n: { integerValue: '1' } } };
    const v2 = { name: NAME, fields: { n: { integerValue: '2' } } };
    expect(JSON.parse(responseText(v1))).toEqual(v1);
    expect(JSON.parse(responseText([{ document: v2 }]))).toEqual([{ document: v2 }]);
    expect(JSON.parse(responseText(v1))).toEqual(v1);
  });
});
