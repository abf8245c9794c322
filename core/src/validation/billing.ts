// Billing form rules: a payment method and a paid plan for auto-recharge and top-ups, complete addresses, credit
// purchases and slider values within their bounds and steps, discount codes, add-on quantities, cancel reasons.
import {
  ADDON_QUANTITY_MAX, ADDON_QUANTITY_MIN, AUTO_RECHARGE_CONNECTED, AUTO_RECHARGE_OWN_PLAN, CANCEL_REASONS,
  CREDIT_PURCHASE, CURRENCY_SYMBOLS, FREE_PLAN_ID, PAYMENT_INTENT_SUCCESS_STATUSES, USD_TOP_UP_MIN, WHITELABEL_ADDON_KEY, WHITELABEL_ADDON_QUANTITY_MAX,
  type Currency,
} from '../constants/billing';
import { BILLING_MESSAGES as M } from './messages';

export interface Range { min: number; max: number; step: number }

/** Generic slider/stepper check: number, within [min, max], on a step from min. */
export function validateRange(value: number, range: Range, label: string): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return M.invalidAmount(label);
  if (value < range.min) return M.rangeMin(label, range.min);
  if (value > range.max) return M.rangeMax(label, range.max);
  // Tolerate float noise (e.g. 0.1 steps) while rejecting off-step values.
  const steps = (value - range.min) / range.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) return M.rangeStep(label, range.step);
  return null;
}

export function validateCreditPurchase(credits: number, hasPaymentMethod: boolean): string | null {
  if (!hasPaymentMethod) return M.paymentMethodRequired;
  if (!Number.isFinite(credits) || credits < CREDIT_PURCHASE.min) return M.creditsMin(CREDIT_PURCHASE.min);
  if (credits > CREDIT_PURCHASE.max) return M.creditsMax(CREDIT_PURCHASE.max);
  if (credits % CREDIT_PURCHASE.step !== 0) return M.creditsStep(CREDIT_PURCHASE.step);
  return null;
}

/** Auto-recharge with connected (agency) billing. */
export function validateConnectedAutoRecharge(input: { threshold: number; amount: number }): string | null {
  return (
    validateRange(input.threshold, AUTO_RECHARGE_CONNECTED.threshold, 'Threshold') ??
    validateRange(input.amount, AUTO_RECHARGE_CONNECTED.amount, 'Amount')
  );
}

/** Auto-recharge on the workspace's own plan. Free plan: refused. */
export function validateOwnPlanAutoRecharge(input: { planName: string; threshold: number; amount: number; monthlyLimit: number }): string | null {
  if (input.planName.trim().toLowerCase() === FREE_PLAN_ID) return M.freePlanAutoRecharge;
  return (
    validateRange(input.threshold, AUTO_RECHARGE_OWN_PLAN.threshold, 'Threshold') ??
    validateRange(input.amount, AUTO_RECHARGE_OWN_PLAN.amount, 'Amount') ??
    validateRange(input.monthlyLimit, AUTO_RECHARGE_OWN_PLAN.monthlyLimit, 'Monthly charge limit')
  );
}

/** USD balance top-up: at least 5 in the workspace's currency; not on the free plan. */
export function validateTopUp(input: { amount: number; currency: Currency; isFreePlan: boolean }): string | null {
  if (input.isFreePlan) return M.topUpFreePlan;
  if (!Number.isFinite(input.amount) || input.amount < USD_TOP_UP_MIN) return M.topUpMin(CURRENCY_SYMBOLS[input.currency], USD_TOP_UP_MIN);
  return null;
}

export interface AddressInput { line1?: string | null; line2?: string | null; city?: string | null; state?: string | null; postal_code?: string | null; country?: string | null }
/** line1, city, postal code and country are required. */
export function validatePaymentAddress(address: AddressInput | null | undefined): string | null {
  const required = [address?.line1, address?.city, address?.postal_code, address?.country];
  return required.every((v) => typeof v === 'string' && v.trim() !== '') ? null : M.addressIncomplete;
}
/** Continue: an e-mail plus a complete card and address, or a saved card. */
export function canContinuePayment(input: { email: string; cardComplete: boolean; address: AddressInput | null | undefined; savedCardId?: string | null }): boolean {
  if (input.savedCardId) return true;
  return !!input.email.trim() && input.cardComplete && validatePaymentAddress(input.address) === null;
}

/** Org admin-only items (workspace About, Add User). */
export function validateOrgAdminAction(isOrgAdmin: boolean | undefined): string | null {
  return isOrgAdmin ? null : M.notOrgAdmin;
}

export function validateDiscountCode(code: string): string | null {
  return code.trim() ? null : M.discountEmpty;
}
/** Result of the discount-code check call: anything but valid:true is "Invalid discount code". */
export function discountResultError(discount: { valid?: boolean } | null | undefined): string | null {
  return discount?.valid === true ? null : M.discountInvalid;
}

export function validateCancelReason(reason: string | null | undefined, otherText = ''): string | null {
  if (!reason || !(CANCEL_REASONS as readonly string[]).includes(reason)) return M.cancelReasonRequired;
  if (reason === 'Other' && !otherText.trim()) return M.cancelReasonSpecify;
  return null;
}

/** Highest quantity an add-on may have: whitelabel-new 1, others 10. */
export const addonQuantityMax = (addonKey: string): number =>
  addonKey === WHITELABEL_ADDON_KEY ? WHITELABEL_ADDON_QUANTITY_MAX : ADDON_QUANTITY_MAX;
export function validateAddonQuantity(addonKey: string, quantity: number): string | null {
  if (!Number.isInteger(quantity) || quantity < ADDON_QUANTITY_MIN) return M.addonQuantityMin;
  const max = addonQuantityMax(addonKey);
  if (quantity > max) return M.addonQuantityMax(max);
  return null;
}
/** Stepper clamp: never below 0, whitelabel-new at most 1, others at most 10. */
export const clampAddonQuantity = (addonKey: string, quantity: number): number =>
  Math.min(addonQuantityMax(addonKey), Math.max(ADDON_QUANTITY_MIN, Math.trunc(quantity) || 0));

export interface AddonChange { addonKey: string; from: number; to: number }
/** Changed add-ons, removals (decreases) first, then additions, as the save sends them. */
export function addonChanges(current: Readonly<Record<string, number>>, edited: Readonly<Record<string, number>>): { removals: AddonChange[]; additions: AddonChange[] } {
  const keys = [...new Set([...Object.keys(current), ...Object.keys(edited)])].sort();
  const removals: AddonChange[] = [];
  const additions: AddonChange[] = [];
  for (const addonKey of keys) {
    const from = current[addonKey] ?? 0;
    const to = edited[addonKey] ?? 0;
    if (to < from) removals.push({ addonKey, from, to });
    else if (to > from) additions.push({ addonKey, from, to });
  }
  return { removals, additions };
}
export function validateAddonSave(input: { hasActiveSubscription: boolean; current: Readonly<Record<string, number>>; edited: Readonly<Record<string, number>> }): string | null {
  if (!input.hasActiveSubscription) return M.addonsNeedSubscription;
  for (const [key, q] of Object.entries(input.edited)) {
    const error = validateAddonQuantity(key, q);
    if (error) return error;
  }
  const { removals, additions } = addonChanges(input.current, input.edited);
  return removals.length + additions.length === 0 ? M.addonsNoChanges : null;
}

/** Payment intent statuses 'succeeded' and 'requires_action' count as success; others give the failure text. */
export function paymentStatusError(status: string): string | null {
  return (PAYMENT_INTENT_SUCCESS_STATUSES as readonly string[]).includes(status) ? null : M.paymentFailedStatus(status);
}
/** Toast after saving auto-recharge settings. */
export const autoRechargeSavedMessage = (enabled: boolean, amount: number, threshold: number): string =>
  enabled ? M.autoRechargeUpdated(amount, threshold) : M.autoRechargeDisabled;
