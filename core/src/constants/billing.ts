// Billing: currencies and tax by country, the plan catalogue and pricing tables, add-ons, free account defaults,
// and the bounds of credit purchases, top-ups and auto-recharge.

const DEFAULT_PRICE_PER_CREDIT_USD_VALUE = 0.001;

export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = { USD: '$', EUR: '€', GBP: '£' };

/** The 27 EU member states (ISO 3166-1 alpha-2). */
export const EU_COUNTRY_CODES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;
export const UK_COUNTRY_CODES = ['GB', 'UK'] as const;

export const TAX_RULES = {
  EU: { exchangeRate: 0.88, symbol: '€', taxPercent: 27 },
  GB: { exchangeRate: 0.75, symbol: '£', taxPercent: 35, description: 'UK Tax (35%)' },
  OTHER: { exchangeRate: 1, symbol: '$', taxPercent: 0, description: 'No tax' },
} as const;

/** Regions for regional payment accounts; accounts are configured for GB and AU. */
export const PAYMENT_REGIONS = ['US', 'GB', 'NZ', 'AU', 'EU'] as const;
export const PAYMENT_REGIONS_WITH_ACCOUNTS = ['GB', 'AU'] as const;
export const MULTI_REGION_PRICING = true;

export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'cancelled', 'trialing', 'past_due', 'unpaid', 'pending'] as const;
export const PAYMENT_INTENT_SUCCESS_STATUSES = ['succeeded', 'requires_action'] as const;
export const DEFAULT_CONVERSION_AMOUNT_USD = 20;

// ---- Catalogue (static) plans ----
export const CATALOGUE_PLANS = [
  { id: 'free', label: 'Free', price: 0, period: 'forever', prices: [{ currency: 'USD', amount: 0 }, { currency: 'EUR', amount: 0 }, { currency: 'GBP', amount: 0 }], additionalInfo: '' },
  {
    id: 'pay_as_you_go', label: 'Pay-As-You-Go', price: 20, period: '/month', popular: true,
    prices: [
      { currency: 'USD', amount: 20 },
      { currency: 'EUR', amount: 22, originalAmount: 18 },
      { currency: 'GBP', amount: 20, originalAmount: 15 },
    ],
    additionalInfo: '+ usage',
  },
  { id: 'enterprise', label: 'Enterprise', price: 1000, period: '/month', priceLabel: '$1000+', prices: [{ currency: 'USD', amount: 1000 }], additionalInfo: '', actions: ['demo', 'contact-sales'] },
] as const;
export const CATALOGUE_PLAN_IDS = ['free', 'pay_as_you_go', 'enterprise'] as const;
export const FREE_PLAN_ID = 'free';
export const UPGRADE_PLAN_ID = 'pay_as_you_go';

export const ADDON_KEYS = ['whitelabel-new', 'workspace-seat', 'client_seat', 'concurrent-call-line', 'twilio-phone-number'] as const;
export type AddonKey = (typeof ADDON_KEYS)[number];
/** Monthly USD price of each catalogue add-on (charged in USD only: no EUR/GBP amounts). */
export const ADDON_USD_MONTHLY: Readonly<Record<AddonKey, number>> = {
  'whitelabel-new': 50,
  'workspace-seat': 10,
  client_seat: 5,
  'concurrent-call-line': 5,
  'twilio-phone-number': 3,
};
export const ADDON_NAMES: Readonly<Record<AddonKey, string>> = {
  'whitelabel-new': 'Whitelabel',
  'workspace-seat': 'Workspace Seat',
  client_seat: 'Client Seat',
  'concurrent-call-line': 'Concurrent Call Line',
  'twilio-phone-number': 'Twilio Phone Number',
};
export const WHITELABEL_ADDON_KEY: AddonKey = 'whitelabel-new';
export const ADDON_QUANTITY_MIN = 0;
export const ADDON_QUANTITY_MAX = 10;
export const WHITELABEL_ADDON_QUANTITY_MAX = 1;
export const DEFAULT_BILLING_PERIOD = '/month';

// ---- Plan pricing tables (USD) ----
export const PLAN_PRICING_USD = {
  starter: { monthly: 25, yearly: 250 },
  pro: { monthly: 59, yearly: 590 },
  agency: { monthly: 109, yearly: 1090 },
} as const;
export const PLAN_PRICING_KEYS = ['starter', 'pro', 'agency'] as const;
export type PricingPlanKey = (typeof PLAN_PRICING_KEYS)[number];
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
/** The period label of a billing cycle, as prices show it. */
export const BILLING_CYCLE_PERIODS: Readonly<Record<BillingCycle, string>> = { monthly: '/month', yearly: '/year' };

/**
 * The new pricing's plans in the shared Plan shape (key, name, features, limits, metadata). Prices come from
 * PLAN_PRICING_USD. Included amounts and limits are ours; each plan gives at least the
 * free account's defaults, and the limits equal what the plan includes (add-ons bought on top raise them).
 */
export const PRICING_PLANS = {
  starter: {
    key: 'starter', name: 'Starter', description: 'For a first agent in production.',
    features: ['chat-agents', 'voice-agents'],
    limits: { maxAgents: 3, workspaceSeats: 2, clientSeats: 3, maxConcurrentCalls: 10, twilioPhoneNumberSlots: 1, maxKbDocsCharCount: 1_000_000 },
    metadata: { mostPopular: false, includedAgents: 3, includedWorkspaceSeats: 2, includedConcurrentCalls: 10, includedTwilioPhoneNumberSlots: 1, usdPerAdditionalCredit: DEFAULT_PRICE_PER_CREDIT_USD_VALUE },
  },
  pro: {
    key: 'pro', name: 'Pro', description: 'For teams running several agents.',
    features: ['chat-agents', 'voice-agents', 'client-portal'],
    limits: { maxAgents: 10, workspaceSeats: 5, clientSeats: 10, maxConcurrentCalls: 20, twilioPhoneNumberSlots: 3, maxKbDocsCharCount: 5_000_000 },
    metadata: { mostPopular: true, includedAgents: 10, includedWorkspaceSeats: 5, includedConcurrentCalls: 20, includedTwilioPhoneNumberSlots: 3, usdPerAdditionalCredit: DEFAULT_PRICE_PER_CREDIT_USD_VALUE },
  },
  agency: {
    key: 'agency', name: 'Agency', description: 'For agencies serving many clients.',
    features: ['chat-agents', 'voice-agents', 'client-portal'],
    limits: { maxAgents: 'infinity', workspaceSeats: 10, clientSeats: 50, maxConcurrentCalls: 50, twilioPhoneNumberSlots: 10, maxKbDocsCharCount: 20_000_000 },
    metadata: { mostPopular: false, includedAgents: 'infinity', includedWorkspaceSeats: 10, includedConcurrentCalls: 50, includedTwilioPhoneNumberSlots: 10, usdPerAdditionalCredit: DEFAULT_PRICE_PER_CREDIT_USD_VALUE },
  },
} as const satisfies Record<PricingPlanKey, {
  key: PricingPlanKey; name: string; description: string; features: readonly string[];
  limits: { maxAgents: number | 'infinity'; workspaceSeats: number; clientSeats: number; maxConcurrentCalls: number; twilioPhoneNumberSlots: number; maxKbDocsCharCount: number };
  metadata: { mostPopular: boolean; includedAgents: number | 'infinity'; includedWorkspaceSeats: number; includedConcurrentCalls: number; includedTwilioPhoneNumberSlots: number; usdPerAdditionalCredit: number };
}>;
export const ADDON_PRICING_USD = {
  additionalSeat: { monthly: 5, yearly: 50 },
  additionalAgent: { monthly: 1, yearly: 10 },
  additionalPhoneNumber: { monthly: 3, yearly: 30 },
  concurrentCallLine: { monthly: 10, yearly: 100 },
  whiteLabel: { monthly: 200, yearly: 2000 },
} as const;
/**
 * The new-pricing add-on row each add-on is charged at on a new-pricing plan (starter/pro/agency). client_seat has
 * no row there and keeps its catalogue price.
 */
export const NEW_PRICING_ADDON_ROWS: Readonly<Partial<Record<AddonKey, keyof typeof ADDON_PRICING_USD>>> = {
  'workspace-seat': 'additionalSeat',
  'twilio-phone-number': 'additionalPhoneNumber',
  'concurrent-call-line': 'concurrentCallLine',
  'whitelabel-new': 'whiteLabel',
};
export const YEARLY_PRICE_FACTOR = 10;
/** An included-agents value of infinity is priced as this many. */
export const INFINITE_INCLUDED_AGENTS_AS = 50;
export const DEFAULT_PRICE_PER_CREDIT_USD = DEFAULT_PRICE_PER_CREDIT_USD_VALUE;

export const FREE_ACCOUNT_DEFAULTS = {
  maxAgents: 2,
  maxConcurrentCalls: 10,
  maxClients: 2,
  workspaceSeats: 2,
  twilioPhoneNumberSlots: 0,
} as const;
export const DEFAULT_MAX_CONCURRENT_CALLS = 10;
/**
 * Credits (loadTokens) a new account starts with, granted once at sign-up (the grant time is recorded in
 * freeLTsTS). Our choice: the free account defaults (FREE_ACCOUNT_DEFAULTS) give no credit number, and with 0
 * every widget would answer with the out-of-credits message from its first message. 1000 credits = the smallest
 * credit purchase (CREDIT_PURCHASE.min).
 */
export const FREE_SIGNUP_CREDITS = 1000;

// ---- Credit purchase, top-up, auto-recharge ----
export const CREDIT_PURCHASE = { min: 1000, max: 50000, step: 500, quickPicks: [1000, 2500, 5000, 10000] } as const;
export const USD_TOP_UP_MIN = 5;
/** Monthly charge limit of an auto-recharge, in USD: 0 to 500, step 25; 0 means 'No Limit'; default 100. */
const MONTHLY_CHARGE_LIMIT = { min: 0, max: 500, step: 25, default: 100 } as const;
/** An org's auto-recharge on its agency's account; its monthly charge limit is the own plan's (ours: the same cap). */
export const AUTO_RECHARGE_CONNECTED = {
  threshold: { min: 100, max: 5000, step: 100, default: 500 },
  amount: { min: 5, max: 100, step: 5, default: 5 },
  monthlyLimit: MONTHLY_CHARGE_LIMIT,
} as const;
export const AUTO_RECHARGE_OWN_PLAN = {
  threshold: { min: 500, max: 2500, step: 500 },
  amount: { min: 5, max: 25, step: 5 },
  monthlyLimit: MONTHLY_CHARGE_LIMIT,
} as const;
/** Monthly charge limit value meaning "No Limit". */
export const MONTHLY_CHARGE_NO_LIMIT = 0;

export const INVOICES_SHOWN = 4;
export const COMPANY_NAME_TRUNCATE = 30;
export const CREDITS_DECIMALS = 1;
export const USAGE_PERCENT_COLORS = { red: 80, yellow: 50 } as const;

export const CANCEL_REASONS = ['Too expensive', 'Missing features', 'Found a better alternative', 'Temporary need', 'Other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const ANALYTICS_CHART_KEYS = ['usage-across-features', 'usage-across-agents', 'credits-usage-global', 'llm-tokens-usage', 'credits-usage-agents'] as const;
export const ANALYTICS_CHART_TYPES = ['pie', 'line', 'bar'] as const;
