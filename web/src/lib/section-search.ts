// Section search scoring: matches below 0.3 are dropped; above 0.6 is a good match, above 0.8 a strong one.
// Scores are 1 − Fuse's distance score, so 1 is a perfect match and 0 none.
import Fuse from 'fuse.js';
import { SECTION_SEARCH, SECTION_SEARCH_LABELS } from '@parley/core';

export interface SearchableSection {
  /** Path below /app/{region}/agents/{agentId}/, e.g. 'kb' or 'settings?tab=security'. */
  path: string;
  label: string;
  keywords: string[];
}

export interface SectionSuggestion extends SearchableSection {
  score: number;
  matchLabel: string;
}

export function matchLabel(score: number): string {
  if (score > SECTION_SEARCH.strongMatch) return SECTION_SEARCH_LABELS.strong;
  if (score > SECTION_SEARCH.goodMatch) return SECTION_SEARCH_LABELS.good;
  return SECTION_SEARCH_LABELS.possible;
}

export function createSectionSearcher(sections: readonly SearchableSection[]) {
  const fuse = new Fuse(sections as SearchableSection[], {
    includeScore: true,
    ignoreLocation: true,
    ignoreFieldNorm: true,
    threshold: 1 - SECTION_SEARCH.minScore,
    keys: [
      { name: 'label', weight: 2 },
      { name: 'keywords', weight: 1 },
      { name: 'path', weight: 0.5 },
    ],
  });
  return (query: string): SectionSuggestion[] => {
    const q = query.trim();
    if (!q) return [];
    return fuse
      .search(q)
      .map((r) => ({ ...r.item, score: 1 - (r.score ?? 1) }))
      .filter((s) => s.score >= SECTION_SEARCH.minScore)
      .sort((a, b) => b.score - a.score)
      .slice(0, SECTION_SEARCH.maxSuggestions)
      .map((s) => ({ ...s, matchLabel: matchLabel(s.score) }));
  };
}

/** Auto-navigate only on a strong match, off the current page, and outside the 1 s lock. */
export function shouldAutoNavigate(opts: { best: SectionSuggestion | undefined; currentPath: string; lastNavigationAt: number; now: number }): boolean {
  const { best } = opts;
  if (!best || best.score <= SECTION_SEARCH.strongMatch) return false;
  if (opts.currentPath === best.path) return false;
  return opts.now - opts.lastNavigationAt >= SECTION_SEARCH.navigationLockMs;
}
