import { describe, expect, it } from 'vitest';
import { ADDON_PRICING_USD, PLAN_PRICING_USD, YEARLY_PRICE_FACTOR } from '../constants/billing';
import {
  addonMonthlyPrice, agencyPlanPrice, calculatePlanPrice, limitsWithAddons, creditPurchasePrice, creditsForUsd, finalCreditPrice, formatCredits, planMonthlyPrice, shouldAutoRecharge, toMinorUnits, usageColor,
  workspaceCreditsForUsd, yearlyPrice,
} from './pricing';

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

describe('catalogue prices by currency, workspace credits and auto-recharge crossings', () => {
  it('Pay-As-You-Go is 20 USD, 22 EUR, 20 GBP; add-ons convert at the exchange rate', () => {
    expect([planMonthlyPrice('pay_as_you_go', 'USD'), planMonthlyPrice('pay_as_you_go', 'EUR'), planMonthlyPrice('pay_as_you_go', 'GBP')]).toEqual([20, 22, 20]);
    expect(planMonthlyPrice('nope', 'USD')).toBeNull();
    expect([addonMonthlyPrice('whitelabel-new', 'USD'), addonMonthlyPrice('whitelabel-new', 'EUR'), addonMonthlyPrice('whitelabel-new', 'GBP')]).toEqual([50, 44, 37.5]);
  });

  it('$5 buys 5,000 credits at $0.001', () => {
    expect(workspaceCreditsForUsd(5)).toBe(5000);
    expect(toMinorUnits(27.94)).toBe(2794);
  });

  it('fires below the threshold only when enabled, paid, armed and within the month', () => {
    const s = { enabled: true, isFreePlan: false, threshold: 500, amount: 5, monthlyLimit: 100, balance: 499, armed: true, chargedThisMonth: 0 };
    expect(shouldAutoRecharge(s)).toBe(true);
    expect(shouldAutoRecharge({ ...s, balance: 500 })).toBe(false);
    expect(shouldAutoRecharge({ ...s, enabled: false })).toBe(false);
    expect(shouldAutoRecharge({ ...s, isFreePlan: true })).toBe(false);
    expect(shouldAutoRecharge({ ...s, armed: false })).toBe(false);
    expect(shouldAutoRecharge({ ...s, chargedThisMonth: 95 })).toBe(true);
    expect(shouldAutoRecharge({ ...s, chargedThisMonth: 96 })).toBe(false);
    expect(shouldAutoRecharge({ ...s, monthlyLimit: 0, chargedThisMonth: 10_000 })).toBe(true);
  });
});

describe('plan limits with add-ons and the price calculator', () => {
  it('free defaults: 2 seats, 2 clients, 10 call lines, 0 numbers; add-ons add to them', () => {
    expect(limitsWithAddons({})).toEqual({ workspaceSeats: 2, clientSeats: 2, maxConcurrentCalls: 10, twilioPhoneNumberSlots: 0, customBranding: false });
    expect(limitsWithAddons({ 'workspace-seat': 3, client_seat: 1, 'concurrent-call-line': 2, 'twilio-phone-number': 4, 'whitelabel-new': 1 }))
      .toEqual({ workspaceSeats: 5, clientSeats: 3, maxConcurrentCalls: 12, twilioPhoneNumberSlots: 4, customBranding: true });
  });

  const included = { agents: 5, seats: 2, concurrentCalls: 1, phoneNumbers: 0 };
  it('starter alone is 25/month and 250/year', () => {
    const base = { planKey: 'starter' as const, agents: 5, seats: 2, concurrentCalls: 1, phoneNumbers: 0, whiteLabel: false, included };
    expect(calculatePlanPrice({ ...base, cycle: 'monthly' })).toBe(25);
    expect(calculatePlanPrice({ ...base, cycle: 'yearly' })).toBe(250);
  });
  it('extras beyond the included amounts at the add-on prices, white label 200', () => {
    // pro 59 + 2 agents × 1 + 1 seat × 5 + 1 line × 10 + 2 numbers × 3 + 200
    expect(calculatePlanPrice({ planKey: 'pro', cycle: 'monthly', agents: 7, seats: 3, concurrentCalls: 2, phoneNumbers: 2, whiteLabel: true, included })).toBe(282);
  });
  it('an included-agents value of infinity counts as 50', () => {
    const input = { planKey: 'agency' as const, cycle: 'monthly' as const, seats: 0, concurrentCalls: 0, phoneNumbers: 0, whiteLabel: false, included: { ...included, agents: 'infinity' as const } };
    expect(calculatePlanPrice({ ...input, agents: 50 })).toBe(109);
    expect(calculatePlanPrice({ ...input, agents: 52 })).toBe(111);
  });
});

describe('price calculator: a fixed yearly factor of 10', () => {
  it('every yearly price in the plan and add-on tables is 10 × its monthly price', () => {
    for (const row of [...Object.values(PLAN_PRICING_USD), ...Object.values(ADDON_PRICING_USD)]) expect(row.yearly).toBe(row.monthly * YEARLY_PRICE_FACTOR);
    expect(YEARLY_PRICE_FACTOR).toBe(10);
  });
  it('a yearly plan with extras costs 10 × the same plan monthly; infinity included agents price the 51st agent', () => {
    const included = { agents: 'infinity' as const, seats: 2, concurrentCalls: 1, phoneNumbers: 0 };
    const input = { planKey: 'pro' as const, agents: 51, seats: 3, concurrentCalls: 2, phoneNumbers: 1, whiteLabel: false, included };
    // pro 59 + 1 agent over 50 × 1 + 1 seat × 5 + 1 line × 10 + 1 number × 3 = 78
    expect(calculatePlanPrice({ ...input, cycle: 'monthly' })).toBe(78);
    expect(calculatePlanPrice({ ...input, cycle: 'yearly' })).toBe(780);
  });
});
