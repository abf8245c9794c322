import { describe, expect, it } from 'vitest';
import { searchableSections } from './searchable-sections';
import { createSectionSearcher, matchLabel, shouldAutoNavigate } from '../../lib/section-search';

const allTabs = ['overview', 'voice', 'nodes', 'prompt', 'kb', 'convos', 'analytics', 'channels', 'tools', 'leads', 'settings'];
const search = createSectionSearcher(searchableSections(allTabs));

describe('section search', () => {
  it('finds Knowledge on "knowl" as a strong match', () => {
    const [best] = search('knowl');
    expect(best).toMatchObject({ path: 'kb', label: 'Knowledge', matchLabel: 'Strong match' });
    expect(best!.score).toBeGreaterThan(0.8);
  });

  it('finds sections by what they hold, not only their label', () => {
    expect(search('whatsapp')[0]?.path).toBe('channels');
    expect(search('conversations')[0]?.path).toBe('convos');
  });

  it('suggests at most 5 sections, all scoring at least 0.3', () => {
    const results = search('s');
    expect(results.length).toBeLessThanOrEqual(5);
    for (const r of results) expect(r.score).toBeGreaterThanOrEqual(0.3);
  });

  it('returns nothing for gibberish and empty input', () => {
    expect(search('qqqzzzxxx')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });

  it('labels scores: Strong above 0.8, Good above 0.6, else Possible', () => {
    expect(matchLabel(0.81)).toBe('Strong match');
    expect(matchLabel(0.8)).toBe('Good match');
    expect(matchLabel(0.61)).toBe('Good match');
    expect(matchLabel(0.6)).toBe('Possible match');
    expect(matchLabel(0.3)).toBe('Possible match');
  });

  it('auto-navigates only on a strong match, off the current page, outside the 1 s lock', () => {
    const best = { path: 'kb', label: 'Knowledge', keywords: [], score: 0.95, matchLabel: 'Strong match' };
    expect(shouldAutoNavigate({ best, currentPath: 'overview', lastNavigationAt: 0, now: 5000 })).toBe(true);
    expect(shouldAutoNavigate({ best, currentPath: 'kb', lastNavigationAt: 0, now: 5000 })).toBe(false);
    expect(shouldAutoNavigate({ best, currentPath: 'overview', lastNavigationAt: 4500, now: 5000 })).toBe(false);
    expect(shouldAutoNavigate({ best: { ...best, score: 0.7 }, currentPath: 'overview', lastNavigationAt: 0, now: 5000 })).toBe(false);
  });
});
