// Billing (Stripe): the workspace's own plan, add-ons, credits, auto-recharge, USD balance, card and invoices; the
// platform's and connected accounts' webhooks; and agencies billing their organisations through Stripe Connect.
//
// Who calls: workspace calls take the workspace's secret or a member's Firebase ID token as bearer (owner-only
// where money moves: subscribe, add-ons, credits, top-up, auto-recharge, cancel). Connect setup calls take the agency
// owner's ID token; organisation calls take a client of the org (custom token) or the org's owner. Webhooks are
// public and verified by Stripe's signature on the raw body. Card data never reaches these calls: only Stripe ids.
import { z } from 'zod';
import { MAX_PLAN_FEATURES, USD_PER_TOKEN_MAX } from '../constants/agency';
import {
  ADDON_KEYS, AUTO_RECHARGE_CONNECTED, AUTO_RECHARGE_OWN_PLAN, BILLING_CYCLES, CANCEL_REASONS, CREDIT_PURCHASE, CURRENCIES, USD_TOP_UP_MIN,
} from '../constants/billing';
import { regionSchema } from '../region';
import {
  addonSchema, addonStatusSchema, addressSchema, catalogPlanSchema, currentPlanViewSchema, discountSchema, invoiceSchema,
  limitsSchema, paymentMethodSchema, planSchema, serverPlanSchema,
} from '../schemas/billing';
import { AGENCY_MESSAGES, BILLING_MESSAGES } from '../validation/messages';
import { endpoint, workspaceIdSchema } from './contract';

/** Texts the billing screens show after a call (spec wording; "ours" where the spec gives none). */
export const BILLING_API_MESSAGES = {
  success: 'Success',
  /** Connect (Auto Billing) without the whitelabel add-on, refused by the server as the page does. */
  autoBillingNeedsWhitelabel: 'Auto Billing needs the whitelabel addon',
  paymentMethodUpdated: 'Payment method updated successfully',
  paymentInfoUpdated: 'Payment information updated successfully',
  autoRechargeFailed: 'Failed to update auto-recharge settings.',
  autochargeSaved: 'Autocharge settings saved!',
  creditsPurchased: 'Credits purchased successfully',
  creditsFailed: 'Failed to purchase credits',
  sessionFailed: 'Failed to create subscription session',
  subscriptionFailed: 'Failed to create subscription',
  subscriptionError: 'Subscription Error: There was an error creating your subscription. Please try again.',
  connectCanceled: 'Subscription successfully canceled',
  connectCancelFailed: 'Failed to cancel subscription',
  paymentConfirmationFailed: 'Payment confirmation failed',
  completeConfirmationFailed: 'Failed to complete payment confirmation',
  updatePaymentFailed: 'Failed to update payment information',
  savePaymentFailed: 'Failed to save payment information',
  /** A card form submitted before Stripe.js answered, or without its card or address field. */
  stripeNotInitialized: 'Stripe not initialized',
  cardFormMissing: 'Card or address form is missing',
  toppedUp: 'Successfully topped up balance',
  topUpFailed: 'Failed to top up balance',
  loadFailed: 'Failed to load subscription data',
  addonsLoadFailed: 'Failed to load addon information',
  addonsPrepareFailed: 'Failed to prepare addon changes',
  addonsUpdateFailed: 'Failed to update addons',
  addonsPartial: 'Some addons could not be processed',
  addonsUpdated: 'Addons updated successfully',
  cancelled: 'Subscription cancelled successfully',
  cancelError: 'Error cancelling subscription',
  reactivated: 'Subscription reactivated successfully',
  reactivateError: 'Error reactivating subscription',
  planNotFound: 'Error: Plan not found',
  workspaceUnavailable: 'Error: Cannot access workspace information',
  applePay: 'Apple Pay is not yet implemented',
  plansSaved: 'Plans saved successfully',
  plansFailed: 'Failed to save plans',
  billingSettingsSaved: 'Billing settings saved',
  accountConnected: 'Account Connected',
  /** ours: a card Stripe declined (the decline's own text follows when Stripe gives one). */
  cardDeclined: 'Your card was declined.',
  /** ours */
  noSubscription: 'There is no active subscription.',
  /** ours */
  notCancelling: 'The subscription is not set to cancel.',
  /** ours */
  connectMissing: 'Connect a Stripe account first.',
  /** ours */
  billingNotAllowed: 'Billing is not enabled for this organization.',
  /** ours */
  notOrgMember: 'You are not a member of this organization.',
  /** ours */
  badSignature: 'Invalid Stripe signature.',
  /** ours: a Connect sale priced below the platform's base price per credit is refused. */
  priceBelowBase: "This agency's price is below the platform's price per credit, so these credits cannot be sold. Ask the agency to raise its price.",
  /** ours: a Connect plan whose price no longer covers the platform's base price for its credits. */
  planBelowBase: "This plan's price is below the platform's price for its credits. Ask the agency to save its plans again.",
  ...BILLING_MESSAGES,
  ...AGENCY_MESSAGES,
} as const;

const stripeIdSchema = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9_]{1,200}$`), `Expected a Stripe id starting with ${prefix}_.`);
export const customerIdSchema = stripeIdSchema('cus');
export const paymentMethodIdSchema = stripeIdSchema('pm');
export const paymentIntentIdSchema = stripeIdSchema('pi');
export const subscriptionIdSchema = stripeIdSchema('sub');
export const priceIdSchema = stripeIdSchema('price');
export const productIdSchema = stripeIdSchema('prod');
export const connectedAccountIdSchema = stripeIdSchema('acct');
const orgIdSchema = workspaceIdSchema;

/** Every workspace call names the workspace (its owner's uid, the spec's userId) and its region. */
const workspaceRef = { userId: workspaceIdSchema, region: regionSchema };
const ok = z.object({ success: z.literal(true), message: z.string().optional() });
/** The page's id for one purchase (a UUID made when its dialog opens): a retried request is the same charge. */
const requestIdSchema = z.uuid().optional();

/** Tax and currency for the customer's country, shown before paying. */
export const taxViewSchema = z.object({
  country: z.string(),
  currency: z.enum(CURRENCIES),
  symbol: z.string(),
  exchangeRate: z.number().positive(),
  taxPercent: z.number().nonnegative(),
  description: z.string(),
});
export type TaxView = z.infer<typeof taxViewSchema>;

/** What one charge costs the customer: net in its currency, tax, total (cents precision). */
export const chargeSummarySchema = z.object({ currency: z.enum(CURRENCIES), net: z.number(), tax: z.number(), total: z.number(), description: z.string() });

export const autoRechargeSettingsSchema = z.object({
  enabled: z.boolean(),
  threshold: z.number().int(),
  amount: z.number(),
  monthlyLimit: z.number(),
});
export type AutoRechargeSettings = z.infer<typeof autoRechargeSettingsSchema>;

// ------------------------------------------------------------------ catalogue and the workspace's state

/** GET /stripe/catalogue: the static plans, add-ons, pricing tables, per-credit price and the caller's tax. */
export const getBillingCatalogue = endpoint('getBillingCatalogue', 'GET', '/stripe/catalogue', 'bearer', {
  query: z.object({ ...workspaceRef }),
  output: z.object({
    plans: z.array(catalogPlanSchema.extend({ popular: z.boolean().default(false) })),
    addons: z.array(addonSchema),
    /** The new pricing's plans: USD prices per cycle, name, whether most popular, and what the plan's limits are. */
    pricingPlans: z.array(z.object({
      key: z.string(), monthly: z.number(), yearly: z.number(),
      name: z.string().optional(), popular: z.boolean().default(false), limits: limitsSchema.optional(),
    })),
    usdPerCredit: z.number().positive(),
    tax: taxViewSchema,
    ranges: z.object({
      creditPurchase: z.object({ min: z.literal(CREDIT_PURCHASE.min), max: z.literal(CREDIT_PURCHASE.max), step: z.literal(CREDIT_PURCHASE.step) }),
      topUpMin: z.literal(USD_TOP_UP_MIN),
    }),
  }),
});

/** POST /stripe/get-user-data: the Stripe customer, subscription, card, currency, the Current Plan card and auto-recharge. */
export const getUserBillingData = endpoint('getUserBillingData', 'POST', '/stripe/get-user-data', 'bearer', {
  body: z.object(workspaceRef),
  output: z.object({
    customer: z.object({ id: z.string(), email: z.string().nullable(), balance: z.number() }).nullable(),
    subscriptions: z.array(z.object({ id: z.string(), status: z.string(), cancel_at_period_end: z.boolean(), current_period_end: z.number().nullable() })),
    paymentMethod: paymentMethodSchema.nullable(),
    internalKeyRef: z.string(),
    currency: z.enum(CURRENCIES),
    subscriptionItems: z.array(z.object({ id: z.string(), priceId: z.string(), addonKey: z.string().nullable(), quantity: z.number().int() })),
    currentPlan: currentPlanViewSchema,
    autoRecharge: autoRechargeSettingsSchema,
    tax: taxViewSchema,
    /**
     * The workspace's currency stays: it has paid, or its Stripe customer already has a currency (a Stripe customer
     * cannot switch currency). Until then the billing address's country decides.
     */
    currencyLocked: z.boolean().optional(),
  }),
});

// ------------------------------------------------------------------ card

/** POST /stripe/create-setup-intent: a SetupIntent's client secret for Stripe Elements to save a card. */
export const createSetupIntent = endpoint('createSetupIntent', 'POST', '/stripe/create-setup-intent', 'bearer', {
  body: z.object({ ...workspaceRef, email: z.email().optional() }),
  output: z.object({ customerId: customerIdSchema, clientSecret: z.string() }),
});

/** POST /stripe/upsert-payment-method: attaches the card Stripe.js created as the default one. */
export const upsertPaymentMethod = endpoint('upsertPaymentMethod', 'POST', '/stripe/upsert-payment-method', 'bearer', {
  body: z.object({
    ...workspaceRef,
    paymentMethodId: paymentMethodIdSchema,
    email: z.email().optional(),
    name: z.string().max(200).optional(),
    phone: z.string().max(40).optional(),
    address: addressSchema.partial().optional(),
    isNewPaymentMethod: z.boolean().default(true),
    stripeAccountId: z.string().optional(),
  }),
  output: z.object({ customerId: customerIdSchema }),
});

/** POST /stripe/get-invoices: the latest invoices (4 shown). */
export const getInvoices = endpoint('getInvoices', 'POST', '/stripe/get-invoices', 'bearer', {
  body: z.object(workspaceRef),
  output: z.object({ invoices: z.array(invoiceSchema) }),
});

// ------------------------------------------------------------------ subscription

/** The payment answer shared by subscribe, credits and top-up: requiresAction → Stripe.js 3-D Secure, then confirm. */
const paymentAnswer = z.object({
  status: z.string(),
  requiresAction: z.boolean(),
  clientSecret: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
});

/** POST /stripe/create-subscription: plan, add-ons and an optional discount code. */
export const createSubscription = endpoint('createSubscription', 'POST', '/stripe/create-subscription', 'bearer', {
  body: z.object({
    ...workspaceRef,
    planId: z.string().min(1).max(64),
    /** The new pricing's plans bill monthly or yearly; catalogue plans monthly. */
    billingCycle: z.enum(BILLING_CYCLES).default('monthly'),
    addonsToShow: z.array(z.object({ addonKey: z.enum(ADDON_KEYS), quantity: z.number().int().min(0).max(10) })).max(ADDON_KEYS.length).default([]),
    discountCode: z.string().trim().max(64).optional(),
    paymentMethodId: paymentMethodIdSchema.optional(),
    requestId: requestIdSchema,
  }),
  output: paymentAnswer.extend({
    subscriptionId: subscriptionIdSchema,
    transactionId: z.string().nullable(),
    amountPaid: z.number(),
    tax: chargeSummarySchema,
  }),
});

/** POST /stripe/confirm-subscription-payment: after the 3-D Secure step; the plan turns active once Stripe says paid. */
export const confirmSubscriptionPayment = endpoint('confirmSubscriptionPayment', 'POST', '/stripe/confirm-subscription-payment', 'bearer', {
  body: z.object({ ...workspaceRef, paymentIntentId: paymentIntentIdSchema, subscriptionId: subscriptionIdSchema }),
  output: z.object({ success: z.boolean(), status: z.string() }),
});

/** POST /stripe/check-discount-code: a promotion code (or coupon id) as the summary shows it. */
export const checkDiscountCode = endpoint('checkDiscountCode', 'POST', '/stripe/check-discount-code', 'bearer', {
  body: z.object({ ...workspaceRef, discountCode: z.string().trim().min(1, BILLING_MESSAGES.discountEmpty).max(64) }),
  output: z.object({ discount: discountSchema }),
});

/** POST /stripe/cancel-subscription: at period end, with one of the five reasons (Other with its text). */
export const cancelSubscription = endpoint('cancelSubscription', 'POST', '/stripe/cancel-subscription', 'bearer', {
  body: z.object({ ...workspaceRef, reason: z.enum(CANCEL_REASONS), otherReason: z.string().max(1000).default('') }),
  output: ok.extend({ cancelsAt: z.number().nullable() }),
});

/** POST /stripe/reactivate-subscription: while it is still cancelling. */
export const reactivateSubscription = endpoint('reactivateSubscription', 'POST', '/stripe/reactivate-subscription', 'bearer', {
  body: z.object(workspaceRef),
  output: ok,
});

// ------------------------------------------------------------------ add-ons

export const checkAddonStatus = endpoint('checkAddonStatus', 'POST', '/stripe/check-addon-status', 'bearer', {
  body: z.object({ ...workspaceRef, addonKeys: z.array(z.enum(ADDON_KEYS)).max(ADDON_KEYS.length).default([...ADDON_KEYS]) }),
  output: addonStatusSchema,
});

/** Removals are sent first (each add-on's quantity goes to 0), effective next cycle. */
export const removeAddonFromSubscription = endpoint('removeAddonFromSubscription', 'POST', '/stripe/remove-addon-from-subscription', 'bearer', {
  body: z.object({ ...workspaceRef, addonKeys: z.array(z.enum(ADDON_KEYS)).min(1).max(ADDON_KEYS.length) }),
  output: ok,
});

/** Additions second: each add-on set to `quantity` (0–10; whitelabel-new at most 1). */
export const addAddonToSubscription = endpoint('addAddonToSubscription', 'POST', '/stripe/add-addon-to-subscription', 'bearer', {
  body: z.object({
    ...workspaceRef,
    addons: z.array(z.object({
      addonId: z.enum(ADDON_KEYS),
      name: z.string().max(100).optional(),
      price: z.number().nonnegative().optional(),
      quantity: z.number().int().min(0).max(10),
      incrementalQuantity: z.number().int().optional(),
      currency: z.string().optional(),
    })).min(1).max(ADDON_KEYS.length),
  }),
  output: z.object({ errors: z.array(z.object({ addonId: z.string(), error: z.string() })) }),
});

// ------------------------------------------------------------------ credits, USD balance, auto-recharge

/** POST /stripe/purchase-credits: 1,000–50,000 in steps of 500 at the server's per-credit price, on the saved card. */
export const purchaseCredits = endpoint('purchaseCredits', 'POST', '/stripe/purchase-credits', 'bearer', {
  body: z.object({ ...workspaceRef, credits: z.number().int().min(CREDIT_PURCHASE.min).max(CREDIT_PURCHASE.max).multipleOf(CREDIT_PURCHASE.step), requestId: requestIdSchema }),
  output: paymentAnswer.extend({ credits: z.number(), charge: chargeSummarySchema }),
});

/** POST /stripe/top-up-usd: the customer's USD balance, at least 5 in its currency; not on free. */
export const topUpUsd = endpoint('topUpUsd', 'POST', '/stripe/top-up-usd', 'bearer', {
  body: z.object({ ...workspaceRef, amount: z.number().min(USD_TOP_UP_MIN).max(10_000), currency: z.enum(CURRENCIES).optional(), requestId: requestIdSchema }),
  output: paymentAnswer,
});

/** POST /stripe/update-autorecharge: the own plan's auto-recharge (refused on free). */
export const updateAutoRecharge = endpoint('updateAutoRecharge', 'POST', '/stripe/update-autorecharge', 'bearer', {
  body: z.object({
    ...workspaceRef,
    enabled: z.boolean(),
    threshold: z.number().int().min(AUTO_RECHARGE_OWN_PLAN.threshold.min).max(AUTO_RECHARGE_OWN_PLAN.threshold.max).multipleOf(AUTO_RECHARGE_OWN_PLAN.threshold.step),
    amount: z.number().min(AUTO_RECHARGE_OWN_PLAN.amount.min).max(AUTO_RECHARGE_OWN_PLAN.amount.max).multipleOf(AUTO_RECHARGE_OWN_PLAN.amount.step),
    monthlyLimit: z.number().min(AUTO_RECHARGE_OWN_PLAN.monthlyLimit.min).max(AUTO_RECHARGE_OWN_PLAN.monthlyLimit.max)
      .multipleOf(AUTO_RECHARGE_OWN_PLAN.monthlyLimit.step).default(AUTO_RECHARGE_OWN_PLAN.monthlyLimit.default),
  }),
  output: ok.extend({ settings: autoRechargeSettingsSchema }),
});

/** postChangeAutoBilling: turns the own plan's auto-recharge on or off at a threshold (the amount and limit stay). */
export const postChangeAutoBilling = endpoint('postChangeAutoBilling', 'POST', '/stripe/change-auto-billing', 'bearer', {
  body: z.object({
    uid: workspaceIdSchema,
    region: regionSchema,
    autoBilling: z.boolean(),
    threshold: z.number().int().min(AUTO_RECHARGE_OWN_PLAN.threshold.min).max(AUTO_RECHARGE_OWN_PLAN.threshold.max).multipleOf(AUTO_RECHARGE_OWN_PLAN.threshold.step),
  }),
  output: z.object({ success: z.literal(true), message: z.string() }),
});

// ------------------------------------------------------------------ webhooks

const webhookOutput = z.object({ received: z.literal(true), duplicate: z.boolean() });
/** POST /stripe/webhook: the platform account's events, signed with STRIPE_WEBHOOK_SECRET. */
export const stripeWebhook = endpoint('stripeWebhook', 'POST', '/stripe/webhook', 'public', { body: z.unknown(), output: webhookOutput });
/** POST /stripe/connect/webhook: connected accounts' events (event.account set), signed with the Connect secret. */
export const stripeConnectWebhook = endpoint('stripeConnectWebhook', 'POST', '/stripe/connect/webhook', 'public', { body: z.unknown(), output: webhookOutput });

// ------------------------------------------------------------------ Connect: the agency's own setup

const agencyWorkspace = z.object({ uid: workspaceIdSchema, region: regionSchema, email: z.email().optional() });

/** POST /stripe/connect/create-account { workspace }: an Express account for the agency (once). */
export const connectCreateAccount = endpoint('connectCreateAccount', 'POST', '/stripe/connect/create-account', 'bearer', {
  body: z.object({ workspace: agencyWorkspace }),
  output: z.object({ accountId: connectedAccountIdSchema }),
});

/** POST /stripe/connect/account-link { workspace }: where onboarding continues. */
export const connectAccountLink = endpoint('connectAccountLink', 'POST', '/stripe/connect/account-link', 'bearer', {
  body: z.object({ workspace: agencyWorkspace, returnUrl: z.url().optional() }),
  output: z.object({ redirectUrl: z.url() }),
});

/** POST /stripe/connect/billing-settings: USDPerToken (extra USD per credit) and whether plans are offered. */
export const saveConnectBillingSettings = endpoint('saveConnectBillingSettings', 'POST', '/stripe/connect/billing-settings', 'bearer', {
  body: z.object({
    workspaceId: workspaceIdSchema,
    region: regionSchema,
    USDPerToken: z.number({ error: AGENCY_MESSAGES.invalidNumber }).nonnegative(AGENCY_MESSAGES.invalidNumber).max(USD_PER_TOKEN_MAX, AGENCY_MESSAGES.invalidNumber),
    allowPlans: z.boolean().default(false),
  }),
  output: ok,
});

export const agencyPlanInputSchema = z.object({
  name: z.string().trim().min(1).max(60),
  credits: z.number().int().positive().max(10_000_000),
  features: z.array(z.string().max(200)).min(1, AGENCY_MESSAGES.planFeatureLast).max(MAX_PLAN_FEATURES, AGENCY_MESSAGES.planFeatureMax)
    .refine((f) => f.some((t) => t.trim() !== ''), AGENCY_MESSAGES.planFeatureText),
  isPopular: z.boolean().default(false),
  /** Read-only on the page; the server recomputes it as credits × the final credit price. */
  price: z.number().nonnegative().optional(),
  priceId: priceIdSchema.optional(),
  productId: productIdSchema.optional(),
});

/** upsertAgencyPlans: products and monthly prices on the connected account. */
export const upsertAgencyPlans = endpoint('upsertAgencyPlans', 'POST', '/stripe/connect/upsert-plans', 'bearer', {
  body: z.object({ agencyAccountId: connectedAccountIdSchema, workspaceId: workspaceIdSchema, region: regionSchema, plans: z.array(agencyPlanInputSchema).min(1).max(10) }),
  output: z.object({ success: z.literal(true), updatedPlans: z.array(z.object({ priceId: z.string(), productId: z.string() })) }),
});

/** getPlans: the agency's plans as stored on its connected account. */
export const getPlans = endpoint('getPlans', 'GET', '/stripe/connect/plans/:agencyAccountId', 'bearer', {
  params: z.object({ agencyAccountId: connectedAccountIdSchema }),
  output: z.object({ plans: z.array(serverPlanSchema) }),
});

/** assemblePreBuiltPlansFromStripe: the new-pricing plans (starter/pro/agency) with their Stripe prices. */
export const assemblePreBuiltPlansFromStripe = endpoint('assemblePreBuiltPlansFromStripe', 'GET', '/stripe/prebuilt-plans', 'bearer', {
  output: z.object({ plans: z.array(planSchema) }),
});

/** GET /stripe/connect/get-account-id/{agencyUserId}/{region}: what an org's billing modal needs of its agency. */
export const getConnectAccountId = endpoint('getConnectAccountId', 'GET', '/stripe/connect/get-account-id/:agencyUserId/:region', 'bearer', {
  params: z.object({ agencyUserId: workspaceIdSchema, region: regionSchema }),
  output: z.object({ accountId: z.string().nullable(), allowPlans: z.boolean(), usdPerCredit: z.number(), isConnected: z.boolean() }),
});

// ------------------------------------------------------------------ Connect: an organisation's billing (on the agency's account)

const orgRef = { orgId: orgIdSchema, region: regionSchema };

/** GET /stripe/connect/{read}/:customerId/:accountId?orgId&region: one read of an org's Stripe customer on the agency's account. */
const orgCustomerRead = <O extends z.ZodType>(name: string, read: string, output: O) =>
  endpoint(name, 'GET', `/stripe/connect/${read}/:customerId/:accountId`, 'bearer', {
    params: z.object({ customerId: customerIdSchema, accountId: connectedAccountIdSchema }),
    query: z.object(orgRef),
    output,
  });

export const getConnectPaymentMethods = orgCustomerRead('getConnectPaymentMethods', 'get-payment-methods', z.object({ paymentMethod: paymentMethodSchema.nullable() }));
export const getConnectBillingDetails = orgCustomerRead('getConnectBillingDetails', 'get-billing-details', z.object({ customer: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }) }));
export const getConnectInvoices = orgCustomerRead('getConnectInvoices', 'get-invoices', z.object({ invoices: z.object({ data: z.array(invoiceSchema) }) }));

/** POST /stripe/connect/update-payment: the org's card on the agency's account. */
export const connectUpdatePayment = endpoint('connectUpdatePayment', 'POST', '/stripe/connect/update-payment', 'bearer', {
  body: z.object({
    ...orgRef,
    paymentMethodId: paymentMethodIdSchema,
    userId: z.string().max(128).optional(),
    agencyId: z.string().max(128).optional(),
    workspaceStripeAccountId: connectedAccountIdSchema,
  }),
  output: z.object({ customer: z.object({ id: customerIdSchema }) }),
});

/** POST /stripe/connect/update-autorecharge: the org's auto-recharge (threshold 100–5,000 step 100; $5–100 step 5; monthly limit $0–500 step 25, 0 = no limit). */
export const connectUpdateAutoRecharge = endpoint('connectUpdateAutoRecharge', 'POST', '/stripe/connect/update-autorecharge', 'bearer', {
  body: z.object({
    ...orgRef,
    automaticBilling: z.boolean(),
    workspaceStripeAccountId: connectedAccountIdSchema,
    threshold: z.number().int().min(AUTO_RECHARGE_CONNECTED.threshold.min).max(AUTO_RECHARGE_CONNECTED.threshold.max).multipleOf(AUTO_RECHARGE_CONNECTED.threshold.step),
    amount: z.number().min(AUTO_RECHARGE_CONNECTED.amount.min).max(AUTO_RECHARGE_CONNECTED.amount.max).multipleOf(AUTO_RECHARGE_CONNECTED.amount.step),
    // USD a calendar month at most (0 = no limit); older pages that do not send it get the default.
    monthlyLimit: z.number().min(AUTO_RECHARGE_CONNECTED.monthlyLimit.min).max(AUTO_RECHARGE_CONNECTED.monthlyLimit.max)
      .multipleOf(AUTO_RECHARGE_CONNECTED.monthlyLimit.step).default(AUTO_RECHARGE_CONNECTED.monthlyLimit.default),
    customer_id: customerIdSchema.optional(),
  }),
  output: ok,
});

/**
 * POST /stripe/connect/pre-paid: the org buys the credits it chose (1,000–50,000 in steps of 500, checked by the
 * server with the purchase's own messages) on the agency's account, charged credits × the agency's final credit
 * price (the platform's fee: the base price plus 5 % of the markup, core's connectCreditSplit).
 */
export const connectPrePaid = endpoint('connectPrePaid', 'POST', '/stripe/connect/pre-paid', 'bearer', {
  body: z.object({
    ...orgRef,
    // The credit count (not a USD amount): the server works out the price, so the credits granted are exactly these.
    creditAmount: z.number().int(),
    workspaceId: workspaceIdSchema.optional(),
    clientId: z.string().max(128).optional(),
    requestId: requestIdSchema,
  }),
  output: paymentAnswer.extend({ credits: z.number() }),
});

/** createAgencySubscriptionSession (POST /stripe/connect/create-subscription): Checkout on the agency's account. */
export const createAgencySubscriptionSession = endpoint('createAgencySubscriptionSession', 'POST', '/stripe/connect/create-subscription', 'bearer', {
  body: z.object({
    ...orgRef,
    priceId: priceIdSchema,
    customerEmail: z.email().optional(),
    customerId: customerIdSchema.optional(),
    successUrl: z.url(),
    cancelUrl: z.url(),
    workspaceStripeAccountId: connectedAccountIdSchema,
  }),
  output: z.object({ sessionUrl: z.url() }),
});

export const connectCancelSubscription = endpoint('connectCancelSubscription', 'POST', '/stripe/connect/cancel-subscription', 'bearer', {
  body: z.object({ ...orgRef, subscriptionId: subscriptionIdSchema, workspaceStripeAccountId: connectedAccountIdSchema }),
  output: z.object({ subscription: z.object({ id: z.string(), status: z.string(), cancel_at_period_end: z.boolean() }) }),
});
