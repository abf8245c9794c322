import { describe, expect, it } from 'vitest';
import { outcome } from './helpers.ts';

describe('list functions', () => {
  it.each([
    ['[1, 2, 3].size() == 3', 'true'],
    ['[].size() == 0', 'true'],
    ['[1, 2, 3].hasAll([1, 3])', 'true'],
    ['[1, 2, 3].hasAll([1, 4])', 'false'],
    ['[1, 2, 3].hasAll([])', 'true'],
    ['[1, 2].hasAny([5, 2])', 'true'],
    ['[1, 2].hasAny([5, 6])', 'false'],
    ['[1, 2].hasOnly([1, 2, 3])', 'true'],
    ['[1, 4].hasOnly([1, 2, 3])', 'false'],
    ['[1, 2].hasAll([1].toSet())', 'true'],
    ["['a', 'b'].join(',') == 'a,b'", 'true'],
    ["['a', 'b'].join() == 'ab'", 'true'],
    ["['a', 1].join(',') == 'a,1'", 'error'],
    ['[1].concat([2, 3]) == [1, 2, 3]', 'true'],
    ['[1, 2, 1, 3].removeAll([1]) == [2, 3]', 'true'],
    ['[1, 1, 2].toSet().size() == 2', 'true'],
    ['[1, 1, 2].toSet() == [2, 1].toSet()', 'true'],
    ['[1, 2, 3, 4][1:3] == [2, 3]', 'true'],
    ['[1, 2, 3, 4][2:] == [3, 4]', 'true'],
    ['[1, 2, 3][1:5] == [2, 3]', 'error'],
    ['[1, 2, 3][1] == 2', 'true'],
    ["[1, 2, 3]['a'] == 2", 'error'],
    ['[1, 2].hasAll(1)', 'error'],
    ['[1, 2].keys() == [1]', 'error'],
    ['[1, 2, ] == [1, 2]', 'true'],
    ['resource.data.tags.hasAny(["vip"])', 'true'],
    ['resource.data.tags.size() < 2', 'false'],
  ])('%s → %s', (expr, want) => expect(outcome(expr, { data: { tags: ['vip', 'new'] } })).toBe(want));
});
