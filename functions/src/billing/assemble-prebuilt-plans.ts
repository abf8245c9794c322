// assemblePreBuiltPlansFromStripe: the new-pricing plans (starter, pro, agency) with their monthly and yearly Stripe
// prices (found by lookup key, created once), amounts from core's pricing table.
import { billingApi, PLAN_PRICING_USD, toMinorUnits } from '@parley/core';
import { defineEndpoint } from '../http/endpoint';
import { requireKnownCaller } from '../access';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';

const NAMES: Record<string, string> = { starter: 'Starter', pro: 'Pro', agency: 'Agency' };

export const assemblePreBuiltPlansEndpoint = defineEndpoint(billingApi.assemblePreBuiltPlansFromStripe, async ({ headers, idTokens }) => {
  await requireKnownCaller({ headers, idTokens });
  const stripe = stripeClient();
  try {
    const plans = [];
    for (const [key, amounts] of Object.entries(PLAN_PRICING_USD)) {
      const stripePrices = [];
      for (const cycle of ['monthly', 'yearly'] as const) {
        const lookupKey = `parley_pricing_${key}_${cycle}`;
        const found = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })).data[0];
        const price = found ?? (await stripe.prices.create(
          { product_data: { name: `${NAMES[key]} (${cycle})` }, unit_amount: toMinorUnits(amounts[cycle]), currency: 'usd', recurring: { interval: cycle === 'monthly' ? 'month' : 'year' }, lookup_key: lookupKey, metadata: { planKey: key } },
          { idempotencyKey: `pricing-${lookupKey}` },
        ));
        stripePrices.push({ priceId: price.id, billingCycle: cycle, usdAmount: amounts[cycle], currency: 'usd' });
      }
      plans.push({ key, name: NAMES[key] ?? key, description: '', features: [], limits: {}, metadata: {}, billingCycle: 'monthly' as const, stripePrices, addonsPrices: {}, marketingStatements: [] });
    }
    return { body: { plans } };
  } catch (error) {
    throw stripeFailure(error, billingApi.BILLING_API_MESSAGES.planNotFound);
  }
});
