import { describe, expect, it } from 'vitest';
import type { Value } from './contract.ts';
import { formatFieldPath, parseFieldPath, setField, deleteField, getField } from './paths.ts';
import { compareUtf8, compareValues, normalizeTimestamp, normalizeValue, valueKey, valuesEqual } from './values.ts';

describe('compareValues', () => {
  it('orders numbers numerically across int and double, NaN first, big ints exactly', () => {
    const vals: Value[] = [
      { doubleValue: 'NaN' },
      { doubleValue: '-Infinity' },
      { integerValue: '-9223372036854775808' },
      { doubleValue: -1.5 },
      { integerValue: '0' },
      { doubleValue: 0.5 },
      { integerValue: '9007199254740992' },
      { integerValue: '9007199254740993' },
      { doubleValue: 'Infinity' },
    ];
    const shuffled = [...vals].reverse();
    expect(shuffled.sort(compareValues)).toEqual(vals);
    expect(compareValues({ integerValue: '1' }, { doubleValue: 1 })).toBe(0);
    expect(compareValues({ doubleValue: -0 }, { doubleValue: 0 })).toBe(0);
  });

  it('compares strings by UTF-8 bytes, not UTF-16 code units', () => {
    // U+FFFF is EF BF BF in UTF-8; U+1F600 (a surrogate pair in UTF-16) is F0 9F 98 80.
    expect(compareUtf8('\uffff', '😀')).toBe(-1);
    expect('\uffff' < '😀').toBe(false); // what plain JS comparison would say
    expect(compareUtf8('a', 'ab')).toBe(-1);
  });

  it('compares timestamps in any RFC 3339 form', () => {
    expect(compareValues({ timestampValue: '2024-01-01T01:00:00+01:00' }, { timestampValue: '2024-01-01T00:00:00Z' })).toBe(0);
    expect(compareValues({ timestampValue: '2024-01-01T00:00:00.000001Z' }, { timestampValue: '2024-01-01T00:00:00Z' })).toBe(1);
  });

  it('orders references by segment and maps key by key', () => {
    const ref = (p: string): Value => ({ referenceValue: `projects/p/databases/d/documents/${p}` });
    expect(compareValues(ref('a/b'), ref('a/b/c/d'))).toBe(-1);
    expect(compareValues(ref('a/b/c/d'), ref('a/c'))).toBe(-1);
    const map = (f: Record<string, Value>): Value => ({ mapValue: { fields: f } });
    expect(compareValues(map({ a: { integerValue: '2' } }), map({ b: { integerValue: '0' } }))).toBe(-1);
    expect(compareValues(map({ a: { integerValue: '1' } }), map({ a: { integerValue: '1' }, b: { nullValue: null } }))).toBe(-1);
  });
});

describe('equality and index keys', () => {
  it('equal values share a key; NaN equals nothing in queries', () => {
    expect(valueKey({ integerValue: '3' })).toBe(valueKey({ doubleValue: 3 }));
    expect(valueKey({ timestampValue: '2024-01-01T01:00:00+01:00' })).toBe(valueKey({ timestampValue: '2024-01-01T00:00:00Z' }));
    expect(valueKey({ stringValue: '3' })).not.toBe(valueKey({ integerValue: '3' }));
    expect(valuesEqual({ doubleValue: 'NaN' }, { doubleValue: 'NaN' })).toBe(false);
  });
});

describe('normalizeValue', () => {
  it('canonicalises timestamps to microseconds in UTC and rejects bad input', () => {
    expect(normalizeTimestamp('2024-05-06T07:08:09.123456789+02:00')).toBe('2024-05-06T05:08:09.123456Z');
    expect(() => normalizeValue({ integerValue: '1.5' })).toThrow(/Invalid value/);
    expect(() => normalizeValue({ integerValue: '9223372036854775808' })).toThrow();
    expect(() => normalizeValue({ arrayValue: { values: [{ arrayValue: {} }] } })).toThrow(/nested arrays/);
    expect(() => normalizeValue({})).toThrow(/exactly one value type/);
    expect(normalizeValue({ doubleValue: NaN })).toEqual({ doubleValue: 'NaN' });
  });
});

describe('field paths', () => {
  it('parses and formats dotted and backtick-quoted paths', () => {
    expect(parseFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(parseFieldPath('`a.b`.c')).toEqual(['a.b', 'c']);
    expect(parseFieldPath('`we\\`ird\\\\`')).toEqual(['we`ird\\']);
    expect(formatFieldPath(['a.b', 'c', 'x y', '_ok1'])).toBe('`a.b`.c.`x y`._ok1');
    expect(parseFieldPath(formatFieldPath(['we`ird\\', '1st']))).toEqual(['we`ird\\', '1st']);
    expect(() => parseFieldPath('a..b')).toThrow(/empty segment/);
    expect(() => parseFieldPath('`open')).toThrow(/unterminated/);
  });

  it('sets and deletes nested fields without mutating the input', () => {
    const orig = { a: { mapValue: { fields: { b: { integerValue: '1' } } } } } as Record<string, Value>;
    const set = setField(orig, ['a', 'c', 'd'], { stringValue: 'x' });
    expect(getField(set, ['a', 'c', 'd'])).toEqual({ stringValue: 'x' });
    expect(getField(set, ['a', 'b'])).toEqual({ integerValue: '1' });
    expect(getField(orig, ['a', 'c'])).toBeUndefined();
    const del = deleteField(set, ['a', 'b']);
    expect(getField(del, ['a', 'b'])).toBeUndefined();
    expect(getField(set, ['a', 'b'])).toEqual({ integerValue: '1' });
  });
});
