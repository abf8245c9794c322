// Credit and plan price arithmetic.
import { DEFAULT_USD_PER_TOKEN } from '../constants/agency';
import { DEFAULT_PRICE_PER_CREDIT_USD, YEARLY_PRICE_FACTOR } from '../constants/billing';

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
