import { describe, expect, it } from 'vitest';
import { outcome } from './helpers.ts';

const s = (items: string) => `[${items}].toSet()`;

describe('set functions', () => {
  it.each([
    [`${s('1, 2, 2')}.size() == 2`, 'true'],
    [`${s('1, 2, 3')}.hasAll([1, 2])`, 'true'],
    [`${s('1, 2, 3')}.hasAll(${s('1, 4')})`, 'false'],
    [`${s('1, 2')}.hasAny([2, 9])`, 'true'],
    [`${s('1, 2')}.hasAny([8, 9])`, 'false'],
    [`${s('1, 2')}.hasOnly([1, 2, 3])`, 'true'],
    [`${s('1, 5')}.hasOnly([1, 2, 3])`, 'false'],
    [`${s('1, 2')}.union([2, 3]) == ${s('1, 2, 3')}`, 'true'],
    [`${s('1, 2, 3')}.intersection(${s('2, 3, 4')}) == ${s('2, 3')}`, 'true'],
    [`${s('1, 2, 3')}.difference([2]) == ${s('1, 3')}`, 'true'],
    [`${s('1, 2')} == ${s('2, 1')}`, 'true'],
    [`${s('1, 2')} == ${s('1')}`, 'false'],
    [`${s('1')} == ${s('1.0')}`, 'true'],
    [`2 in ${s('1, 2')}`, 'true'],
    [`${s("'a'")}.join(',') == 'a'`, 'error'],
    [`${s('1')}.union(1) == ${s('1')}`, 'error'],
    [`${s('[1], [1]')}.size() == 1`, 'true'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));
});
