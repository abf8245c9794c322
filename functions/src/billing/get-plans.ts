// getPlans: an agency's plans as they are on its connected account (active products marked as ours, their active
// monthly price), for its Auto Billing tab and its clients' billing modal. Who may list them: access's
// requirePlansReader (the account's own agency owner and the clients of its orgs), asked before Stripe is.
import { billingApi } from '@parley/core';
import { requireKnownCaller, requirePlansReader } from '../access';
import { defineEndpoint } from '../http/endpoint';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';

export const getPlansEndpoint = defineEndpoint(billingApi.getPlans, async ({ params, headers, idTokens }) => {
  const stripeAccount = params.agencyAccountId;
  await requirePlansReader(await requireKnownCaller({ headers, idTokens }), stripeAccount);
  const stripe = stripeClient();
  try {
    const products = await stripe.products.list({ active: true, limit: 20 }, { stripeAccount });
    const plans = [];
    for (const product of products.data.filter((p) => p.metadata?.parleyPlan === 'true')) {
      const prices = await stripe.prices.list({ product: product.id, active: true, limit: 1 }, { stripeAccount });
      const price = prices.data[0];
      if (!price) continue;
      plans.push({
        productId: product.id, priceId: price.id, name: product.name, price: Number(price.unit_amount ?? 0) / 100, credits: Number(price.metadata?.credits ?? product.metadata?.credits ?? 0),
        features: (product.marketing_features ?? []).map((f) => f.name ?? '').filter(Boolean), isPopular: product.metadata?.isPopular === 'true',
      });
    }
    return { body: { plans: plans.sort((a, b) => a.credits - b.credits) } };
  } catch (error) {
    throw stripeFailure(error, 'Failed to load plans.');
  }
});
