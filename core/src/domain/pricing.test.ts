import { describe, expect, it } from 'vitest';
import { agencyPlanPrice, creditPurchasePrice, creditsForUsd, finalCreditPrice, formatCredits, usageColor, yearlyPrice } from './pricing';

describe('pricing', () => {
  it('final credit price is base plus the agency extra', () => {
    expect(finalCreditPrice(0.003, 0.001)).toBeCloseTo(0.004);
  });
  it('$10 buys 10 / (base + extra) credits, rounded', () => {
    expect(creditsForUsd(10, 0.003, 0.001)).toBe(2500);
    expect(creditsForUsd(10, 0.002, 0.001)).toBe(3333);
  });
  it.each([
    [5000, 0.004, 20],
    [15000, 0.004, 60],
  ])('plan of %i credits at %f → $%f', (credits, price, expected) => {
    expect(agencyPlanPrice(credits, price)).toBe(expected);
  });
  it('credit purchase and yearly price', () => {
    expect(creditPurchasePrice(2500, 0.01)).toBe(25);
    expect(yearlyPrice(25)).toBe(250);
  });
  it.each([
    [12.345, '12.3'],
    [0, '0.0'],
  ])('formats %f credits as %s', (n, s) => {
    expect(formatCredits(n)).toBe(s);
  });
  it.each([
    [81, 'red'],
    [80, 'yellow'],
    [51, 'yellow'],
    [50, 'normal'],
  ] as const)('usage %i%% → %s', (p, c) => {
    expect(usageColor(p)).toBe(c);
  });
});
