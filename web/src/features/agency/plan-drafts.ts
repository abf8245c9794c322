// The Plans editor's local drafts: defaults (Basic 5,000 / Premium 15,000 popular), the feature rules with their
// messages, and the read-only price (credits × the final credit price).
import {
  agencyPlanPrice, DEFAULT_AGENCY_PLANS, finalCreditPrice, validateAddPlanFeature, validateAgencyPlans, validatePlanFeatures,
  validateRemovePlanFeature,
} from '@parley/core';
import type { AgencyPlan, AgencyPlanInput } from './connect-api';

export interface PlanDraft {
  name: string;
  credits: number;
  features: string[];
  isPopular: boolean;
  priceId?: string;
  productId?: string;
  /** The monthly price Stripe holds for this plan now (saved plans only). */
  savedPrice?: number;
}

/** ours */
export const PLAN_NAME_REQUIRED = 'Please enter a plan name';
/** ours */
export const PLAN_CREDITS_INVALID = 'Credits must be a whole number above 0';

const creditsFeature = (credits: number) => `${credits.toLocaleString('en-US')} credits every month`;

export const defaultPlanDrafts = (): PlanDraft[] =>
  DEFAULT_AGENCY_PLANS.map((p) => ({ name: p.name, credits: p.credits, features: [creditsFeature(p.credits)], isPopular: p.isPopular }));

/** Saved plans (from the connected account, else the record), or the defaults when there are none. */
export function initialPlanDrafts(saved: readonly AgencyPlan[] | undefined): PlanDraft[] {
  if (!saved || saved.length === 0) return defaultPlanDrafts();
  return saved.map((p) => ({
    name: p.name, credits: p.credits, features: p.features.length > 0 ? [...p.features] : [''], isPopular: p.isPopular, savedPrice: p.price,
    ...(p.priceId ? { priceId: p.priceId } : {}), ...(p.productId ? { productId: p.productId } : {}),
  }));
}

/** A saved plan whose Stripe price is not what saving now would set (credits or USDPerToken changed since). */
export const priceOutdated = (plan: PlanDraft, usdPerToken: number): boolean =>
  plan.savedPrice !== undefined && Math.abs(plan.savedPrice - planPrice(plan.credits, usdPerToken)) >= 0.005;

/** Monthly price the clients pay: credits × (base cost per credit + the agency's USDPerToken). */
export const planPrice = (credits: number, usdPerToken: number): number => agencyPlanPrice(Number.isFinite(credits) ? credits : 0, finalCreditPrice(usdPerToken));

export type FeatureResult = { features: string[]; error: null } | { features: null; error: string };

export function addFeature(features: readonly string[]): FeatureResult {
  const error = validateAddPlanFeature(features);
  return error ? { features: null, error } : { features: [...features, ''], error: null };
}

export function removeFeature(features: readonly string[], index: number): FeatureResult {
  const error = validateRemovePlanFeature(features);
  return error ? { features: null, error } : { features: features.filter((_, i) => i !== index), error: null };
}

/** Per-plan errors before saving (index → message); empty when every plan may be saved. */
export function planErrors(drafts: readonly PlanDraft[]): Record<number, string> {
  const errors: Record<number, string> = {};
  drafts.forEach((d, i) => {
    const error = !d.name.trim() ? PLAN_NAME_REQUIRED : !(Number.isInteger(d.credits) && d.credits > 0) ? PLAN_CREDITS_INVALID : validatePlanFeatures(d.features);
    if (error) errors[i] = error;
  });
  return errors;
}

/** What upsertAgencyPlans gets: trimmed names and features without empty lines (the server prices them). */
export function toPlanInputs(drafts: readonly PlanDraft[]): AgencyPlanInput[] {
  if (validateAgencyPlans(drafts) || Object.keys(planErrors(drafts)).length > 0) throw new Error('plans are not valid');
  return drafts.map((d) => ({
    name: d.name.trim(), credits: Math.round(d.credits), features: d.features.map((f) => f.trim()).filter(Boolean), isPopular: d.isPopular,
    ...(d.priceId ? { priceId: d.priceId } : {}), ...(d.productId ? { productId: d.productId } : {}),
  }));
}
