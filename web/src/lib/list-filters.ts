// The Chats and Leads filters as the page's URL holds them (core's parseListFilters / listFiltersSearch), and the
// days turned into times in the viewer's calendar: `from` starts at its midnight, `to` ends at the next one.
// A link's date range that cannot be used is said in words (Analytics' sentences) and the list shows every date.
import { insightsApi, isDay, listFiltersSearch, parseListFilters, type ListFilters } from '@parley/core';
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
 * Why the URL's date range is not used, or null: a side that is not a calendar day, or a last day before the first.
 * Any length is taken: a list's default is every date, so a long range only narrows it.
 */
export function listRangeProblem(params: { get(key: string): string | null }): string | null {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if ((from && !isDay(from)) || (to && !isDay(to))) return insightsApi.INSIGHTS_RANGE_MESSAGES.malformed;
  if (from && to && from > to) return insightsApi.INSIGHTS_RANGE_MESSAGES.reversed;
  return null;
}

/**
 * The filters in the URL, a setter that writes them back (other query parameters, e.g. the open conversation,
 * are kept), and why the URL's date range was set aside (then neither of its days filters). Changing a filter
 * replaces the history entry, so Back leaves the page instead of undoing each keystroke; it also writes the range
 * afresh, so the refused one and its sentence go.
 */
export function useListFilters(): [ListFilters, (next: ListFilters) => void, string | null] {
  const [params, setParams] = useSearchParams();
  const rangeProblem = listRangeProblem(params);
  const filters = useMemo(() => {
    const parsed = parseListFilters(params);
    if (listRangeProblem(params)) {
      delete parsed.from;
      delete parsed.to;
    }
    return parsed;
  }, [params]);
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
  return [filters, set, rangeProblem];
}
