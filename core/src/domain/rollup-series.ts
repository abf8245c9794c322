// A chart's days from the daily rollup documents: every day of the range in order, a day without a document as
// zeros (a quiet day is drawn, not skipped), so the chart and its CSV show exactly the same rows.
import { MAX_RANGE_DAYS } from '../schemas/rollup';
import { isDay } from './list-filters';

const DAY_MS = 86_400_000;


/** The days from `from` to `to` (YYYY-MM-DD, both included), in order; [] for a malformed or reversed range. */
export function daysOf(from: string, to: string): string[] {
  if (!isDay(from) || !isDay(to) || from > to) return [];
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`) && days.length <= MAX_RANGE_DAYS; t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** The last `count` days ending with the day of `now` (UTC): a date preset (7, 30, 91, 365). */
export function lastDays(now: number, count: number): { from: string; to: string } {
  const to = new Date(now).toISOString().slice(0, 10);
  return { from: new Date(now - (count - 1) * DAY_MS).toISOString().slice(0, 10), to };
}

/** One row per day of the range: `pick` reads the figures of a day's document (undefined: the day had none). */
export function dailySeries<D extends { day: string }, R extends Record<string, number>>(
  docs: readonly D[],
  from: string,
  to: string,
  pick: (doc: D | undefined) => R,
): Array<{ day: string } & R> {
  const byDay = new Map(docs.map((d) => [d.day, d]));
  return daysOf(from, to).map((day) => ({ day, ...pick(byDay.get(day)) }));
}

/** Sums a field over the documents (a week's conversations, a range's credits). */
export const sumOf = <D>(docs: readonly D[], value: (doc: D) => number | undefined): number => docs.reduce((total, d) => total + (value(d) ?? 0), 0);

/**
 * Days a chart draws one bar or point each (a quarter); a longer range draws one per week, so a year is 53 bars
 * instead of 365, which a reader can still tell apart and a browser draws in a fraction of the time.
 */
export const DAILY_POINTS_MAX = 92;

/** A chart's row: from its first day (`day`) to its last (`to`, the same day when the row is one day). */
export type PeriodRow<R> = { day: string; to: string } & R;

/**
 * The rows a chart draws from a range's days: each day while the range has at most DAILY_POINTS_MAX of them, else
 * 7 days summed per row, counted from the first day (the last row may be shorter), so the chart and its CSV still show
 * exactly the same rows.
 */
export function periodSeries<R extends Record<string, number>>(days: ReadonlyArray<{ day: string } & R>): Array<PeriodRow<R>> {
  if (days.length <= DAILY_POINTS_MAX) return days.map((d) => ({ ...d, to: d.day }));
  const rows: Array<PeriodRow<R>> = [];
  for (let i = 0; i < days.length; i += 7) {
    const week = days.slice(i, i + 7);
    const sums: Record<string, number> = {};
    for (const d of week) for (const [key, value] of Object.entries(d)) if (key !== 'day') sums[key] = (sums[key] ?? 0) + (value as number);
    rows.push({ ...(sums as R), day: week[0]!.day, to: week[week.length - 1]!.day });
  }
  return rows;
}

/** The name of a chart's first column (and its CSV's): a row is a day, or a week past a quarter. */
export const periodColumn = (rows: ReadonlyArray<PeriodRow<unknown>>): 'Day' | 'Week starting' =>
  rows.length > 0 && rows[0]!.day !== rows[0]!.to ? 'Week starting' : 'Day';
