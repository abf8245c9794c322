// The numbers other workspaces rely on, and the relations between them (defaults on their sliders, client
// access paths among the options).
import { describe, expect, it } from 'vitest';
import {
  ADDON_USD_MONTHLY, AGENT_TABS, AUTO_RECHARGE_CONNECTED, AUTO_RECHARGE_OWN_PLAN, CATALOGUE_PLANS, CLIENT_ACCESS_OPTIONS,
  CREDIT_PURCHASE, DEFAULT_CLIENT_ACCESS, FREE_ACCOUNT_DEFAULTS, NOTIFY_IF_LEVELS, PALETTE_LIGHTNESS_STEPS, PLAN_PRICING_USD,
  RESERVED_CLIENT_TAB_HREFS, SECTION_SEARCH, YEARLY_PRICE_FACTOR,
} from './index';

describe('constants', () => {
  it('catalogue plans: free, pay_as_you_go (USD 20, EUR 22/18, GBP 20/15), enterprise', () => {
    expect(CATALOGUE_PLANS.map((p) => p.id)).toEqual(['free', 'pay_as_you_go', 'enterprise']);
    const payg = CATALOGUE_PLANS[1];
    expect(payg.prices).toEqual([
      { currency: 'USD', amount: 20 },
      { currency: 'EUR', amount: 22, originalAmount: 18 },
      { currency: 'GBP', amount: 20, originalAmount: 15 },
    ]);
  });
  it('add-on prices', () => {
    expect(ADDON_USD_MONTHLY).toEqual({ 'whitelabel-new': 50, 'workspace-seat': 10, client_seat: 5, 'concurrent-call-line': 5, 'twilio-phone-number': 3 });
  });
  it('yearly plan prices are ten months', () => {
    for (const p of Object.values(PLAN_PRICING_USD)) expect(p.yearly).toBe(p.monthly * YEARLY_PRICE_FACTOR);
  });
  it('palette lightness runs 95, 90, then down by 10 to 10', () => {
    expect(PALETTE_LIGHTNESS_STEPS).toEqual([95, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
  });
  it('every default client access path is an access option, and options are the reserved hrefs', () => {
    const options = CLIENT_ACCESS_OPTIONS.map((o) => o.path);
    for (const p of DEFAULT_CLIENT_ACCESS) expect(options).toContain(p);
    expect(RESERVED_CLIENT_TAB_HREFS).toEqual(options);
  });
  it('agent tabs in spec order', () => {
    expect(AGENT_TABS.map((t) => t.key)).toEqual(['home', 'overview', 'voice', 'nodes', 'prompt', 'kb', 'convos', 'analytics', 'channels', 'tools', 'leads', 'settings']);
  });
  it('default values sit on their sliders', () => {
    const onStep = (v: number, r: { min: number; max: number; step: number }) => v >= r.min && v <= r.max && (v - r.min) % r.step === 0;
    expect(onStep(AUTO_RECHARGE_CONNECTED.threshold.default, AUTO_RECHARGE_CONNECTED.threshold)).toBe(true);
    expect(onStep(AUTO_RECHARGE_CONNECTED.amount.default, AUTO_RECHARGE_CONNECTED.amount)).toBe(true);
    expect(onStep(AUTO_RECHARGE_OWN_PLAN.monthlyLimit.default, AUTO_RECHARGE_OWN_PLAN.monthlyLimit)).toBe(true);
    for (const q of CREDIT_PURCHASE.quickPicks) expect(onStep(q, CREDIT_PURCHASE)).toBe(true);
  });
  it('misc', () => {
    expect(NOTIFY_IF_LEVELS).toEqual({ all: 1, requestsOnly: 2, none: 0 });
    expect(FREE_ACCOUNT_DEFAULTS).toEqual({ maxAgents: 2, maxConcurrentCalls: 10, maxClients: 2, workspaceSeats: 2, twilioPhoneNumberSlots: 0 });
    expect(SECTION_SEARCH.minScore).toBeLessThan(SECTION_SEARCH.goodMatch);
    expect(SECTION_SEARCH.goodMatch).toBeLessThan(SECTION_SEARCH.strongMatch);
  });
});
