import { describe, expect, it } from 'vitest';
import { outcome } from './helpers.ts';

// The request touches /databases/(default)/documents/things/t1 in every case.
describe('path literals and values', () => {
  it.each([
    ['request.path == /databases/(default)/documents/things/t1', 'compile'],
    ['request.path == /databases/$(database)/documents/things/t1', 'true'],
    ['request.path == /databases/$(database)/documents/things/$(id)', 'true'],
    ["request.path == /databases/$(database)/documents/things/$('t' + '1')", 'true'],
    ['request.path == /databases/$(database)/documents/things/(id)', 'true'],
    ['request.path == /databases/$(database)/documents/things/t2', 'false'],
    ['request.path[4] == id', 'true'],
    ["request.path[3] == 'things'", 'true'],
    ['request.path[9] == id', 'error'],
    ["request.path[3:5] == path('things/t1')", 'true'],
    ["/a/b == path('/a/b')", 'true'],
    ["/a/$(1)/c == path('/a/1/c')", 'error'],
    ["/a/$('x/y') == path('/a/x/y')", 'error'],
    ["/a/$(path('/b/c')) == path('/a/b/c')", 'true'],
    ["string(/databases/$(database)/documents/users/$(request.auth.uid)) == '/databases/(default)/documents/users/alice'", 'true'],
    ['/a/b is path', 'true'],
  ])('%s → %s', (expr, want) => {
    if (want === 'compile') expect(() => outcome(expr)).toThrow(/default/);
    else expect(outcome(expr)).toBe(want);
  });

  it('resource.__name__ and resource.id describe the stored document', () => {
    const data = { owner: 'alice' };
    expect(outcome('resource.__name__ == /databases/$(database)/documents/things/$(id)', { data })).toBe('true');
    expect(outcome("resource.id == 't1' && resource.id == id", { data })).toBe('true');
    expect(outcome('resource.__name__ == /databases/$(database)/documents/things/other', { data })).toBe('false');
  });
});
