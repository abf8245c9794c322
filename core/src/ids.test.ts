import { describe, expect, it } from 'vitest';
import {
  ALPHANUMERIC, newAgencySecret, newAgentId, newAgentSecret, newClientId, newClientPassword, newPersonalWorkspaceName,
  newUploadPrefix, newWorkspaceId, newWorkspaceSecret, randomString,
} from './ids';

const ALNUM = /^[A-Za-z0-9]+$/;

describe.each([
  ['agent id', newAgentId, '', 16],
  ['agent secret', newAgentSecret, 'vg_', 20],
  ['workspace id', newWorkspaceId, '', 15],
  ['workspace secret', newWorkspaceSecret, 'vg_', 20],
  ['agency secret', newAgencySecret, '', 25],
  ['client id', newClientId, '', 15],
  ['client password', newClientPassword, '', 15],
  ['personal workspace name', newPersonalWorkspaceName, 'Personal', 5],
  ['upload prefix', newUploadPrefix, '', 8],
] as const)('%s', (_name, generate, prefix, randomLength) => {
  it('has the prefix, length and alphanumeric alphabet', () => {
    const value = generate();
    expect(value.startsWith(prefix)).toBe(true);
    expect(value).toHaveLength(prefix.length + randomLength);
    expect(value.slice(prefix.length)).toMatch(ALNUM);
  });
  it('does not repeat over 1000 draws', () => {
    const draws = new Set(Array.from({ length: 1000 }, generate));
    // 5 random chars (62^5 ≈ 9e8) can collide by chance; allow at most one collision there.
    expect(draws.size).toBeGreaterThanOrEqual(randomLength <= 5 ? 999 : 1000);
  });
});

describe('randomString', () => {
  it('uses every character of the alphabet roughly uniformly (no modulo bias)', () => {
    const counts = new Map<string, number>();
    const sample = randomString(62_000);
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(ALPHANUMERIC.length);
    // Expected 1000 each; with bias the first 8 chars (256 % 62 = 8) would get ~25% more.
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(800);
      expect(n).toBeLessThan(1200);
    }
  });
  it.each([0, 1, 40])('returns exactly %i characters', (n) => {
    expect(randomString(n)).toHaveLength(n);
  });
  it.each([-1, 1.5])('rejects length %s', (n) => {
    expect(() => randomString(n)).toThrow(RangeError);
  });
  it('honours a custom alphabet', () => {
    expect(randomString(50, 'ab')).toMatch(/^[ab]{50}$/);
  });
});
