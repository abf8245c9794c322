// getPlans: an agency's plans as they are on its connected account (active products marked as ours, their active
// monthly price), for its Auto Billing tab and its clients' billing modal. Only the account's own agency owner and
// the clients of its orgs may list them (403 for anyone else): the platform's key reads any connected account, so
// the caller's link to the account is checked before Stripe is asked.
import { billingApi, paths, REGIONS, type Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { requireKnownCaller, type Caller } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { stripeClient } from './env';
import { stripeFailure } from './stripe-helpers';

/** ours */
export const PLANS_NOT_YOURS = "You can only see the plans of your own agency.";

/** The agency owner whose connected account this is (its stripeConnect.accountId), in either region. */
async function accountOwner(accountId: string): Promise<{ uid: string; region: Region } | null> {
  for (const region of REGIONS) {
    const snap = await databaseFor(region).collection(paths.users()).where('stripeConnect.accountId', '==', accountId).limit(1).get();
    const doc = snap.docs[0];
    if (doc) return { uid: doc.id, region };
  }
  return null;
}

/** The account's owner itself, or a client of one of its orgs (read in the owner's region). */
async function requirePlansReader(caller: Caller, accountId: string): Promise<void> {
  const owner = await accountOwner(accountId);
  if (owner && caller.kind === 'user' && caller.uid === owner.uid) return;
  if (owner && caller.kind === 'client' && caller.clientId) {
    const db = databaseFor(owner.region);
    const orgId = (await db.doc(paths.client(caller.clientId)).get()).get('orgId');
    const ownerID = typeof orgId === 'string' && orgId ? (await db.doc(paths.org(orgId)).get()).get('ownerID') : null;
    if (ownerID === owner.uid) return;
  }
  throw new HttpError(403, PLANS_NOT_YOURS);
}

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
