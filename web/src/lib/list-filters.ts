// The Chats and Leads filters as the page's URL holds them (core's parseListFilters / listFiltersSearch), and the
// days turned into times in the viewer's calendar: `from` starts at its midnight, `to` ends at the next one.
import { listFiltersSearch, parseListFilters, type ListFilters } from '@parley/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Unix ms of a YYYY-MM-DD day's local midnight, or of the midnight `days` later. */
export function dayStart(day: string, days = 0): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + days).getTime();
}

/** The times a filter covers: [from, to) in unix ms (0 and the far future when a side is open). */
export function timeRange(filters: Pick<ListFilters, 'from' | 'to'>): { from: number; to: number } {
  return { from: filters.from ? dayStart(filters.from) : 0, to: filters.to ? dayStart(filters.to, 1) : Number.MAX_SAFE_INTEGER };
}

/**
 * The filters in the URL and a setter that writes them back (other query parameters, e.g. the open conversation,
 * are kept). Changing a filter replaces the history entry, so Back leaves the page instead of undoing each keystroke.
 */
export function useListFilters(): [ListFilters, (next: ListFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseListFilters(params), [params]);
  const set = useCallback(
    (next: ListFilters) =>
      setParams(
        (current) => {
          const merged = new URLSearchParams(listFiltersSearch(next));
          for (const [key, value] of current) if (!['from', 'to', 'channel', 'status', 'lead', 'q'].includes(key)) merged.set(key, value);
          return merged;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, set];
}
