import { describe, expect, it } from 'vitest';
import { estimateTokens } from './tokens';

describe('token estimate', () => {
  it('counts about one token per four characters, rounding up, and none for an empty text', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abc')).toBe(1);
    expect(estimateTokens('a'.repeat(400))).toBe(100);
    expect(estimateTokens('a'.repeat(401))).toBe(101);
  });
});
