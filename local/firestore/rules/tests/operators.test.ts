import { describe, expect, it } from 'vitest';
import { outcome } from './helpers.ts';

describe('comparison and equality', () => {
  it.each([
    ['1 == 1', 'true'],
    ['1 == 1.0', 'true'],
    ['1 != 2', 'true'],
    ["'a' == 'a'", 'true'],
    ["'a' == 1", 'false'],
    ['null == null', 'true'],
    ['[1, [2]] == [1, [2]]', 'true'],
    ["{'a': 1} == {'a': 1.0}", 'true'],
    ["{'a': 1} == {'a': 2}", 'false'],
    ['1 < 2', 'true'],
    ['2 <= 2.0', 'true'],
    ['3 > 2.5', 'true'],
    ['2 >= 3', 'false'],
    ["'abc' < 'abd'", 'true'],
    ["1 < 'a'", 'error'],
    ['[1] < [2]', 'error'],
    ['null < 1', 'error'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));
});

describe('arithmetic', () => {
  it.each([
    ['1 + 2 == 3', 'true'],
    ['1 + 2.5 == 3.5', 'true'],
    ['7 / 2 == 3', 'true'],
    ['-7 / 2 == -3', 'true'],
    ['7.0 / 2 == 3.5', 'true'],
    ['7 % 3 == 1', 'true'],
    ['-7 % 3 == -1', 'true'],
    ['2 * 3 - 1 == 5', 'true'],
    ['2 + 3 * 4 == 14', 'true'],
    ['(2 + 3) * 4 == 20', 'true'],
    ['-(3) == -3', 'true'],
    ["'ab' + 'cd' == 'abcd'", 'true'],
    ['[1] + [2] == [1, 2]', 'true'],
    ['1 / 0 == 0', 'error'],
    ['1 % 0 == 0', 'error'],
    ['9223372036854775807 + 1 > 0', 'error'],
    ['-9223372036854775808 < 0', 'true'],
    ["1 + 'a' == 'a'", 'error'],
    ["-'a' == 'a'", 'error'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));
});

describe('logic and ternary', () => {
  it.each([
    ['true && true', 'true'],
    ['true && false', 'false'],
    ['false || true', 'true'],
    ['!false', 'true'],
    ['!!true', 'true'],
    ['!1', 'error'],
    ['1 && true', 'error'],
    ["(true ? 'y' : 'n') == 'y'", 'true'],
    // ?: binds loosest: this is true ? 'y' : ('n' == 'y'), a string, so not an allow.
    ["true ? 'y' : 'n' == 'y'", 'error'],
    ['1 + 1 == 2 && 2 < 3 || false', 'true'],
    ["'a' in ['a'] == true", 'true'],
    ["(false ? 'y' : 'n') == 'n'", 'true'],
    ["(1 ? 'y' : 'n') == 'y'", 'error'],
    ['true ? true : request.nothing', 'true'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));
});

describe("Firestore's error semantics for && and ||", () => {
  it.each([
    // An error is rescued when the other side alone decides the result.
    ['resource.data.missing == 1 || true', 'true'],
    ['true || resource.data.missing == 1', 'true'],
    ['resource.data.missing == 1 || false', 'error'],
    ['false || resource.data.missing == 1', 'error'],
    ['resource.data.missing == 1 && false', 'false'],
    ['false && resource.data.missing == 1', 'false'],
    ['resource.data.missing == 1 && true', 'error'],
    ['true && resource.data.missing == 1', 'error'],
    // Short-circuit: the right side is never evaluated.
    ["request.auth == null || request.auth.uid == 'alice'", 'true'],
  ])('%s → %s', (expr, want) => expect(outcome(expr, { data: { a: 1 } })).toBe(want));

  it('null access errors deny', () => {
    expect(outcome('resource.data.a == 1')).toBe('error'); // resource is null
  });
});

describe('in', () => {
  it.each([
    ['2 in [1, 2, 3]', 'true'],
    ['2.0 in [1, 2, 3]', 'true'],
    ['4 in [1, 2, 3]', 'false'],
    ["'a' in {'a': 1}", 'true'],
    ["'b' in {'a': 1}", 'false'],
    ["1 in {'a': 1}", 'error'],
    ["'x' in ['x', 'y'].toSet()", 'true'],
    ["'z' in ['x', 'y'].toSet()", 'false'],
    ["'a' in 'abc'", 'error'],
    ["'role' in resource.data", 'true'],
  ])('%s → %s', (expr, want) => expect(outcome(expr, { data: { role: 'x' } })).toBe(want));
});

describe('is', () => {
  it.each([
    ['true is bool', 'true'],
    ['1 is int', 'true'],
    ['1 is float', 'false'],
    ['1.5 is float', 'true'],
    ['1 is number', 'true'],
    ['1.5 is number', 'true'],
    ["'a' is string", 'true'],
    ['[1] is list', 'true'],
    ["{'a': 1} is map", 'true'],
    ['[1].toSet() is set', 'true'],
    ['request.time is timestamp', 'true'],
    ["duration.value(1, 's') is duration", 'true'],
    ['request.path is path', 'true'],
    ['latlng.value(1, 2) is latlng', 'true'],
    ["'a'.toUtf8() is bytes", 'true'],
    ["{'a': 1}.diff({}) is map_diff", 'true'],
    ['null is map', 'false'],
    ["'1' is int", 'false'],
    ['resource.data.n is int && resource.data.d is float', 'true'],
  ])('%s → %s', (expr, want) => expect(outcome(expr, { data: { n: 1, d: 2.5 } })).toBe(want));
});

describe('index and member access', () => {
  it.each([
    ['[1, 2, 3][0] == 1', 'true'],
    ['[1, 2, 3][3] == 1', 'error'],
    ['[1, 2, 3][-1] == 3', 'error'],
    ["{'k': 'v'}['k'] == 'v'", 'true'],
    ["{'k': 'v'}['x'] == 'v'", 'error'],
    ["{'k': {'n': 1}}.k.n == 1", 'true'],
    ["{'k': 1}.x == 1", 'error'],
    ['resource.data.nested.deep == true', 'true'],
    ["resource.data['nested']['deep']", 'true'],
  ])('%s → %s', (expr, want) => expect(outcome(expr, { data: { nested: { deep: true } } })).toBe(want));
});
