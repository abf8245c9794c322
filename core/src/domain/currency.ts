// Currency and tax by customer country: EU countries pay in EUR with EU tax, the UK in GBP with UK tax, everyone
// else in USD without tax (TAX_RULES).
import { CURRENCY_SYMBOLS, EU_COUNTRY_CODES, TAX_RULES, UK_COUNTRY_CODES, type Currency } from '../constants/billing';

const norm = (country: string | null | undefined): string => (country ?? '').trim().toUpperCase();
export const isEuCountry = (country: string | null | undefined): boolean => (EU_COUNTRY_CODES as readonly string[]).includes(norm(country));
export const isUkCountry = (country: string | null | undefined): boolean => (UK_COUNTRY_CODES as readonly string[]).includes(norm(country));

export function currencyForCountry(country: string | null | undefined): Currency {
  if (isEuCountry(country)) return 'EUR';
  if (isUkCountry(country)) return 'GBP';
  return 'USD';
}
/** $ for USD, € for EUR, otherwise £. */
export const currencySymbol = (currency: string): string =>
  currency.toUpperCase() === 'USD' ? CURRENCY_SYMBOLS.USD : currency.toUpperCase() === 'EUR' ? CURRENCY_SYMBOLS.EUR : CURRENCY_SYMBOLS.GBP;

export interface TaxInfo { exchangeRate: number; symbol: string; taxPercent: number; description: string; currency: Currency }

export function taxForCountry(country: string | null | undefined): TaxInfo {
  const code = norm(country);
  if (isEuCountry(code)) {
    const r = TAX_RULES.EU;
    return { exchangeRate: r.exchangeRate, symbol: r.symbol, taxPercent: r.taxPercent, description: `EU Tax (${code} ${r.taxPercent}%)`, currency: 'EUR' };
  }
  if (isUkCountry(code)) {
    const r = TAX_RULES.GB;
    return { exchangeRate: r.exchangeRate, symbol: r.symbol, taxPercent: r.taxPercent, description: r.description, currency: 'GBP' };
  }
  const r = TAX_RULES.OTHER;
  return { exchangeRate: r.exchangeRate, symbol: r.symbol, taxPercent: r.taxPercent, description: r.description, currency: 'USD' };
}

/** Converts a USD amount into the country's currency and adds its tax. Rounded to cents. */
export function priceWithTax(usdAmount: number, country: string | null | undefined): { net: number; tax: number; total: number; symbol: string; description: string } {
  const t = taxForCountry(country);
  const net = Math.round(usdAmount * t.exchangeRate * 100) / 100;
  const tax = Math.round(net * t.taxPercent) / 100;
  return { net, tax, total: Math.round((net + tax) * 100) / 100, symbol: t.symbol, description: t.description };
}
