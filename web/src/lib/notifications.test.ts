import { describe, expect, it } from 'vitest';
import { isFreshForToast, mergeNotifications, notificationsToToast, passesLevelFilter, truncateNotificationText, type ShellNotification } from './notifications';

const now = 1_800_000_000;
const n = (ID: string, level: 1 | 2, ageSeconds: number, seen = false): ShellNotification => ({
  ID,
  title: `Title ${ID}`,
  body: 'Body',
  ts: now - ageSeconds,
  seen,
  notificationLevel: level,
});

describe('notification rules', () => {
  it('truncates title and body to 50 characters', () => {
    const long = 'x'.repeat(80);
    expect(truncateNotificationText(long)).toBe(`${'x'.repeat(50)}...`);
    expect(truncateNotificationText('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('filters by level: all=1 shows both, requestsOnly=2 only requests, none=0 nothing', () => {
    expect([passesLevelFilter(n('a', 1, 0), 'all'), passesLevelFilter(n('b', 2, 0), 'all')]).toEqual([true, true]);
    expect([passesLevelFilter(n('a', 1, 0), 'requestsOnly'), passesLevelFilter(n('b', 2, 0), 'requestsOnly')]).toEqual([false, true]);
    expect([passesLevelFilter(n('a', 1, 0), 'none'), passesLevelFilter(n('b', 2, 0), 'none')]).toEqual([false, false]);
  });

  it('does not toast items older than 180 s', () => {
    expect(isFreshForToast(n('a', 1, 180), now)).toBe(true);
    expect(isFreshForToast(n('a', 1, 181), now)).toBe(false);
  });

  it('merges both collections newest first', () => {
    const merged = mergeNotifications([[n('old', 1, 500), n('mid', 1, 100)], [n('new', 2, 5)]], 'all');
    expect(merged.map((x) => x.ID)).toEqual(['new', 'mid', 'old']);
  });

  it('toasts fresh unseen notifications once', () => {
    const items = [n('fresh', 1, 10), n('stale', 1, 400), n('seen', 1, 10, true), n('req', 2, 10)];
    expect(notificationsToToast(items, 'all', new Set(), now).map((x) => x.ID)).toEqual(['fresh', 'req']);
    expect(notificationsToToast(items, 'all', new Set(['fresh']), now).map((x) => x.ID)).toEqual(['req']);
    expect(notificationsToToast(items, 'requestsOnly', new Set(), now).map((x) => x.ID)).toEqual(['req']);
    expect(notificationsToToast(items, 'none', new Set(), now)).toEqual([]);
  });
});
