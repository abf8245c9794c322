// Test wiring for billing: the API on a node server over the run's Firestore emulator, the Stripe stand-in sending its
// webhooks to that API, and helpers that make workspaces, agencies and orgs. Only imported by tests and benches.
import { paths, WHITELABEL_ADDON_KEY, type Region } from '@parley/core';
import { start as startStripe, type FakeStripe } from '@parley/local/fakes/stripe';
import { databaseFor } from '../src/adapters/firestore';
import { setIdTokenVerifier } from '../src/adapters/id-token';
import { serveApi } from '../src/http/serve';
import { noRateLimits } from '../src/rate-limits';

export const WEBHOOK_SECRET = 'whsec_billing_test';

export interface BillingStack {
  api: { url: string; close(): Promise<void> };
  stripe: FakeStripe;
  /** Tokens `client.<clientId>.<uid>` are clients; `user.<uid>.x` are workspace users (e-mail <uid>@test.dev). */
  stop(): Promise<void>;
}

export async function startBillingStack(opts: { deliverWebhooks?: boolean } = {}): Promise<BillingStack> {
  const endpoints = (await import('./composition')).testEndpoints();
  const api = await serveApi(endpoints, { limits: noRateLimits });
  const stripe = await startStripe({
    port: 0, webhookUrl: `${api.url}/stripe/webhook`, connectWebhookUrl: `${api.url}/stripe/connect/webhook`, webhookSecret: WEBHOOK_SECRET,
    deliverWebhooks: opts.deliverWebhooks,
  });
  Object.assign(process.env, { STRIPE_API_BASE: stripe.url, STRIPE_SECRET_KEY: 'sk_test_billing', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PARLEY_APP_URL: 'http://127.0.0.1:5000' });
  setIdTokenVerifier(async (token) => {
    const [kind, a, b] = token.split('.');
    if (kind === 'client') return { uid: b ?? a!, role: 'client', clientId: a };
    if (kind === 'user') return { uid: a!, email: `${a}@test.dev`, emailVerified: true, role: '' };
    return null;
  });
  return {
    api,
    stripe,
    async stop() {
      setIdTokenVerifier(null);
      await stripe.stop();
      await api.close();
    },
  };
}

let seq = 0;
/** A workspace (users/{uid} + its secret) in a country, with credits. */
export async function makeWorkspace(opts: { country?: string; loadTokens?: number; region?: Region; whitelabel?: boolean } = {}): Promise<{ uid: string; secret: string; region: Region; country: string }> {
  const region = opts.region ?? 'na';
  const uid = `ws${Date.now().toString(36)}${(seq++).toString(36)}`;
  const secret = `vg_${uid.padEnd(20, 'x').slice(0, 20)}`;
  const db = databaseFor(region);
  // An agency with the whitelabel add-on (Auto Billing needs it), given as a custom plan's feature.
  const customPlan = opts.whitelabel ? { customPlan: { features: [WHITELABEL_ADDON_KEY] } } : {};
  await db.doc(paths.user(uid)).set({ uid, email: `${uid}@test.dev`, loadTokens: opts.loadTokens ?? 0, region, internal: { countryCode: opts.country ?? 'US', ...customPlan } });
  await db.doc(paths.userSecrets(uid)).set({ workspaceSecret: secret });
  return { uid, secret, region, country: opts.country ?? 'US' };
}

export async function call(api: { url: string }, path: string, body: unknown, bearer: string, method = 'POST'): Promise<{ status: number; json: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}

/**
 * Saves a test card (pm_card_visa …) as the workspace's default through the API, as the page does after Stripe.js;
 * its billing address is in the workspace's country unless `country` names another.
 */
export async function saveCard(api: { url: string }, ws: { uid: string; secret: string; region: Region; country?: string }, token = 'pm_card_visa', country = ws.country || 'US'): Promise<void> {
  const stripeBase = process.env.STRIPE_API_BASE!;
  const res = await fetch(`${stripeBase}/v1/payment_methods/${token}`, { headers: { authorization: 'Bearer sk_test_billing' } });
  const pm = (await res.json()) as { id: string };
  const r = await call(api, '/stripe/upsert-payment-method', { userId: ws.uid, region: ws.region, paymentMethodId: pm.id, name: 'Ada', address: { country } }, ws.secret);
  if (r.status !== 200) throw new Error(`saveCard: ${r.status} ${JSON.stringify(r.json)}`);
}

export async function loadTokensOf(uid: string, region: Region = 'na'): Promise<number> {
  return Number((await databaseFor(region).doc(paths.user(uid)).get()).get('loadTokens') ?? 0);
}

/**
 * The agency `ws` connects Stripe through the stand-in and sells credits at `usdPerToken` (plans allowed); an org of
 * it with billing on (plus `org` fields) has a client whose card is saved on the agency's account.
 */
export async function connectedAgencyOrg(stack: BillingStack, ws: { uid: string }, opts: { usdPerToken: number; org?: Record<string, unknown> }) {
  const db = databaseFor('na');
  const token = `user.${ws.uid}.x`;
  const acct = await call(stack.api, '/stripe/connect/create-account', { workspace: { uid: ws.uid, region: 'na', email: `${ws.uid}@test.dev` } }, token);
  const link = await call(stack.api, '/stripe/connect/account-link', { workspace: { uid: ws.uid, region: 'na' } }, token);
  await fetch(link.json.redirectUrl, { redirect: 'manual' });
  await stack.stripe.settle();
  const saved = await call(stack.api, '/stripe/connect/billing-settings', { workspaceId: ws.uid, region: 'na', USDPerToken: opts.usdPerToken, allowPlans: true }, token);
  if (saved.status !== 200) throw new Error(`billing settings: ${saved.status} ${JSON.stringify(saved.json)}`);
  const orgId = `org${Date.now().toString(36)}${(seq++).toString(36)}`;
  await db.doc(paths.org(orgId)).set({ ID: orgId, name: 'Acme', ownerID: ws.uid, loadTokens: 0, allowBilling: true, ...opts.org });
  const clientId = `client${orgId}`;
  await db.doc(paths.client(clientId)).set({ ID: clientId, orgId, email: `${clientId}@acme.test` });
  const client = `client.${clientId}.uid${orgId}`;
  const accountId = acct.json.accountId as string;
  const pm = (await (await fetch(`${process.env.STRIPE_API_BASE}/v1/payment_methods/pm_card_visa`, { headers: { authorization: 'Bearer sk_test_billing', 'stripe-account': accountId } })).json()) as { id: string };
  const card = await call(stack.api, '/stripe/connect/update-payment', { orgId, region: 'na', paymentMethodId: pm.id, workspaceStripeAccountId: accountId }, client);
  if (card.status !== 200) throw new Error(`card: ${card.status} ${JSON.stringify(card.json)}`);
  return { orgId, accountId, client, clientId, ownerToken: token };
}
