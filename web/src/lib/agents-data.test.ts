import { describe, expect, it } from 'vitest';
import { sortByLastModified } from './agents-data';

describe('agent list order', () => {
  it('puts the most recently modified first, whatever the unit, and never-saved agents last', () => {
    const sorted = sortByLastModified([
      { ID: 'never' },
      { ID: 'old', lastModified: 1_700_000_000 },
      { ID: 'newest-ms', lastModified: 1_800_000_000_000 },
      { ID: 'mid', lastModified: 1_750_000_000 },
    ]);
    expect(sorted.map((a) => a.ID)).toEqual(['newest-ms', 'mid', 'old', 'never']);
  });
});
