// Prices in the workspace's currency and the summary a customer sees before paying (tax by country).
import { describe, expect, it } from 'vitest';
import type { BillingCatalogue } from './billing-api';
import { formatMoney, fromUsd, listedPrice, paymentSummary } from './money';

const EU = { country: 'DE', currency: 'EUR', symbol: '€', exchangeRate: 0.88, taxPercent: 27, description: 'EU Tax (DE 27%)' } as const;
const GB = { country: 'GB', currency: 'GBP', symbol: '£', exchangeRate: 0.75, taxPercent: 35, description: 'UK Tax (35%)' } as const;
const US = { country: 'US', currency: 'USD', symbol: '$', exchangeRate: 1, taxPercent: 0, description: 'No tax' } as const;

const payg: BillingCatalogue['plans'][number] = {
  id: 'pay_as_you_go', label: 'Pay-As-You-Go', price: 20, period: '/month', additionalInfo: '', popular: true,
  prices: [{ currency: 'USD', amount: 20 }, { currency: 'EUR', amount: 22, originalAmount: 18 }, { currency: 'GBP', amount: 20, originalAmount: 15 }],
};

describe('money in the workspace currency', () => {
  it('writes whole amounts bare and others with cents, with the currency symbol', () => {
    expect(formatMoney(20, 'USD')).toBe('$20');
    expect(formatMoney(8.8, 'EUR')).toBe('€8.80');
    expect(formatMoney(3.75, 'GBP')).toBe('£3.75');
  });

  it('shows a plan at its listed price in the currency, with the original amount', () => {
    expect(listedPrice(payg, EU)).toEqual({ amount: 22, originalAmount: 18 });
    expect(listedPrice(payg, GB)).toEqual({ amount: 20, originalAmount: 15 });
    expect(listedPrice(payg, US)).toEqual({ amount: 20, originalAmount: null });
  });

  it('converts unlisted USD prices at the exchange rate', () => {
    expect(listedPrice({ ...payg, prices: [{ currency: 'USD', amount: 20 }] }, EU).amount).toBe(17.6);
    expect(fromUsd(109, GB)).toBe(81.75);
  });
});

describe('payment summary', () => {
  it('adds EU tax of 27 % with the country in its line', () => {
    const s = paymentSummary([{ label: 'Pay-As-You-Go', amount: 22 }, { label: 'Workspace Seat × 1', amount: 8.8 }], EU);
    expect(s).toMatchObject({ subtotal: 30.8, net: 30.8, taxLabel: 'EU Tax (DE 27%)', tax: 8.32, total: 39.12 });
  });

  it('adds UK tax of 35 %', () => {
    expect(paymentSummary([{ label: 'Pay-As-You-Go', amount: 20 }], GB)).toMatchObject({ taxLabel: 'UK Tax (35%)', tax: 7, total: 27 });
  });

  it('charges no tax elsewhere', () => {
    expect(paymentSummary([{ label: 'Pay-As-You-Go', amount: 20 }], US)).toMatchObject({ taxLabel: 'No tax', tax: 0, total: 20 });
  });

  it('takes a percent or amount discount off before tax, never below zero', () => {
    expect(paymentSummary([{ label: 'P', amount: 20 }], GB, { valid: true, percent_off: 50, duration: 'once' })).toMatchObject({ discount: 10, net: 10, tax: 3.5, total: 13.5 });
    expect(paymentSummary([{ label: 'P', amount: 20 }], US, { valid: true, amount_off: 500, currency: 'usd', duration: 'forever' })).toMatchObject({ discount: 5, total: 15 });
    expect(paymentSummary([{ label: 'P', amount: 20 }], US, { valid: true, amount_off: 5000 })).toMatchObject({ discount: 20, total: 0 });
    expect(paymentSummary([{ label: 'P', amount: 20 }], US, { valid: false, percent_off: 50 })).toMatchObject({ discount: 0, total: 20 });
  });
});
