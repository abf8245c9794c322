import { describe, expect, it } from 'vitest';
import { dailySeries, daysOf, DAILY_POINTS_MAX, periodColumn, periodSeries } from './rollup-series';

const series = (from: string, to: string) => dailySeries([], from, to, () => ({ n: 1 }));

describe('the rows a chart draws', () => {
  it('draws every day of a quarter, each its own row', () => {
    const rows = periodSeries(series('2026-01-01', '2026-04-02'));
    expect(rows).toHaveLength(DAILY_POINTS_MAX);
    expect(rows[0]).toEqual({ day: '2026-01-01', to: '2026-01-01', n: 1 });
    expect(periodColumn(rows)).toBe('Day');
  });

  it('draws a year as weeks from its first day, each the sum of its days, the last one shorter', () => {
    const days = dailySeries([{ day: '2025-01-02', n: 5 }], '2025-01-01', '2025-12-31', (d) => ({ n: d?.n ?? 1 }));
    const rows = periodSeries(days);
    expect(rows).toHaveLength(53);
    expect(rows[0]).toEqual({ day: '2025-01-01', to: '2025-01-07', n: 11 });
    expect(rows[52]).toEqual({ day: '2025-12-31', to: '2025-12-31', n: 1 });
    expect(periodColumn(rows)).toBe('Week starting');
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(369);
    expect(daysOf(rows[51]!.day, rows[51]!.to)).toHaveLength(7);
  });
});
