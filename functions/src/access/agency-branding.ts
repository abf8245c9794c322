// The custom-branding gate (the custom-domain input, Auto Billing): the whitelabel add-on, a plan whose
// features include custom branding, or the running 14-day white-label trial. Read from the workspace record
// (users/{uid}) the billing functions keep up to date.
import { isWhitelabelTrialActive, paths, WHITELABEL_ADDON_KEY, type agencyApi, type Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';

/** Plan or subscription features that carry custom branding. */
const BRANDING_FEATURES = new Set([WHITELABEL_ADDON_KEY, 'whitelabel', 'custom-branding', 'custom_branding']);
const LIVE_SUBSCRIPTION = new Set(['active', 'trialing']);

type Workspace = Record<string, unknown>;
const obj = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export function agencyAccessOf(workspace: Workspace, nowSeconds: number): agencyApi.AgencyAccess {
  const internal = obj(workspace.internal);
  const v2 = obj(workspace.v2StripeConfig);
  const customPlan = obj(internal.customPlan);
  const subscriptionLive = LIVE_SUBSCRIPTION.has(String(v2.status ?? '')) || (typeof v2.subscriptionId === 'string' && v2.subscriptionId !== '' && v2.status === undefined);
  const hasSubscription = subscriptionLive || (typeof workspace.stripeSubscriptionId === 'string' && workspace.stripeSubscriptionId !== '');
  const features = [...(subscriptionLive ? strings(v2.features) : []), ...strings(customPlan.features)];
  const hasWhitelabelAddon = features.some((f) => BRANDING_FEATURES.has(f));
  const endsAt = typeof internal.whitelabelTrialEndsAt === 'number' ? internal.whitelabelTrialEndsAt : 0;
  const trialActive = isWhitelabelTrialActive(endsAt || null, nowSeconds);
  const trialUsed = internal.whitelabel_trial === true || endsAt > 0;
  return {
    canAccessCustomBranding: hasWhitelabelAddon || trialActive,
    hasWhitelabelAddon,
    onFinalPricing: internal.useNewPricing === true,
    hasSubscription,
    trial: { active: trialActive, endsAt, available: !trialUsed && !hasWhitelabelAddon },
  };
}

/** The caller's own workspace record (users/{uid}) in the region, or null. */
export async function workspaceOf(region: Region, uid: string): Promise<Workspace | null> {
  const snap = await databaseFor(region).doc(paths.user(uid)).get();
  return snap.exists ? (snap.data() ?? {}) : null;
}

export async function agencyAccessFor(region: Region, uid: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<agencyApi.AgencyAccess> {
  return agencyAccessOf((await workspaceOf(region, uid)) ?? {}, nowSeconds);
}
