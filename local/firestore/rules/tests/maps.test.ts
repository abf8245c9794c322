import { describe, expect, it } from 'vitest';
import { doc, outcome } from './helpers.ts';

describe('map functions', () => {
  it.each([
    ["{'a': 1, 'b': 2}.size() == 2", 'true'],
    ["{'a': 1, 'b': 2}.keys().hasAll(['a', 'b'])", 'true'],
    ["{'a': 1, 'b': 2}.values().hasOnly([1, 2])", 'true'],
    ["{'a': 1}.get('a', 0) == 1", 'true'],
    ["{'a': 1}.get('z', 0) == 0", 'true'],
    ["{'a': {'b': 2}}.get(['a', 'b'], 0) == 2", 'true'],
    ["{'a': {'b': 2}}.get(['a', 'c'], 0) == 0", 'true'],
    ["{'a': 1}.get(1, 0) == 0", 'error'],
    ["{'a': 1}.z == 1", 'error'],
    ["{'a': null}.a == null", 'true'],
    ["{}.size() == 0", 'true'],
    ["{'a': 1}['a'] == 1", 'true'],
    ["{1: 'a'}.size() == 1", 'error'],
    ["resource.data.get('plan', 'free') == 'free'", 'true'],
    ["resource.data.keys().hasOnly(['name', 'owner'])", 'true'],
  ])('%s → %s', (expr, want) => expect(outcome(expr, { data: { name: 'n', owner: 'o' } })).toBe(want));
});

describe('MapDiff', () => {
  // new.diff(old): added = only in new, removed = only in old.
  const d = "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 5, 'd': 4})";
  it.each([
    [`${d}.addedKeys() == ['c'].toSet()`, 'true'],
    [`${d}.removedKeys() == ['d'].toSet()`, 'true'],
    [`${d}.changedKeys() == ['b'].toSet()`, 'true'],
    [`${d}.unchangedKeys() == ['a'].toSet()`, 'true'],
    [`${d}.affectedKeys() == ['b', 'c', 'd'].toSet()`, 'true'],
    [`${d}.affectedKeys().hasOnly(['b'])`, 'false'],
    ["{'a': 1}.diff({'a': 1.0}).changedKeys().size() == 0", 'true'],
    ["{'a': 1}.diff(1).size() == 0", 'error'],
    [`${d}.size() == 1`, 'error'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));

  it('guards which fields an update may change', () => {
    const rule = "request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title'])";
    const before = { title: 'a', owner: 'alice' };
    const titleOnly = { req: { method: 'update' as const, requestResource: doc('/things/t1', { title: 'b', owner: 'alice' }) }, data: before };
    const ownerToo = { req: { method: 'update' as const, requestResource: doc('/things/t1', { title: 'b', owner: 'eve' }) }, data: before };
    expect(outcome(rule, titleOnly)).toBe('true');
    expect(outcome(rule, ownerToo)).toBe('false');
  });
});
