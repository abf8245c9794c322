import { describe, expect, it } from 'vitest';
import { isNotificationForClient, isNotificationStale, notificationsToToast, truncateNotificationText } from './notifications';

describe('truncateNotificationText', () => {
  it.each([
    ['x'.repeat(50), 'x'.repeat(50)],
    ['x'.repeat(51), `${'x'.repeat(50)}...`],
    ['short', 'short'],
  ])('%j', (text, expected) => {
    expect(truncateNotificationText(text)).toBe(expected);
  });
});

describe('isNotificationStale', () => {
  const now = 1_700_000_000;
  it.each([
    [now - 180, false],
    [now - 181, true],
    [(now - 10) * 1000, false],
    [{ seconds: now - 200, nanoseconds: 0 }, true],
    [{ _seconds: now - 5, _nanoseconds: 0 }, false],
    ['garbage', true],
  ])('ts %j → %j', (ts, stale) => {
    expect(isNotificationStale(ts, now)).toBe(stale);
  });
});

describe('isNotificationForClient', () => {
  it.each([
    [1, 'all', true],
    [2, 'all', true],
    [1, 'requestsOnly', false],
    [2, 'requestsOnly', true],
    [1, 'none', false],
    [2, 'none', false],
  ] as const)('level %i with notifyIf %s → %j', (level, notifyIf, expected) => {
    expect(isNotificationForClient({ notificationLevel: level }, { clientId: 'c1', notifyIf })).toBe(expected);
  });
  it.each([
    [[], true],
    [['c1', 'c2'], true],
    [['c2'], false],
  ])('notifyOnly %j → %j', (notifyOnly, expected) => {
    expect(isNotificationForClient({ notificationLevel: 2, notifyOnly }, { clientId: 'c1', notifyIf: 'all' })).toBe(expected);
  });
});

describe('notificationsToToast', () => {
  it('keeps fresh, unseen notifications for the client and truncates them', () => {
    const now = 1_700_000_000;
    const long = 'L'.repeat(60);
    const list = [
      { ID: 'fresh', title: long, body: 'b', ts: now - 5, notificationLevel: 2, notifyOnly: [] },
      { ID: 'old', title: 't', body: 'b', ts: now - 500, notificationLevel: 2, notifyOnly: [] },
      { ID: 'seen', title: 't', body: 'b', ts: now, notificationLevel: 2, seen: true },
      { ID: 'level1', title: 't', body: 'b', ts: now, notificationLevel: 1 },
      { ID: 'other', title: 't', body: 'b', ts: now, notificationLevel: 2, notifyOnly: ['c9'] },
    ];
    const shown = notificationsToToast(list, { clientId: 'c1', notifyIf: 'requestsOnly', nowSeconds: now });
    expect(shown.map((n) => n.ID)).toEqual(['fresh']);
    expect(shown[0]?.title).toBe(`${'L'.repeat(50)}...`);
  });
});
