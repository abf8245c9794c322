// An agency buying credits below the platform's price through its own connected account, then moving them to its
// workspace: every way credits reach an org through Connect (a purchase, a plan's invoice, a payment the agency makes
// itself) pays the platform at least their base price, or adds nothing. The API on a node server, the Firestore
// emulator and the Stripe stand-in (webhooks signed) through the real Stripe client.
import { DEFAULT_PRICE_PER_CREDIT_USD, paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { transferCreditsHandler } from '../clients/transfer-credits';
import { stripeClient } from './env';
import { call, connectedAgencyOrg, makeWorkspace, startBillingStack, type BillingStack } from '../../test/billing';

let stack: BillingStack;
const db = () => databaseFor('na');
const signedIn = (uid: string) => ({ auth: { uid, token: { email: `${uid}@test.dev`, email_verified: true } as never, rawToken: 'x' } });
const orgCredits = async (orgId: string) => Number((await db().doc(paths.org(orgId)).get()).get('loadTokens') ?? 0);
/** What the platform must get for credits at least: their base price, in cents. */
const baseCents = (credits: number) => Math.round(credits * DEFAULT_PRICE_PER_CREDIT_USD * 100);

beforeAll(async () => {
  stack = await startBillingStack();
}, 30_000);
afterAll(async () => {
  await stack?.stop();
});

describe('an agency buying credits for itself through Connect', () => {
  it('at USDPerToken 0, its 50,000 credits carry a fee of their whole $50 base price; moved to its own workspace, they were paid at base price', async () => {
    const agency = await makeWorkspace({ whitelabel: true });
    const { orgId, accountId, ownerToken } = await connectedAgencyOrg(stack, agency, { usdPerToken: 0 });
    // The agency owner acts as the org's cardholder.
    const bought = await call(stack.api, '/stripe/connect/pre-paid', { orgId, region: 'na', creditAmount: 50_000 }, ownerToken);
    expect(bought.json).toMatchObject({ status: 'succeeded', credits: 50_000 });
    await stack.stripe.settle();
    const charges = stack.stripe.recorded.filter((r) => r.path === '/v1/payment_intents' && r.account === accountId && r.status === 200);
    expect(charges).toHaveLength(1);
    const fee = Number(charges[0]!.params.application_fee_amount);
    expect(Number(charges[0]!.params.amount)).toBe(5000);
    expect(fee).toBeGreaterThanOrEqual(baseCents(50_000));
    expect(await orgCredits(orgId)).toBe(50_000);

    const moved = await transferCreditsHandler({ region: 'na', orgId, direction: 'toWorkspace', amount: 50_000 }, signedIn(agency.uid));
    expect(moved).toMatchObject({ workspaceCredits: 50_000, orgCredits: 0 });
    expect(fee).toBeGreaterThanOrEqual(baseCents(moved.workspaceCredits));
  });

  it('a payment the agency makes on its own account with our metadata but no fee (or on another agency\'s account) adds no credits', async () => {
    const agency = await makeWorkspace({ whitelabel: true });
    const { orgId, accountId } = await connectedAgencyOrg(stack, agency, { usdPerToken: 0.003 });
    const customer = String((await db().doc(paths.org(orgId)).get()).get('stripeCustomerId'));
    const metadata = { parleyPurpose: 'org-credits', orgId, region: 'na', credits: '50000' };
    const stripe = stripeClient();
    // $2.50 for 50,000 credits with the old 5 % fee: far below their $50 base price.
    const cheap = await stripe.paymentIntents.create(
      { amount: 250, currency: 'usd', customer, payment_method: 'pm_card_visa', confirm: true, application_fee_amount: 13, metadata },
      { stripeAccount: accountId },
    );
    expect(cheap.status).toBe('succeeded');
    // Another agency pays the full price, but for an org that is not its own.
    const other = await makeWorkspace({ whitelabel: true });
    const otherOrg = await connectedAgencyOrg(stack, other, { usdPerToken: 0 });
    const otherCustomer = String((await db().doc(paths.org(otherOrg.orgId)).get()).get('stripeCustomerId'));
    await stripe.paymentIntents.create(
      { amount: 5000, currency: 'usd', customer: otherCustomer, payment_method: 'pm_card_visa', confirm: true, application_fee_amount: 5000, metadata },
      { stripeAccount: otherOrg.accountId },
    );
    await stack.stripe.settle();
    expect(await orgCredits(orgId)).toBe(0);
  });

  it('a plan priced below its credits\' base price cannot be subscribed to, and a subscription the agency starts itself without the fee adds no credits', async () => {
    const agency = await makeWorkspace({ whitelabel: true });
    const { orgId, accountId, client } = await connectedAgencyOrg(stack, agency, { usdPerToken: 0.003 });
    const stripe = stripeClient();
    const product = await stripe.products.create({ name: 'Cheap', metadata: { parleyPlan: 'true', credits: '50000' } }, { stripeAccount: accountId });
    const price = await stripe.prices.create(
      { product: product.id, unit_amount: 100, currency: 'usd', recurring: { interval: 'month' }, metadata: { credits: '50000' } },
      { stripeAccount: accountId },
    );
    const session = await call(stack.api, '/stripe/connect/create-subscription', {
      orgId, region: 'na', priceId: price.id, successUrl: 'http://127.0.0.1:5000/ok', cancelUrl: 'http://127.0.0.1:5000/no', workspaceStripeAccountId: accountId,
    }, client);
    expect(session).toMatchObject({ status: 400, json: { error: "This plan's price is below the platform's price for its credits. Ask the agency to save its plans again." } });

    const customer = String((await db().doc(paths.org(orgId)).get()).get('stripeCustomerId'));
    const sub = await stripe.subscriptions.create(
      { customer, items: [{ price: price.id }], default_payment_method: 'pm_card_visa', metadata: { orgId, region: 'na', credits: '50000' } },
      { stripeAccount: accountId },
    );
    await stack.stripe.settle();
    const paid = stack.stripe.events.filter((e) => e.type === 'invoice.paid' && e.account === accountId);
    expect(paid.map((e) => (e.data.object as { subscription?: string }).subscription)).toContain(sub.id);
    expect(await orgCredits(orgId)).toBe(0);
  });
});
