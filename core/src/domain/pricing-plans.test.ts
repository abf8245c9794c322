// The new pricing's plans as configured: prices per cycle (yearly = 10 months) in each currency, and the limits a
// subscription to one gives with its add-ons on top.
import { describe, expect, it } from 'vitest';
import { createSubscription } from '../api/billing';
import { PLAN_PRICING_KEYS, PLAN_PRICING_USD, PRICING_PLANS, YEARLY_PRICE_FACTOR } from '../constants/billing';
import { agentLimit, clientSeatLimit, workspaceSeatLimitOfPlan } from './plan-limits';
import { addonCyclePrice, isPricingPlanKey, pricingPlan, pricingPlanPrice, subscriptionLimits } from './pricing';

describe('new pricing plans', () => {
  it('cost 25/250, 59/590 and 109/1090 USD; yearly is ten months', () => {
    expect(PLAN_PRICING_KEYS.map((k) => [pricingPlanPrice(k, 'monthly', 'USD'), pricingPlanPrice(k, 'yearly', 'USD')])).toEqual([[25, 250], [59, 590], [109, 1090]]);
    for (const k of PLAN_PRICING_KEYS) expect(PLAN_PRICING_USD[k].yearly).toBe(PLAN_PRICING_USD[k].monthly * YEARLY_PRICE_FACTOR);
  });

  it('are priced in euros at 0.88 and pounds at 0.75', () => {
    expect(pricingPlanPrice('pro', 'yearly', 'EUR')).toBe(519.2);
    expect(pricingPlanPrice('agency', 'monthly', 'GBP')).toBe(81.75);
    expect(pricingPlanPrice('starter', 'monthly', 'EUR')).toBe(22);
  });

  it('bill add-ons of a yearly plan at ten months', () => {
    expect(addonCyclePrice('workspace-seat', 'monthly', 'USD')).toBe(10);
    expect(addonCyclePrice('workspace-seat', 'yearly', 'USD')).toBe(100);
    expect(addonCyclePrice('client_seat', 'yearly', 'EUR')).toBe(44);
  });

  it('are only starter, pro and agency, in the Plan shape with Pro most popular', () => {
    expect(['starter', 'pro', 'agency'].every(isPricingPlanKey)).toBe(true);
    expect(isPricingPlanKey('pay_as_you_go')).toBe(false);
    expect(pricingPlan('free')).toBeNull();
    expect(pricingPlan('pro')).toMatchObject({ key: 'pro', name: 'Pro', metadata: { mostPopular: true, includedAgents: 10, includedWorkspaceSeats: 5 } });
    expect(Object.values(PRICING_PLANS).filter((p) => p.metadata.mostPopular).map((p) => p.key)).toEqual(['pro']);
    // Every plan includes what its limits give.
    for (const p of Object.values(PRICING_PLANS)) {
      expect(p.limits.maxAgents).toBe(p.metadata.includedAgents);
      expect(p.limits.workspaceSeats).toBe(p.metadata.includedWorkspaceSeats);
      expect(p.limits.maxConcurrentCalls).toBe(p.metadata.includedConcurrentCalls);
      expect(p.limits.twilioPhoneNumberSlots).toBe(p.metadata.includedTwilioPhoneNumberSlots);
    }
  });
});

describe('subscriptionLimits', () => {
  it('gives a new-pricing plan its own limits, add-ons on top', () => {
    expect(subscriptionLimits('pro', {})).toEqual({ maxAgents: 10, maxKbDocsCharCount: 5_000_000, workspaceSeats: 5, clientSeats: 10, maxConcurrentCalls: 20, twilioPhoneNumberSlots: 3 });
    expect(subscriptionLimits('starter', { 'workspace-seat': 2, client_seat: 1, 'concurrent-call-line': 3, 'twilio-phone-number': 1 })).toMatchObject({
      workspaceSeats: 4, clientSeats: 4, maxConcurrentCalls: 13, twilioPhoneNumberSlots: 2,
    });
    expect(subscriptionLimits('agency', {}).maxAgents).toBe('infinity');
  });

  it('gives Pay-As-You-Go the free defaults raised by its add-ons, as before', () => {
    expect(subscriptionLimits('pay_as_you_go', { 'workspace-seat': 1 })).toEqual({ workspaceSeats: 3, clientSeats: 2, maxConcurrentCalls: 10, twilioPhoneNumberSlots: 0 });
  });

  it('is what plan limits read once stored as v2StripeConfig.limits', () => {
    const ws = (planId: string) => ({ v2StripeConfig: { planId, status: 'active', limits: subscriptionLimits(planId, { 'workspace-seat': 1 }) } });
    expect(agentLimit(ws('starter'))).toBe(3);
    expect(agentLimit(ws('agency'))).toBe(Infinity);
    expect(clientSeatLimit(ws('pro'))).toBe(10);
    expect(workspaceSeatLimitOfPlan(ws('pro'))).toBe(6);
  });
});

describe('create-subscription contract', () => {
  const body = { userId: 'owner1', region: 'eu', planId: 'pro' };
  it('takes a monthly or yearly cycle, monthly by default', () => {
    expect(createSubscription.body!.parse(body).billingCycle).toBe('monthly');
    expect(createSubscription.body!.parse({ ...body, billingCycle: 'yearly' }).billingCycle).toBe('yearly');
    expect(createSubscription.body!.safeParse({ ...body, billingCycle: 'weekly' }).success).toBe(false);
  });
});
