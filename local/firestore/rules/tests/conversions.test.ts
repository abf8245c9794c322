import { describe, expect, it } from 'vitest';
import { dbl, outcome, Ref } from './helpers.ts';

describe('type conversions', () => {
  it.each([
    ["int('42') == 42", 'true'],
    ["int('-7') is int", 'true'],
    ['int(3.9) == 3', 'true'],
    ['int(-3.9) == -3', 'true'],
    ['int(5) == 5', 'true'],
    ["int('4.2') == 4", 'error'],
    ["int('x') == 0", 'error'],
    ['int(true) == 1', 'error'],
    ["float('2.5') == 2.5", 'true'],
    ['float(2) is float', 'true'],
    ["float('abc') == 0", 'error'],
    ["string(42) == '42'", 'true'],
    ["string(true) == 'true'", 'true'],
    ["string(null) == 'null'", 'true'],
    ["string(2.5) == '2.5'", 'true'],
    ["string(request.path) == '/databases/(default)/documents/things/t1'", 'true'],
    ['string([1]) == "[1]"', 'error'],
    ["bool('true') == true", 'true'],
    ["bool('false') == false", 'true'],
    ["bool('yes')", 'error'],
    ["path('/databases/(default)/documents/things/t1') == request.path", 'true'],
    ['path(1) == request.path', 'error'],
    ['debug(1 + 1) == 2', 'true'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));
});

describe('values from the REST form', () => {
  const data = {
    i: 3,
    big: 9007199254740993n,
    d: dbl(3),
    f: 2.5,
    s: 'x',
    b: true,
    n: null,
    when: new Date('2026-01-02T03:04:05Z'),
    ref: new Ref('/databases/(default)/documents/users/alice'),
    bytes: new Uint8Array([1, 2, 3]),
    arr: [1, 'a'],
    map: { k: 'v' },
  };
  it.each([
    ['resource.data.i is int && resource.data.i == 3', 'true'],
    ['resource.data.big == 9007199254740993 && resource.data.big != 9007199254740992', 'true'],
    ['resource.data.d is float && resource.data.d == 3', 'true'],
    ['resource.data.f is float && resource.data.f < resource.data.i', 'true'],
    ['resource.data.s is string && resource.data.b is bool && resource.data.n == null', 'true'],
    ['resource.data.when is timestamp && resource.data.when.year() == 2026', 'true'],
    ['resource.data.ref is path && resource.data.ref == /databases/$(database)/documents/users/alice', 'true'],
    ['resource.data.bytes is bytes && resource.data.bytes.size() == 3', 'true'],
    ["resource.data.bytes.toBase64() == 'AQID'", 'true'],
    ["resource.data.arr is list && resource.data.arr[1] == 'a'", 'true'],
    ["resource.data.map is map && resource.data.map.k == 'v'", 'true'],
    ['resource.data.n.k == 1', 'error'],
  ])('%s → %s', (expr, want) => expect(outcome(expr, { data })).toBe(want));

  it('geopoints are latlng values', () => {
    const access = undefined;
    const geo = { resource: { path: '/databases/(default)/documents/things/t1', fields: { at: { geoPointValue: { latitude: 48.85, longitude: 2.35 } } } } };
    expect(outcome('resource.data.at is latlng && resource.data.at.latitude() == 48.85', { req: geo, access })).toBe('true');
    expect(outcome('resource.data.at.distance(latlng.value(48.85, 2.36)) < 1000', { req: geo })).toBe('true');
    expect(outcome('resource.data.at.distance(latlng.value(51.5, 0.0)) < 1000', { req: geo })).toBe('false');
  });

  it('hashing functions', () => {
    expect(outcome("hashing.sha256('abc').toHexString() == 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'")).toBe('true');
    expect(outcome("hashing.md5('abc').toBase64() == 'kAFQmDzST7DWlj99KOF/cg=='")).toBe('true');
    expect(outcome("hashing.crc32('abc') == 891568578")).toBe('true');
    expect(outcome("hashing.crc32c('123456789') == 3808858755")).toBe('true');
    expect(outcome('hashing.md5(1) == 1')).toBe('error');
  });
});
