// Agency settings rules: custom domains and subdomains, e-mail domains, fonts, custom tab links (a leading slash,
// not a default client page, unique), and client plans (at most five features, each plan with one that has text).
import { MAX_PLAN_FEATURES, USD_PER_TOKEN_MAX } from '../constants/agency';
import { RESERVED_CLIENT_TAB_HREFS } from '../constants/navigation';
import { AGENCY_MESSAGES as M } from './messages';

/**
 * Lowercases and removes spaces; also drops a pasted scheme and path/trailing dot so
 * "https://App.Example.com/" becomes "app.example.com".
 */
export function normalizeDomain(input: string): string {
  return input
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.+$/, '');
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Custom domain: required, and must be a subdomain (at least three labels). */
export function validateCustomDomain(input: string): string | null {
  const host = normalizeDomain(input);
  if (!host) return M.customDomainRequired;
  const labels = host.split('.');
  if (labels.length < 3 || labels.some((l) => !LABEL.test(l))) return M.subdomainRequired(host);
  return null;
}

/** Subdomain name → full host under the platform's root domain (lowercase, no spaces, suffix once). */
export function normalizeSubdomain(input: string, rootDomain: string): string {
  const root = normalizeDomain(rootDomain);
  let name = input.toLowerCase().replace(/\s+/g, '');
  if (name.endsWith(`.${root}`)) name = name.slice(0, -(root.length + 1));
  return name ? `${name}.${root}` : '';
}

/** The subdomain part (before the root domain) must be one DNS label. */
export function validateSubdomain(input: string): string | null {
  const name = input.toLowerCase().replace(/\s+/g, '');
  if (!name || !LABEL.test(name)) return M.subdomainInvalid;
  return null;
}

/** Custom tab href: leading slash, not a default client tab, not used by another custom tab. */
export function validateTabHref(href: string, otherTabHrefs: readonly string[] = []): string | null {
  const value = href.trim();
  if (!value.startsWith('/')) return M.tabHrefLeadingSlash;
  if (RESERVED_CLIENT_TAB_HREFS.includes(value.toLowerCase())) return M.tabHrefReserved;
  if (otherTabHrefs.some((h) => h.trim() === value)) return M.tabHrefDuplicate;
  return null;
}

/** Features of one agency subscription plan. */
export function validatePlanFeatures(features: readonly string[]): string | null {
  if (features.length > MAX_PLAN_FEATURES) return M.planFeatureMax;
  if (!features.some((f) => f.trim() !== '')) return M.planFeatureText;
  return null;
}
/** First error over all plans, or null. */
export function validateAgencyPlans(plans: readonly { features: readonly string[] }[]): string | null {
  for (const plan of plans) {
    const error = validatePlanFeatures(plan.features);
    if (error) return error;
  }
  return null;
}
/** Removing a feature: refused when it is the plan's last one. */
export function validateRemovePlanFeature(features: readonly string[]): string | null {
  return features.length <= 1 ? M.planFeatureLast : null;
}
/** Adding a feature: refused past the maximum. */
export function validateAddPlanFeature(features: readonly string[]): string | null {
  return features.length >= MAX_PLAN_FEATURES ? M.planFeatureMax : null;
}

/** USDPerToken as typed: a finite number from 0 to USD_PER_TOKEN_MAX. */
export function parseUsdPerToken(input: string | number): number | null {
  if (typeof input === 'string' && input.trim() === '') return null;
  const n = typeof input === 'number' ? input : Number(input);
  return Number.isFinite(n) && n >= 0 && n <= USD_PER_TOKEN_MAX ? n : null;
}
export function validateUsdPerToken(input: string | number): string | null {
  return parseUsdPerToken(input) === null ? M.invalidNumber : null;
}

/** Subscription plans need the payment-connect steps 1 and 2 done and USDPerToken saved. */
export function validateSubscriptionPlansSetup(s: { step1Done: boolean; step2Done: boolean; usdPerToken: number | null | undefined }): string | null {
  return s.step1Done && s.step2Done && typeof s.usdPerToken === 'number' && Number.isFinite(s.usdPerToken) ? null : M.plansNeedSteps;
}

/** `inherit` skips the fonts-service check. */
export const isInheritFont = (name: string): boolean => name.trim().toLowerCase() === 'inherit';
/** URL of the fonts service stylesheet used to check a font name (weights 400, 500, 700). */
export const googleFontCssUrl = (family: string): string =>
  `https://fonts.googleapis.com/css2?family=${encodeURIComponent(family.trim()).replace(/%20/g, '+')}:wght@400;500;700&display=swap`;

/** E-mail sending domain: a root domain such as example.com (already present on an unverified agency → refused). */
export function validateEmailDomain(input: string, alreadyAddedOnUnverifiedAgency = false): string | null {
  const host = normalizeDomain(input);
  const labels = host.split('.');
  if (!host || labels.length < 2 || labels.some((l) => !LABEL.test(l))) return M.emailDomainInvalid;
  if (alreadyAddedOnUnverifiedAgency) return M.emailDomainAlreadyAdded;
  return null;
}
