import { describe, expect, it } from 'vitest';
import { billingDate, creditUsage } from './credit-usage';

describe('creditUsage', () => {
  it('is red above 80 % used, yellow above 50 %, green otherwise', () => {
    expect(creditUsage(81, 100).color).toBe('red');
    expect(creditUsage(80, 100).color).toBe('yellow');
    expect(creditUsage(51, 100).color).toBe('yellow');
    expect(creditUsage(50, 100).color).toBe('green');
  });
  it('shows nothing used when there is no allowance', () => {
    expect(creditUsage(10, 0)).toEqual({ percent: 0, color: 'green' });
  });
});

describe('billingDate', () => {
  it('prints a unix-seconds date in UTC', () => {
    expect(billingDate(Date.UTC(2026, 11, 24) / 1000)).toBe('Dec 24, 2026');
  });
});
