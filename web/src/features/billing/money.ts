// Prices in the workspace's currency (USD/EUR/GBP) and the payment summary shown before paying: the lines, a
// discount, the tax line of the customer's country (EU 27 %, UK 35 %, none elsewhere) and the total.
import { currencySymbol, taxForCountry, type Currency } from '@parley/core';
import type { BillingCatalogue, DiscountAnswer } from './billing-api';

export type TaxView = BillingCatalogue['tax'];
type CataloguePlan = BillingCatalogue['plans'][number];
type CatalogueAddon = BillingCatalogue['addons'][number];

const cents = (n: number): number => Math.round(n * 100) / 100;

/** "$20", "€17.60": whole amounts without decimals, others with two. */
export function formatMoney(amount: number, currency: string): string {
  const value = cents(amount);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${currencySymbol(currency)}${Number.isInteger(abs) ? abs.toString() : abs.toFixed(2)}`;
}

/** A USD amount in the workspace's currency at its exchange rate (EUR 0.88, GBP 0.75). */
export const fromUsd = (usd: number, tax: Pick<TaxView, 'exchangeRate'>): number => cents(usd * tax.exchangeRate);

/** A catalogue entry's price in a currency: its listed amount there, else its USD price converted. */
export function listedPrice(item: CataloguePlan | CatalogueAddon, tax: Pick<TaxView, 'currency' | 'exchangeRate'>): { amount: number; originalAmount: number | null } {
  const listed = item.prices.find((p) => p.currency === tax.currency);
  if (listed) return { amount: listed.amount, originalAmount: listed.originalAmount ?? null };
  return { amount: fromUsd(item.price, tax), originalAmount: null };
}

/**
 * The tax the summary shows: the billing address's country decides for a workspace that never paid (the server
 * stores that country when it subscribes); a workspace that has paid keeps its currency. A country not yet typed in
 * full leaves the workspace's own.
 */
export function taxFollowingCountry(workspaceTax: TaxView, country: string | null | undefined, currencyLocked: boolean): TaxView {
  const code = (country ?? '').trim().toUpperCase();
  if (currencyLocked || !/^[A-Z]{2}$/.test(code) || code === workspaceTax.country) return workspaceTax;
  const t = taxForCountry(code);
  return { country: code, currency: t.currency, symbol: t.symbol, exchangeRate: t.exchangeRate, taxPercent: t.taxPercent, description: t.description };
}

export interface SummaryLine {
  label: string;
  amount: number;
}

export interface PaymentSummary {
  currency: Currency;
  lines: SummaryLine[];
  subtotal: number;
  discount: number;
  net: number;
  taxLabel: string;
  tax: number;
  total: number;
}

/** What the customer pays: lines, less the discount, plus the country's tax (as Stripe's exclusive tax rate adds it). */
export function paymentSummary(lines: SummaryLine[], tax: TaxView, discount?: DiscountAnswer | null): PaymentSummary {
  const subtotal = cents(lines.reduce((sum, l) => sum + l.amount, 0));
  let off = 0;
  if (discount?.valid && discount.percent_off) off = cents((subtotal * discount.percent_off) / 100);
  else if (discount?.valid && discount.amount_off) off = Math.min(subtotal, cents(discount.amount_off / 100));
  const net = cents(subtotal - off);
  const taxAmount = cents((net * tax.taxPercent) / 100);
  return {
    currency: tax.currency,
    lines,
    subtotal,
    discount: off,
    net,
    taxLabel: tax.taxPercent > 0 ? tax.description : 'No tax',
    tax: taxAmount,
    total: cents(net + taxAmount),
  };
}
