// upsertAgencyPlans: each plan as a product with a monthly price on the agency's connected account. The price is
// never the page's: credits × (base cost + the agency's USDPerToken). Prices are immutable at Stripe: a changed
// amount makes a new price and archives the old one. Needs steps 1 and 2 (connected) and the billing settings.
import { agencyPlanPrice, billingApi, finalCreditPrice, paths, toMinorUnits, validateAgencyPlans } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { agencyConnect } from './billing-state';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';

const M = billingApi.BILLING_API_MESSAGES;

export const upsertAgencyPlansEndpoint = defineEndpoint(billingApi.upsertAgencyPlans, async ({ body, headers, idTokens }) => {
  const agency = await agencyConnect({ headers, idTokens }, body.workspaceId, body.region);
  if (!agency.accountId || !agency.isConnected || agency.accountId !== body.agencyAccountId) throw new HttpError(412, M.plansNeedSteps);
  const invalid = validateAgencyPlans(body.plans);
  if (invalid) throw new HttpError(400, invalid);
  const stripe = stripeClient();
  const stripeAccount = agency.accountId;
  const creditPrice = finalCreditPrice(agency.usdPerToken);
  try {
    const saved = [];
    for (const plan of body.plans) {
      const price = agencyPlanPrice(plan.credits, creditPrice);
      const features = plan.features.filter((f) => f.trim() !== '');
      const metadata = { credits: String(plan.credits), isPopular: String(plan.isPopular), parleyPlan: 'true' };
      const product = plan.productId
        ? await stripe.products.update(plan.productId, { name: plan.name, marketing_features: features.map((name) => ({ name })), metadata }, { stripeAccount })
        : await stripe.products.create({ name: plan.name, marketing_features: features.map((name) => ({ name })), metadata }, { stripeAccount, idempotencyKey: `agency-plan-${stripeAccount}-${plan.name}-${plan.credits}` });
      let priceId = plan.priceId;
      const existing = priceId ? await stripe.prices.retrieve(priceId, {}, { stripeAccount }).catch(() => null) : null;
      if (!existing || existing.unit_amount !== toMinorUnits(price) || existing.product !== product.id || existing.metadata?.credits !== String(plan.credits)) {
        const created = await stripe.prices.create(
          { product: product.id, unit_amount: toMinorUnits(price), currency: 'usd', recurring: { interval: 'month' }, metadata: { credits: String(plan.credits) } },
          { stripeAccount, idempotencyKey: `agency-price-${product.id}-${toMinorUnits(price)}-${plan.credits}` },
        );
        if (existing) await stripe.prices.update(existing.id, { active: false }, { stripeAccount });
        priceId = created.id;
      }
      saved.push({ name: plan.name, price, credits: plan.credits, features, isPopular: plan.isPopular, priceId: priceId!, productId: product.id });
    }
    await databaseFor(agency.region).doc(paths.user(agency.uid)).set({ stripeConnect: { plans: saved } }, { merge: true });
    return { body: { success: true as const, updatedPlans: saved.map((p) => ({ priceId: p.priceId, productId: p.productId })) } };
  } catch (error) {
    throw stripeFailure(error, M.plansFailed);
  }
});
