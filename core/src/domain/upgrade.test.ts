import { describe, expect, it } from 'vitest';
import { shouldShowUpgradePlan } from './upgrade';

const now = 2_000_000_000;
describe('shouldShowUpgradePlan', () => {
  it.each([
    // subscription always hides it
    [{ hasSubscription: true, joinedAtSeconds: now - 10_000_000, loadTokens: 0 }, false],
    // account age: exactly 604800 s is not older; one more second is
    [{ hasSubscription: false, joinedAtSeconds: now - 604800, loadTokens: 1000 }, false],
    [{ hasSubscription: false, joinedAtSeconds: now - 604801, loadTokens: 1000 }, true],
    // tokens: 499 is under 500, 500 is not
    [{ hasSubscription: false, joinedAtSeconds: now - 10, loadTokens: 499 }, true],
    [{ hasSubscription: false, joinedAtSeconds: now - 10, loadTokens: 500 }, false],
    [{ hasSubscription: false, joinedAtSeconds: undefined, loadTokens: 500 }, false],
    [{ hasSubscription: false, joinedAtSeconds: undefined, loadTokens: undefined }, true],
  ])('%j → %j', (input, expected) => {
    expect(shouldShowUpgradePlan({ ...input, nowSeconds: now })).toBe(expected);
  });
});
