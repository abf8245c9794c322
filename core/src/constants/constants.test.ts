// What the constants must agree on with the rules that use them: a default the UI preselects passes its own
// validation, a yearly price is what the pricing rule makes of the monthly one, every default client page is
// one a client can be given, and the section search's thresholds label matches from weak to strong.
// (A test that restated a constant's literal could not fail for any reason but the edit itself.)
import { describe, expect, it } from 'vitest';
import { yearlyPrice } from '../domain/pricing';
import { validateConnectedAutoRecharge, validateCreditPurchase, validateOwnPlanAutoRecharge } from '../validation/billing';
import {
  AUTO_RECHARGE_CONNECTED, AUTO_RECHARGE_OWN_PLAN, CLIENT_ACCESS_PATHS, CREDIT_PURCHASE, DEFAULT_CLIENT_ACCESS, PLAN_PRICING_USD, SECTION_SEARCH,
} from './index';

describe('constants and the rules that use them', () => {
  it('preselected auto-recharge values and the credit quick picks pass their own validation', () => {
    expect(validateConnectedAutoRecharge({ threshold: AUTO_RECHARGE_CONNECTED.threshold.default, amount: AUTO_RECHARGE_CONNECTED.amount.default })).toBeNull();
    expect(
      validateOwnPlanAutoRecharge({
        planName: 'pro',
        threshold: AUTO_RECHARGE_OWN_PLAN.threshold.min,
        amount: AUTO_RECHARGE_OWN_PLAN.amount.min,
        monthlyLimit: AUTO_RECHARGE_OWN_PLAN.monthlyLimit.default,
      }),
    ).toBeNull();
    for (const credits of CREDIT_PURCHASE.quickPicks) expect(validateCreditPurchase(credits, true)).toBeNull();
  });

  it('lists every yearly price as the pricing rule makes it from the monthly one', () => {
    for (const price of Object.values(PLAN_PRICING_USD)) expect(price.yearly).toBe(yearlyPrice(price.monthly));
  });

  it('gives new clients only pages a client can be given', () => {
    for (const path of DEFAULT_CLIENT_ACCESS) expect(CLIENT_ACCESS_PATHS).toContain(path);
  });

  it('labels section matches from possible through good to strong', () => {
    expect(SECTION_SEARCH.minScore).toBeLessThan(SECTION_SEARCH.goodMatch);
    expect(SECTION_SEARCH.goodMatch).toBeLessThan(SECTION_SEARCH.strongMatch);
  });
});
