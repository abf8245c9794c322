// Credit and plan price arithmetic.
import { DEFAULT_USD_PER_TOKEN } from '../constants/agency';
import {
  ADDON_USD_MONTHLY, CATALOGUE_PLANS, DEFAULT_PRICE_PER_CREDIT_USD, MONTHLY_CHARGE_NO_LIMIT, TAX_RULES, YEARLY_PRICE_FACTOR, type AddonKey, type Currency,
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

export const yearlyPrice = (monthly: number): number => monthly * YEARLY_PRICE_FACTOR;

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
