// Credit and plan price arithmetic.
import { DEFAULT_USD_PER_TOKEN, PAYMENT_CONNECT_PLATFORM_FEE_PERCENT } from '../constants/agency';
import {
  ADDON_PRICING_USD, ADDON_USD_MONTHLY, CATALOGUE_PLANS, DEFAULT_PRICE_PER_CREDIT_USD, FREE_ACCOUNT_DEFAULTS, INFINITE_INCLUDED_AGENTS_AS, MONTHLY_CHARGE_NO_LIMIT, NEW_PRICING_ADDON_ROWS, PLAN_PRICING_KEYS,
  PLAN_PRICING_USD, PRICING_PLANS, TAX_RULES, YEARLY_PRICE_FACTOR, type AddonKey, type BillingCycle, type Currency, type PricingPlanKey,
} from '../constants/billing';

/** Final per-credit price for an agency's clients: base cost plus the agency's extra. */
export const finalCreditPrice = (usdPerToken: number = DEFAULT_USD_PER_TOKEN, baseCostPerCredit: number = DEFAULT_PRICE_PER_CREDIT_USD): number =>
  baseCostPerCredit + usdPerToken;

/** Agency plan price = credits × final credit price, in cents precision. */
export const agencyPlanPrice = (credits: number, creditPrice: number): number => Math.round(credits * creditPrice * 100) / 100;

/** How many credits a USD amount buys: amount / (base + extra), rounded. */
export const creditsForUsd = (usd: number, usdPerToken: number = DEFAULT_USD_PER_TOKEN, baseCostPerCredit: number = DEFAULT_PRICE_PER_CREDIT_USD): number =>
  Math.round(usd / finalCreditPrice(usdPerToken, baseCostPerCredit));

/** Credit purchase price = credits × per-credit USD price from the server. */
export const creditPurchasePrice = (credits: number, usdPerCredit: number): number => Math.round(credits * usdPerCredit * 100) / 100;

/** How a credit sale through an agency's connected account splits, in the currency's smallest unit (cents). */
export interface ConnectCreditSplit {
  /** What the buyer pays. */
  charged: number;
  /** The platform's base price for these credits, rounded up: the platform never sells a credit below it. */
  platformBase: number;
  /** The agency's markup: what the buyer pays above the base price. */
  markup: number;
  /** The platform's fee on the markup (PAYMENT_CONNECT_PLATFORM_FEE_PERCENT of it, rounded up). */
  platformMarkupShare: number;
  /** The Connect application fee the platform takes: the base price plus its share of the markup. */
  applicationFee: number;
  /** What the agency keeps: its markup less the platform's share. */
  agencyEarns: number;
}

/** Rounds up to a whole minor unit, ignoring binary noise below a millionth (0.1 × 3 is not 0.30000000000000004 cents more). */
const ceilMinor = (amount: number): number => Math.ceil(Math.round(amount * 1e6) / 1e6);

/**
 * The split of a Connect credit sale: `credits` sold for `charged` (smallest unit of `currency`). The platform takes
 * the credits' base price (base cost per credit in USD at the currency's exchange rate) plus its percentage of the
 * agency's markup; the agency keeps the rest. A sale charged below the base price has no split (null): it is refused,
 * never floored, so the buyer is never charged a price other than the one shown, and no credit is sold below base.
 */
export function connectCreditSplit(credits: number, charged: number, currency: Currency = 'USD', baseCostPerCredit: number = DEFAULT_PRICE_PER_CREDIT_USD): ConnectCreditSplit | null {
  if (!Number.isFinite(credits) || credits < 0 || !Number.isInteger(charged) || charged < 0) return null;
  const platformBase = ceilMinor(credits * baseCostPerCredit * taxForCountryCurrency(currency).exchangeRate * 100);
  if (charged < platformBase) return null;
  const markup = charged - platformBase;
  const platformMarkupShare = ceilMinor((markup * PAYMENT_CONNECT_PLATFORM_FEE_PERCENT) / 100);
  const applicationFee = platformBase + platformMarkupShare;
  return { charged, platformBase, markup, platformMarkupShare, applicationFee, agencyEarns: charged - applicationFee };
}

/** What an org pays in USD cents for credits at its agency's price (base cost + USDPerToken per credit). */
export const connectCreditCharge = (credits: number, usdPerToken: number): number => toMinorUnits(creditPurchasePrice(credits, finalCreditPrice(usdPerToken)));

export const yearlyPrice = (monthly: number): number => monthly * YEARLY_PRICE_FACTOR;

/** A monthly charge limit as shown: 0 is 'No Limit'. */
export const monthlyLimitLabel = (limit: number): string => (limit === MONTHLY_CHARGE_NO_LIMIT ? 'No Limit' : `$${limit}`);

/** Credits are shown with one decimal. */
export const formatCredits = (credits: number): string => (Math.round(credits * 10) / 10).toFixed(1);

/** Usage percent colour: red above 80, yellow above 50. */
export const usageColor = (percent: number): 'red' | 'yellow' | 'normal' => (percent > 80 ? 'red' : percent > 50 ? 'yellow' : 'normal');

/** What a catalogue plan costs per month in a currency (the catalogue's own amount where it lists one). */
export function planMonthlyPrice(planId: string, currency: Currency): number | null {
  const plan = CATALOGUE_PLANS.find((p) => p.id === planId);
  if (!plan) return null;
  const listed = (plan.prices as readonly { currency: string; amount: number }[]).find((p) => p.currency === currency);
  return listed ? listed.amount : Math.round(plan.price * taxForCountryCurrency(currency).exchangeRate * 100) / 100;
}

/** An add-on's monthly price in a currency: the USD price at the currency's exchange rate (EUR/GBP amounts: ours). */
export const addonMonthlyPrice = (addonKey: AddonKey, currency: Currency): number =>
  Math.round(ADDON_USD_MONTHLY[addonKey] * taxForCountryCurrency(currency).exchangeRate * 100) / 100;

/** Exchange rate and tax of a currency's region (USD: none). */
export function taxForCountryCurrency(currency: Currency): { exchangeRate: number; taxPercent: number } {
  if (currency === 'EUR') return TAX_RULES.EU;
  if (currency === 'GBP') return TAX_RULES.GB;
  return TAX_RULES.OTHER;
}

/** Credits a workspace's USD amount buys at the platform's per-credit price. */
export const workspaceCreditsForUsd = (usd: number, usdPerCredit: number = DEFAULT_PRICE_PER_CREDIT_USD): number => Math.round(usd / usdPerCredit);

/** Smallest currency unit (cents) of an amount, as Stripe takes it. */
export const toMinorUnits = (amount: number): number => Math.round(amount * 100);

export interface AutoRechargeState {
  enabled: boolean;
  isFreePlan: boolean;
  threshold: number;
  /** USD per recharge. */
  amount: number;
  /** USD a month at most; 0 = no limit. */
  monthlyLimit: number;
  /** The balance after the work that may have crossed the threshold. */
  balance: number;
  /** False once a recharge fired for this crossing, until the balance is back at or above the threshold. */
  armed: boolean;
  /** USD charged by auto-recharge this calendar month. */
  chargedThisMonth: number;
}

/** Whether a recharge fires now: enabled on a paid plan, below the threshold, once per crossing, within the month's limit. */
export function shouldAutoRecharge(s: AutoRechargeState): boolean {
  if (!s.enabled || s.isFreePlan || !s.armed) return false;
  if (!(s.balance < s.threshold)) return false;
  return s.monthlyLimit === MONTHLY_CHARGE_NO_LIMIT || s.chargedThisMonth + s.amount <= s.monthlyLimit;
}

/** What a subscription's add-ons add to the free account's limits (seats, client seats, call lines, phone numbers). */
export function limitsWithAddons(addons: Readonly<Partial<Record<AddonKey, number>>>): {
  workspaceSeats: number; clientSeats: number; maxConcurrentCalls: number; twilioPhoneNumberSlots: number; customBranding: boolean;
} {
  const q = (key: AddonKey) => Math.max(0, Math.trunc(addons[key] ?? 0));
  return {
    workspaceSeats: FREE_ACCOUNT_DEFAULTS.workspaceSeats + q('workspace-seat'),
    clientSeats: FREE_ACCOUNT_DEFAULTS.maxClients + q('client_seat'),
    maxConcurrentCalls: FREE_ACCOUNT_DEFAULTS.maxConcurrentCalls + q('concurrent-call-line'),
    twilioPhoneNumberSlots: FREE_ACCOUNT_DEFAULTS.twilioPhoneNumberSlots + q('twilio-phone-number'),
    customBranding: q('whitelabel-new') > 0,
  };
}

export interface PriceCalculatorInput {
  planKey: keyof typeof PLAN_PRICING_USD;
  cycle: 'monthly' | 'yearly';
  agents: number;
  seats: number;
  concurrentCalls: number;
  phoneNumbers: number;
  whiteLabel: boolean;
  /** The plan's included amounts (metadata); an included-agents value of infinity is priced as 50. */
  included: { agents: number | 'infinity'; seats: number; concurrentCalls: number; phoneNumbers: number };
}

/** The new-pricing calculator: the plan's price plus extras beyond what it includes; yearly = 10 × monthly. */
export function calculatePlanPrice(input: PriceCalculatorInput): number {
  const extra = (wanted: number, included: number) => Math.max(0, Math.ceil(wanted) - included);
  const includedAgents = input.included.agents === 'infinity' || !Number.isFinite(input.included.agents) ? INFINITE_INCLUDED_AGENTS_AS : input.included.agents;
  const monthly =
    PLAN_PRICING_USD[input.planKey].monthly +
    extra(input.agents, includedAgents) * ADDON_PRICING_USD.additionalAgent.monthly +
    extra(input.seats, input.included.seats) * ADDON_PRICING_USD.additionalSeat.monthly +
    extra(input.concurrentCalls, input.included.concurrentCalls) * ADDON_PRICING_USD.concurrentCallLine.monthly +
    extra(input.phoneNumbers, input.included.phoneNumbers) * ADDON_PRICING_USD.additionalPhoneNumber.monthly +
    (input.whiteLabel ? ADDON_PRICING_USD.whiteLabel.monthly : 0);
  return input.cycle === 'yearly' ? monthly * YEARLY_PRICE_FACTOR : monthly;
}

// ---- The new pricing's plans (starter, pro, agency), monthly or yearly.

export const isPricingPlanKey = (planId: string | null | undefined): planId is PricingPlanKey =>
  (PLAN_PRICING_KEYS as readonly string[]).includes(planId ?? '');

/** A new-pricing plan's configuration (name, features, limits, metadata), or null for any other plan id. */
export const pricingPlan = (planId: string | null | undefined) => (isPricingPlanKey(planId) ? PRICING_PLANS[planId] : null);

/** A USD amount in a currency at its exchange rate, in cents precision. */
export const usdInCurrency = (usd: number, currency: Currency): number => Math.round(usd * taxForCountryCurrency(currency).exchangeRate * 100) / 100;

/** What a new-pricing plan costs per billing cycle in a currency (the USD table at the currency's exchange rate). */
export const pricingPlanPrice = (planKey: PricingPlanKey, cycle: BillingCycle, currency: Currency): number =>
  usdInCurrency(PLAN_PRICING_USD[planKey][cycle], currency);

/** An add-on's price per billing cycle: a yearly subscription bills its add-ons yearly, at the yearly factor. */
export const addonCyclePrice = (addonKey: AddonKey, cycle: BillingCycle, currency: Currency): number =>
  cycle === 'yearly' ? Math.round(addonMonthlyPrice(addonKey, currency) * YEARLY_PRICE_FACTOR * 100) / 100 : addonMonthlyPrice(addonKey, currency);

/** Whether an add-on on this plan is charged from the new pricing's add-on table (else at its catalogue price). */
export const usesNewPricingAddonPrice = (planId: string | null | undefined, addonKey: AddonKey): boolean =>
  isPricingPlanKey(planId) && NEW_PRICING_ADDON_ROWS[addonKey] !== undefined;

/**
 * What one add-on costs per billing cycle on a subscription to this plan, in a currency: a new-pricing plan
 * (starter/pro/agency) takes the new pricing's add-on table for its cycle, every other plan (and client_seat) the
 * catalogue price. The server charges this and every page shows it.
 */
export function subscriptionAddonPrice(planId: string | null | undefined, addonKey: AddonKey, cycle: BillingCycle, currency: Currency): number {
  const row = usesNewPricingAddonPrice(planId, addonKey) ? NEW_PRICING_ADDON_ROWS[addonKey] : undefined;
  return row ? usdInCurrency(ADDON_PRICING_USD[row][cycle], currency) : addonCyclePrice(addonKey, cycle, currency);
}

export interface SubscribedLimits {
  maxAgents?: number | 'infinity';
  maxKbDocsCharCount?: number;
  workspaceSeats: number;
  clientSeats: number;
  maxConcurrentCalls: number;
  twilioPhoneNumberSlots: number;
}

/**
 * The limits a subscription gives: its plan's (a new-pricing plan's own limits, else the free account's) raised by
 * its add-ons (seats, client seats, call lines, phone numbers). Stored as v2StripeConfig.limits ('infinity' kept as
 * text: Firestore cannot store Infinity).
 */
export function subscriptionLimits(planId: string | null | undefined, addons: Readonly<Partial<Record<AddonKey, number>>>): SubscribedLimits {
  const plan = pricingPlan(planId);
  const { customBranding: _branding, ...withAddons } = limitsWithAddons(addons);
  if (!plan) return withAddons;
  const extra = (free: number, withAddon: number) => withAddon - free;
  return {
    maxAgents: plan.limits.maxAgents,
    maxKbDocsCharCount: plan.limits.maxKbDocsCharCount,
    workspaceSeats: plan.limits.workspaceSeats + extra(FREE_ACCOUNT_DEFAULTS.workspaceSeats, withAddons.workspaceSeats),
    clientSeats: plan.limits.clientSeats + extra(FREE_ACCOUNT_DEFAULTS.maxClients, withAddons.clientSeats),
    maxConcurrentCalls: plan.limits.maxConcurrentCalls + extra(FREE_ACCOUNT_DEFAULTS.maxConcurrentCalls, withAddons.maxConcurrentCalls),
    twilioPhoneNumberSlots: plan.limits.twilioPhoneNumberSlots + extra(FREE_ACCOUNT_DEFAULTS.twilioPhoneNumberSlots, withAddons.twilioPhoneNumberSlots),
  };
}
