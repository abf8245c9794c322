import { describe, expect, it } from 'vitest';
import {
  addonChanges, autoRechargeSavedMessage, canContinuePayment, paymentStatusError, clampAddonQuantity, discountResultError, validateAddonQuantity, validateAddonSave,
  validateCancelReason, validateConnectedAutoRecharge, validateCreditPurchase, validateDiscountCode, validateOrgAdminAction,
  validateOwnPlanAutoRecharge, validatePaymentAddress, validateTopUp,
} from './billing';

describe('validateCreditPurchase', () => {
  it.each([
    [1000, true, null],
    [999, true, 'Minimum purchase is 1,000 credits'],
    [500, true, 'Minimum purchase is 1,000 credits'],
    [50000, true, null],
    [50500, true, 'Maximum purchase is 50,000 credits'],
    [1500, true, null],
    [1250, true, 'Credits must be a multiple of 500'],
    [5000, false, 'Please add a payment method to continue'],
  ])('%i credits, payment method %j → %j', (credits, hasPm, expected) => {
    expect(validateCreditPurchase(credits, hasPm)).toBe(expected);
  });
});

describe('auto-recharge (connected billing)', () => {
  it.each([
    [{ threshold: 500, amount: 5 }, null],
    [{ threshold: 100, amount: 5 }, null],
    [{ threshold: 0, amount: 5 }, 'Threshold must be at least 100'],
    [{ threshold: 5000, amount: 5 }, null],
    [{ threshold: 5100, amount: 5 }, 'Threshold must be at most 5000'],
    [{ threshold: 150, amount: 5 }, 'Threshold must be a multiple of 100'],
    [{ threshold: 500, amount: 0 }, 'Amount must be at least 5'],
    [{ threshold: 500, amount: 100 }, null],
    [{ threshold: 500, amount: 105 }, 'Amount must be at most 100'],
    [{ threshold: 500, amount: 7 }, 'Amount must be a multiple of 5'],
    [{ threshold: Number.NaN, amount: 5 }, 'Threshold must be a number'],
  ])('%j → %j', (input, expected) => {
    expect(validateConnectedAutoRecharge(input)).toBe(expected);
  });
});

describe('auto-recharge (own plan)', () => {
  const ok = { planName: 'pay_as_you_go', threshold: 500, amount: 5, monthlyLimit: 100 };
  it.each([
    [ok, null],
    [{ ...ok, planName: 'free' }, 'You are on the free plan. You cannot enable auto-recharge.'],
    [{ ...ok, planName: 'Free' }, 'You are on the free plan. You cannot enable auto-recharge.'],
    [{ ...ok, threshold: 0 }, 'Threshold must be at least 500'],
    [{ ...ok, threshold: 2500 }, null],
    [{ ...ok, threshold: 3000 }, 'Threshold must be at most 2500'],
    [{ ...ok, threshold: 750 }, 'Threshold must be a multiple of 500'],
    [{ ...ok, amount: 25 }, null],
    [{ ...ok, amount: 30 }, 'Amount must be at most 25'],
    [{ ...ok, amount: 0 }, 'Amount must be at least 5'],
    [{ ...ok, monthlyLimit: 0 }, null],
    [{ ...ok, monthlyLimit: -25 }, 'Monthly charge limit must be at least 0'],
    [{ ...ok, monthlyLimit: 500 }, null],
    [{ ...ok, monthlyLimit: 525 }, 'Monthly charge limit must be at most 500'],
    [{ ...ok, monthlyLimit: 110 }, 'Monthly charge limit must be a multiple of 25'],
  ])('%j → %j', (input, expected) => {
    expect(validateOwnPlanAutoRecharge(input)).toBe(expected);
  });
});

describe('validateTopUp', () => {
  it.each([
    [{ amount: 5, currency: 'USD', isFreePlan: false }, null],
    [{ amount: 4.99, currency: 'USD', isFreePlan: false }, 'Minimum top-up is $5'],
    [{ amount: 4, currency: 'EUR', isFreePlan: false }, 'Minimum top-up is €5'],
    [{ amount: 4, currency: 'GBP', isFreePlan: false }, 'Minimum top-up is £5'],
    [{ amount: 50, currency: 'USD', isFreePlan: true }, 'You are on the free plan. You cannot top up.'],
  ] as const)('%j → %j', (input, expected) => {
    expect(validateTopUp(input)).toBe(expected);
  });
});

describe('payment form', () => {
  const full = { line1: '1 Main St', city: 'Dublin', postal_code: 'D01', country: 'IE' };
  it.each([
    [full, null],
    [{ ...full, line2: null, state: null }, null],
    [{ ...full, line1: '' }, 'Please complete all required address fields'],
    [{ ...full, city: ' ' }, 'Please complete all required address fields'],
    [{ ...full, postal_code: undefined }, 'Please complete all required address fields'],
    [{ ...full, country: null }, 'Please complete all required address fields'],
    [null, 'Please complete all required address fields'],
  ])('address %j → %j', (address, expected) => {
    expect(validatePaymentAddress(address)).toBe(expected);
  });
  it.each([
    [{ email: 'a@b.c', cardComplete: true, address: full }, true],
    [{ email: '', cardComplete: true, address: full }, false],
    [{ email: 'a@b.c', cardComplete: false, address: full }, false],
    [{ email: 'a@b.c', cardComplete: true, address: { ...full, city: '' } }, false],
    [{ email: '', cardComplete: false, address: null, savedCardId: 'pm_1' }, true],
  ])('continue %j → %j', (input, expected) => {
    expect(canContinuePayment(input)).toBe(expected);
  });
});

describe('org admin items', () => {
  it.each([
    [true, null],
    [false, 'You are not an admin'],
    [undefined, 'You are not an admin'],
  ])('isOrgAdmin %j → %j', (isAdmin, expected) => {
    expect(validateOrgAdminAction(isAdmin)).toBe(expected);
  });
});

describe('discount code', () => {
  it.each([
    ['', 'Please enter a discount code'],
    ['  ', 'Please enter a discount code'],
    ['SAVE10', null],
  ])('code %j → %j', (code, expected) => {
    expect(validateDiscountCode(code)).toBe(expected);
  });
  it.each([
    [{ valid: true }, null],
    [{ valid: false }, 'Invalid discount code'],
    [null, 'Invalid discount code'],
  ])('result %j → %j', (result, expected) => {
    expect(discountResultError(result)).toBe(expected);
  });
});

describe('cancel subscription reason', () => {
  it.each([
    [null, '', 'Please select a reason'],
    ['Because', '', 'Please select a reason'],
    ['Too expensive', '', null],
    ['Other', '', 'Please specify'],
    ['Other', '   ', 'Please specify'],
    ['Other', 'Moving to in-house', null],
  ])('%j / %j → %j', (reason, other, expected) => {
    expect(validateCancelReason(reason, other)).toBe(expected);
  });
});

describe('add-ons', () => {
  it.each([
    ['workspace-seat', -1, 'Quantity cannot be below 0'],
    ['workspace-seat', 0, null],
    ['workspace-seat', 10, null],
    ['workspace-seat', 11, 'Quantity cannot be above 10'],
    ['workspace-seat', 1.5, 'Quantity cannot be below 0'],
    ['whitelabel-new', 1, null],
    ['whitelabel-new', 2, 'Quantity cannot be above 1'],
  ])('%s × %j → %j', (key, q, expected) => {
    expect(validateAddonQuantity(key, q)).toBe(expected);
  });
  it.each([
    ['client_seat', -3, 0],
    ['client_seat', 4, 4],
    ['client_seat', 12, 10],
    ['whitelabel-new', 3, 1],
  ])('clamp %s %i → %i', (key, q, expected) => {
    expect(clampAddonQuantity(key, q)).toBe(expected);
  });
  it('lists removals before additions', () => {
    expect(addonChanges({ 'workspace-seat': 2, client_seat: 1 }, { 'workspace-seat': 1, client_seat: 3, 'whitelabel-new': 1 })).toEqual({
      removals: [{ addonKey: 'workspace-seat', from: 2, to: 1 }],
      additions: [
        { addonKey: 'client_seat', from: 1, to: 3 },
        { addonKey: 'whitelabel-new', from: 0, to: 1 },
      ],
    });
  });
  it.each([
    [{ hasActiveSubscription: false, current: {}, edited: { client_seat: 1 } }, 'You need an active subscription to add addons'],
    [{ hasActiveSubscription: true, current: { client_seat: 1 }, edited: { client_seat: 1 } }, 'No changes to save'],
    [{ hasActiveSubscription: true, current: {}, edited: { client_seat: 0 } }, 'No changes to save'],
    [{ hasActiveSubscription: true, current: {}, edited: { 'whitelabel-new': 2 } }, 'Quantity cannot be above 1'],
    [{ hasActiveSubscription: true, current: {}, edited: { client_seat: 2 } }, null],
  ])('save %j → %j', (input, expected) => {
    expect(validateAddonSave(input)).toBe(expected);
  });
});

describe('payment status and auto-recharge toast', () => {
  it.each([
    ['succeeded', null],
    ['requires_action', null],
    ['requires_payment_method', 'Payment failed with status: requires_payment_method'],
    ['canceled', 'Payment failed with status: canceled'],
  ])('%s → %j', (status, expected) => {
    expect(paymentStatusError(status)).toBe(expected);
  });
  it.each([
    [true, 10, 500, 'Auto-recharge settings updated successfully. Will charge $10 when credits drop below 500.'],
    [false, 10, 500, 'Auto-recharge disabled.'],
  ])('enabled %j → %s', (enabled, amount, threshold, text) => {
    expect(autoRechargeSavedMessage(enabled, amount, threshold)).toBe(text);
  });
});
