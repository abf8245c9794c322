import { describe, expect, it } from 'vitest';
import { outcome } from './helpers.ts';

// request.time in every case: 2026-03-04T05:06:07.890Z, a Wednesday.
describe('timestamps', () => {
  it.each([
    ['request.time.year() == 2026', 'true'],
    ['request.time.month() == 3', 'true'],
    ['request.time.day() == 4', 'true'],
    ['request.time.hours() == 5', 'true'],
    ['request.time.minutes() == 6', 'true'],
    ['request.time.seconds() == 7', 'true'],
    ['request.time.nanos() == 890000000', 'true'],
    ['request.time.dayOfWeek() == 3', 'true'],
    ['request.time.dayOfYear() == 63', 'true'],
    ['request.time.toMillis() == 1772600767890', 'true'],
    ['request.time.date() == timestamp.date(2026, 3, 4)', 'true'],
    ["request.time.time() == duration.time(5, 6, 7, 890000000)", 'true'],
    ['timestamp.value(1772600767890) == request.time', 'true'],
    ['timestamp.date(2026, 1, 1) < request.time', 'true'],
    ["request.time + duration.value(1, 'd') > request.time", 'true'],
    ["request.time - duration.value(1, 'h') == timestamp.value(1772597167890)", 'true'],
    ["request.time - timestamp.date(2026, 3, 4) == duration.time(5, 6, 7, 890000000)", 'true'],
    ["duration.value(1, 'd') + request.time > request.time", 'true'],
    ['request.time > 5', 'error'],
    ['request.time + 5 > request.time', 'error'],
    ['request.time.year(1) == 2026', 'error'],
    ['timestamp.date(2026, 3) == request.time', 'compile'],
  ])('%s → %s', (expr, want) => {
    if (want === 'compile') expect(() => outcome(expr)).toThrow(/timestamp\.date/);
    else expect(outcome(expr)).toBe(want);
  });

  it('stored timestampValue fields are timestamps with nanosecond precision', () => {
    const data = { at: new Date('2026-03-04T05:06:07.890Z'), earlier: new Date('2020-01-01T00:00:00Z') };
    expect(outcome('resource.data.at == request.time', { data })).toBe('true');
    expect(outcome('resource.data.earlier < request.time', { data })).toBe('true');
    expect(outcome("resource.data.earlier + duration.value(1, 'd') > request.time", { data })).toBe('false');
    expect(outcome('resource.data.at is timestamp', { data })).toBe('true');
  });

  it('compares with the request time for expiry rules', () => {
    const rule = 'request.time < resource.data.expiresAt';
    expect(outcome(rule, { data: { expiresAt: new Date('2026-03-05T00:00:00Z') } })).toBe('true');
    expect(outcome(rule, { data: { expiresAt: new Date('2026-03-01T00:00:00Z') } })).toBe('false');
  });
});

describe('durations', () => {
  it.each([
    ["duration.value(90, 's').seconds() == 90", 'true'],
    ["duration.value(1500, 'ms').seconds() == 1", 'true'],
    ["duration.value(1500, 'ms').nanos() == 500000000", 'true'],
    ["duration.value(2, 'w') == duration.value(14, 'd')", 'true'],
    ["duration.value(1, 'h') == duration.value(60, 'm')", 'true'],
    ["duration.value(1, 'm') > duration.value(59, 's')", 'true'],
    ["duration.value(5, 'ns').nanos() == 5", 'true'],
    ["duration.time(1, 2, 3, 4) == duration.value(3723000000004, 'ns')", 'true'],
    ["duration.abs(duration.value(-3, 's')) == duration.value(3, 's')", 'true'],
    ["duration.value(1, 's') + duration.value(1, 's') == duration.value(2, 's')", 'true'],
    ["duration.value(1, 'y') > duration.value(1, 's')", 'error'],
    ["duration.value(1.5, 's') > duration.value(1, 's')", 'error'],
    ["duration.value(1, 's') > 1", 'error'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));
});
