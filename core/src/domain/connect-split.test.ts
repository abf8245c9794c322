import { describe, expect, it } from 'vitest';
import { CREDIT_PURCHASE } from '../constants/billing';
import { connectCreditCharge, connectCreditSplit } from './pricing';

describe('the Connect credit split', () => {
  it('50,000 credits sold at USDPerToken 0 are all the platform\'s: its fee is the whole $50 base price, the agency earns nothing', () => {
    const charged = connectCreditCharge(50_000, 0);
    expect(charged).toBe(5000);
    expect(connectCreditSplit(50_000, charged)).toEqual({ charged: 5000, platformBase: 5000, markup: 0, platformMarkupShare: 0, applicationFee: 5000, agencyEarns: 0 });
  });

  it('at $0.003 markup, 1,000 credits cost $4: the platform takes $1 base + 5 % of the $3 markup, the agency keeps $2.85', () => {
    expect(connectCreditSplit(1000, connectCreditCharge(1000, 0.003))).toEqual({ charged: 400, platformBase: 100, markup: 300, platformMarkupShare: 15, applicationFee: 115, agencyEarns: 285 });
  });

  it('rounds the platform\'s parts up to the cent, so the fee never falls short of base + 5 % of the markup', () => {
    // 1,500 credits at 0.0011 + 0.001: $3.15, markup $1.65, 5 % = 8.25 cents → 9.
    const split = connectCreditSplit(1500, connectCreditCharge(1500, 0.0011))!;
    expect(split).toMatchObject({ charged: 315, platformBase: 150, markup: 165, platformMarkupShare: 9, applicationFee: 159, agencyEarns: 156 });
    // 1,234 credits' base is 123.4 cents: the platform takes 124.
    expect(connectCreditSplit(1234, 200)!.platformBase).toBe(124);
  });

  it('ignores binary noise: a base of exactly $5 is 500 cents, not 501', () => {
    expect(connectCreditSplit(5000, 500)).toMatchObject({ platformBase: 500, applicationFee: 500, agencyEarns: 0 });
    expect(connectCreditSplit(3000, 300)).toMatchObject({ platformBase: 300, applicationFee: 300 });
  });

  it('converts the base price into the sale\'s currency at its exchange rate (EUR 0.88, GBP 0.75)', () => {
    expect(connectCreditSplit(10_000, 1000, 'EUR')).toMatchObject({ platformBase: 880, markup: 120, platformMarkupShare: 6, applicationFee: 886, agencyEarns: 114 });
    expect(connectCreditSplit(10_000, 1000, 'GBP')).toMatchObject({ platformBase: 750, markup: 250, platformMarkupShare: 13, applicationFee: 763, agencyEarns: 237 });
    // What is enough in GBP is below base in USD.
    expect(connectCreditSplit(10_000, 800, 'USD')).toBeNull();
  });

  it('refuses a sale charged below the base price (no split), rather than charging something else than shown', () => {
    expect(connectCreditSplit(50_000, 250)).toBeNull();
    expect(connectCreditSplit(1000, connectCreditCharge(1000, -0.0005))).toBeNull();
    expect(connectCreditSplit(1000, 99)).toBeNull();
    expect(connectCreditSplit(1000, 100)).not.toBeNull();
  });

  it('refuses nonsense: fractional cents, negative amounts or credits', () => {
    expect(connectCreditSplit(1000, 100.5)).toBeNull();
    expect(connectCreditSplit(1000, -1)).toBeNull();
    expect(connectCreditSplit(-1, 100)).toBeNull();
    expect(connectCreditSplit(Number.NaN, 100)).toBeNull();
  });

  it('over every purchasable amount and markup the fee is within what is charged and at least the base, and the parts add up', () => {
    for (let credits = CREDIT_PURCHASE.min; credits <= CREDIT_PURCHASE.max; credits += CREDIT_PURCHASE.step * 7) {
      for (const usdPerToken of [0, 0.0001, 0.00037, 0.001, 0.003, 0.0123, 0.1]) {
        const s = connectCreditSplit(credits, connectCreditCharge(credits, usdPerToken))!;
        expect(s).not.toBeNull();
        expect(s.applicationFee).toBeLessThanOrEqual(s.charged);
        expect(s.applicationFee).toBeGreaterThanOrEqual(credits * 0.001 * 100 - 1e-6);
        expect(s.applicationFee + s.agencyEarns).toBe(s.charged);
        expect(s.platformMarkupShare).toBeGreaterThanOrEqual((s.markup * 5) / 100);
        for (const v of Object.values(s)) expect(Number.isInteger(v) && v >= 0).toBe(true);
      }
    }
  });
});
