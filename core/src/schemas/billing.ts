// Plans, limits, add-ons, subscriptions, discounts, payment methods, invoices, usage logs.
import { z } from 'zod';
import { ADDON_KEYS, CURRENCIES, SUBSCRIPTION_STATUSES } from '../constants/billing';

export const currencySchema = z.enum(CURRENCIES);
/** Lower-case currency codes as the payment provider returns them are accepted too. */
export const looseCurrencySchema = z.string().transform((c) => c.toUpperCase());

/** A count limit: a number, or 'infinity' (Firestore cannot store Infinity). */
export const limitCountSchema = z.union([z.number().nonnegative(), z.literal('infinity')]);
export type LimitCount = z.infer<typeof limitCountSchema>;
export const limitToNumber = (v: LimitCount | undefined, fallback = 0): number =>
  v === 'infinity' ? Infinity : (v ?? fallback);

export const limitsSchema = z.object({
  maxAgents: limitCountSchema.optional(),
  /** Deprecated: clientSeats replaces it. */
  maxClients: limitCountSchema.optional(),
  maxKbDocsCharCount: z.number().nonnegative().optional(),
  maxMonthlyCredits: z.number().nonnegative().optional(),
  maxConcurrentCalls: z.number().int().nonnegative().optional(),
  workspaceSeats: z.number().int().nonnegative().optional(),
  twilioPhoneNumberSlots: z.number().int().nonnegative().optional(),
  clientSeats: z.number().int().nonnegative().optional(),
});
export type Limits = z.infer<typeof limitsSchema>;

export const billingCycleSchema = z.enum(['monthly', 'yearly']);
export const stripePriceSchema = z.object({
  priceId: z.string(),
  billingCycle: billingCycleSchema,
  usdAmount: z.number().nonnegative(),
  currency: z.string().default('usd'),
});

export const planSchema = z.object({
  key: z.string().min(1),
  name: z.string(),
  description: z.string().default(''),
  features: z.array(z.string()).default([]),
  limits: limitsSchema.prefault({}),
  metadata: z.object({
    mostPopular: z.boolean().optional(),
    includedAgents: limitCountSchema.optional(),
    includedTwilioPhoneNumberSlots: z.number().int().nonnegative().optional(),
    includedWorkspaceSeats: z.number().int().nonnegative().optional(),
    includedConcurrentCalls: z.number().int().nonnegative().optional(),
    usdPerAdditionalCredit: z.number().nonnegative().optional(),
  }).prefault({}),
  billingCycle: billingCycleSchema.default('monthly'),
  stripePrices: z.array(stripePriceSchema).default([]),
  addonsPrices: z.record(z.string(), z.array(stripePriceSchema)).default({}),
  marketingStatements: z.array(z.string()).default([]),
});
export type Plan = z.infer<typeof planSchema>;

/** Plan as the billing screens show it (agency plans from the payment provider). */
export const serverPlanSchema = z.object({
  productId: z.string().optional(),
  priceId: z.string().optional(),
  name: z.string(),
  price: z.number().nonnegative(),
  credits: z.number().nonnegative(),
  features: z.array(z.string()).default([]),
  isPopular: z.boolean().default(false),
});
export type ServerPlan = z.infer<typeof serverPlanSchema>;

export const addonKeySchema = z.enum(ADDON_KEYS);
export const catalogPriceSchema = z.object({
  currency: currencySchema,
  amount: z.number().nonnegative(),
  originalAmount: z.number().nonnegative().optional(),
});
export const addonSchema = z.object({
  id: addonKeySchema,
  name: z.string(),
  description: z.string().default(''),
  period: z.string().default('/month'),
  price: z.number().nonnegative(),
  prices: z.array(catalogPriceSchema).default([]),
});
export type Addon = z.infer<typeof addonSchema>;
export const catalogPlanSchema = z.object({
  id: z.string(),
  label: z.string(),
  price: z.number().nonnegative(),
  prices: z.array(catalogPriceSchema).default([]),
  period: z.string(),
  additionalInfo: z.string().default(''),
});
export type CatalogPlan = z.infer<typeof catalogPlanSchema>;

export const addonStatusSchema = z.object({
  hasSubscription: z.boolean(),
  addons: z.array(z.object({ addonKey: addonKeySchema, hasAddon: z.boolean(), quantity: z.number().int().nonnegative() })),
});
export type AddonStatus = z.infer<typeof addonStatusSchema>;

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
export const subscriptionRecordSchema = z.object({
  status: subscriptionStatusSchema,
  USDToPay: z.number().nonnegative().optional(),
  stripeSubscriptionId: z.string().optional(),
  stripeCustomerId: z.string().optional(),
  stripePriceId: z.string().optional(),
}).loose();
export type SubscriptionRecord = z.infer<typeof subscriptionRecordSchema>;

export const v2StripeConfigSchema = z.object({
  subscriptionId: z.string().optional(),
  features: z.array(z.string()).optional(),
  limits: limitsSchema.optional(),
  startBillingDate: z.number().optional(),
  nextBillingDate: z.number().optional(),
  status: subscriptionStatusSchema.optional(),
}).loose();

export const currentPlanViewSchema = z.object({
  name: z.string(),
  status: subscriptionStatusSchema.or(z.literal('free')),
  renewalDate: z.number().nullable().optional(),
  credits: z.object({ used: z.number().nonnegative(), total: z.number().nonnegative() }),
  cancels: z.boolean().default(false),
  cancelsAt: z.number().nullable().optional(),
  usdBalance: z.number().default(0),
  /** A new-pricing plan's billing cycle (monthly or yearly); null for the catalogue plans. */
  billingCycle: billingCycleSchema.nullable().optional(),
  /** The limits the subscription gives (v2StripeConfig.limits); null without a subscription. */
  limits: limitsSchema.nullable().optional(),
});
export type CurrentPlanView = z.infer<typeof currentPlanViewSchema>;

export const discountSchema = z.object({
  valid: z.boolean(),
  percent_off: z.number().min(0).max(100).nullable().optional(),
  amount_off: z.number().nonnegative().nullable().optional(),
  currency: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  duration: z.enum(['forever', 'once']).optional(),
});
export type Discount = z.infer<typeof discountSchema>;

export const addressSchema = z.object({
  line1: z.string().default(''),
  line2: z.string().optional().nullable(),
  city: z.string().default(''),
  state: z.string().optional().nullable(),
  postal_code: z.string().default(''),
  country: z.string().default(''),
});
export type Address = z.infer<typeof addressSchema>;

export const paymentMethodSchema = z.object({
  id: z.string().optional(),
  card: z.object({ brand: z.string(), last4: z.string().length(4), exp_month: z.number().int().min(1).max(12), exp_year: z.number().int() }).loose(),
  billing_details: z.object({
    name: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
    email: z.string().nullable().optional(),
    address: addressSchema.partial().nullable().optional(),
  }).loose().optional(),
  customer: z.string().nullable().optional(),
}).loose();
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  created: z.number().nonnegative(),
  hosted_invoice_url: z.string().nullable().optional(),
}).loose();
export type Invoice = z.infer<typeof invoiceSchema>;

export const userBillingDataSchema = z.object({
  customer: z.unknown().optional(),
  subscriptions: z.array(z.unknown()).default([]),
  paymentMethod: paymentMethodSchema.nullable().optional(),
  internalKeyRef: z.string().optional(),
  currency: z.string().optional(),
  subscriptionItems: z.array(z.unknown()).default([]),
}).loose();

export const feedbackSchema = z.object({
  email: z.email(),
  message: z.string().min(1),
  attachmentLinks: z.array(z.object({ sizeKB: z.number().nonnegative(), filename: z.string(), url: z.url() })).default([]),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const creditUsageLogSchema = z.object({
  amount: z.number().nonnegative(),
  direction: z.enum(['increase', 'decrease']),
  causedBy: z.enum(['agent', 'feature']),
  agentId: z.string().optional(),
  featureKey: z.string().optional(),
  logMessage: z.string().default(''),
  inputTokens: z.number().int().nonnegative().optional(),
  outputTokens: z.number().int().nonnegative().optional(),
  totalTokens: z.number().int().nonnegative().optional(),
  modelId: z.string().optional(),
  /** The org that paid (an agent of an org with billing on); absent when the workspace paid. */
  orgId: z.string().optional(),
  ts: z.number().nonnegative(),
});
export const storedCreditUsageLogSchema = creditUsageLogSchema.loose();
export type CreditUsageLog = z.infer<typeof creditUsageLogSchema>;
