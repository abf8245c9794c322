import { describe, expect, it } from 'vitest';
import { EU_COUNTRY_CODES } from '../constants/billing';
import { currencyForCountry, currencySymbol, priceWithTax, taxForCountry } from './currency';

describe('currencyForCountry', () => {
  it.each([
    ['DE', 'EUR'],
    ['fr', 'EUR'],
    ['SE', 'EUR'],
    ['GB', 'GBP'],
    ['UK', 'GBP'],
    ['US', 'USD'],
    ['CH', 'USD'],
    ['NO', 'USD'],
    ['', 'USD'],
    [undefined, 'USD'],
  ])('%j → %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });
  it('knows the 27 EU member states', () => {
    expect(new Set(EU_COUNTRY_CODES).size).toBe(27);
    for (const code of EU_COUNTRY_CODES) expect(currencyForCountry(code)).toBe('EUR');
  });
  it.each([
    ['USD', '$'],
    ['eur', '€'],
    ['GBP', '£'],
    ['AUD', '£'],
  ])('symbol of %s is %s', (c, s) => {
    expect(currencySymbol(c)).toBe(s);
  });
});

describe('taxForCountry', () => {
  it.each([
    ['DE', { exchangeRate: 0.88, symbol: '€', taxPercent: 27, description: 'EU Tax (DE 27%)', currency: 'EUR' }],
    ['ie', { exchangeRate: 0.88, symbol: '€', taxPercent: 27, description: 'EU Tax (IE 27%)', currency: 'EUR' }],
    ['GB', { exchangeRate: 0.75, symbol: '£', taxPercent: 35, description: 'UK Tax (35%)', currency: 'GBP' }],
    ['US', { exchangeRate: 1, symbol: '$', taxPercent: 0, description: 'No tax', currency: 'USD' }],
    [null, { exchangeRate: 1, symbol: '$', taxPercent: 0, description: 'No tax', currency: 'USD' }],
  ])('%j', (country, expected) => {
    expect(taxForCountry(country)).toEqual(expected);
  });
  it('converts and taxes an amount', () => {
    expect(priceWithTax(100, 'DE')).toMatchObject({ net: 88, tax: 23.76, total: 111.76, symbol: '€' });
    expect(priceWithTax(20, 'GB')).toMatchObject({ net: 15, tax: 5.25, total: 20.25 });
    expect(priceWithTax(20, 'US')).toMatchObject({ net: 20, tax: 0, total: 20 });
  });
});
