import { describe, expect, it } from 'vitest';
import { databaseIdForRegion, isRegion, otherRegion, regionForDatabaseId, regionSchema } from './region';

describe('regions', () => {
  it.each([
    ['eu', 'voiceglow-eu'],
    ['na', '(default)'],
  ] as const)('%s ↔ %s', (region, db) => {
    expect(databaseIdForRegion(region)).toBe(db);
    expect(regionForDatabaseId(db)).toBe(region);
  });
  it.each(['us', 'EU', '', 'default'])('rejects %j', (value) => {
    expect(isRegion(value)).toBe(false);
    expect(regionSchema.safeParse(value).success).toBe(false);
    expect(regionForDatabaseId(value)).toBeNull();
  });
  it('swaps to the other region', () => {
    expect(otherRegion('eu')).toBe('na');
    expect(otherRegion('na')).toBe('eu');
  });
});
