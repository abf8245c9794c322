import { describe, expect, it } from 'vitest';
import { outcome } from './helpers.ts';

describe('math namespace', () => {
  it.each([
    ['math.abs(-3) == 3', 'true'],
    ['math.abs(-3) is int', 'true'],
    ['math.abs(-2.5) == 2.5', 'true'],
    ['math.ceil(1.2) == 2', 'true'],
    ['math.ceil(-1.2) == -1', 'true'],
    ['math.floor(1.8) == 1', 'true'],
    ['math.floor(-1.2) == -2', 'true'],
    ['math.round(2.5) == 3', 'true'],
    ['math.round(-2.5) == -3', 'true'],
    ['math.round(2.4) == 2', 'true'],
    ['math.sqrt(16) == 4.0', 'true'],
    ['math.pow(2, 10) == 1024', 'true'],
    ['math.isInfinite(1.0 / 0.0)', 'true'],
    ['math.isInfinite(1.0)', 'false'],
    ['math.isNaN(math.sqrt(-1))', 'true'],
    ['math.isNaN(2.0)', 'false'],
    ["math.abs('a') == 1", 'error'],
    ['math.floor(1.0 / 0.0) == 0', 'error'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));

  it('unknown math functions fail to compile', () => {
    expect(() => outcome('math.log(1) == 0')).toThrow(/math\.log/);
  });
});
