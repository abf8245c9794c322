import { describe, expect, it } from 'vitest';
import { shouldShowUpgrade } from './upgrade-rule';

const now = 1_800_000_000;
const day = 86_400;

describe('Upgrade Plan button rule', () => {
  it('never shows with a subscription', () => {
    expect(shouldShowUpgrade({ stripeSubscriptionId: 'sub_1', joinedAt: now - 30 * day, loadTokens: 0 }, now)).toBe(false);
  });

  it('shows for accounts older than 7 days (604800 s) even with many tokens', () => {
    expect(shouldShowUpgrade({ joinedAt: now - 604_801, loadTokens: 10_000 }, now)).toBe(true);
    expect(shouldShowUpgrade({ joinedAt: now - 604_800, loadTokens: 10_000 }, now)).toBe(false);
  });

  it('shows for new accounts under 500 load tokens', () => {
    expect(shouldShowUpgrade({ joinedAt: now - day, loadTokens: 499 }, now)).toBe(true);
    expect(shouldShowUpgrade({ joinedAt: now - day, loadTokens: 500 }, now)).toBe(false);
  });

  it('reads joinedAt as seconds, milliseconds or a Firestore timestamp', () => {
    expect(shouldShowUpgrade({ joinedAt: (now - 8 * day) * 1000, loadTokens: 9999 }, now)).toBe(true);
    expect(shouldShowUpgrade({ joinedAt: { seconds: now - 8 * day, nanoseconds: 0 }, loadTokens: 9999 }, now)).toBe(true);
    expect(shouldShowUpgrade({ joinedAt: { seconds: now - day, nanoseconds: 0 }, loadTokens: 9999 }, now)).toBe(false);
  });
});
