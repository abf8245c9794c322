// Agency: agencies/{ID}, with dns_reminders below it. The agency secret lives in agencies/{id}/private/secrets.
import { z } from 'zod';
import {
  CUSTOM_TAB_PAGE_TYPES, DEFAULT_CUSTOM_TAB_HTML, DEFAULT_CUSTOM_TAB_JS, DEFAULT_GOOGLE_FONT,
  EMAIL_DOMAIN_STATUSES, MAX_PLAN_FEATURES, THEME_COLOR_USAGES, THEME_VARIANTS,
} from '../constants/agency';
import { bucketSchema } from '../region';
import { omitKeys, storedTimestampSchema } from './common';

export const customTabSchema = z.object({
  label: z.string().default(''),
  href: z.string().default(''),
  iconUrl: z.string().optional(),
  pageType: z.enum(CUSTOM_TAB_PAGE_TYPES).default('html'),
  htmlContent: z.string().default(DEFAULT_CUSTOM_TAB_HTML),
  jsContent: z.string().default(DEFAULT_CUSTOM_TAB_JS),
  iframeUrl: z.string().optional(),
  alwaysVisible: z.boolean().default(false),
});
export type CustomTab = z.infer<typeof customTabSchema>;
/** A fresh tab: html with the starter HTML and JS. */
export const newCustomTab = (overrides: Partial<CustomTab> = {}): CustomTab => customTabSchema.parse(overrides);

export const dnsRecordSchema = z.object({
  status: z.string().optional(),
  type: z.string(),
  name: z.string(),
  value: z.string(),
  priority: z.union([z.number(), z.string()]).optional(),
  ttl: z.union([z.number(), z.string()]).optional(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const customDomainConfigSchema = z.object({
  type: z.string(),
  domain: z.string(),
  name: z.string(),
  value: z.string(),
}).loose();

export const agencyPlanSchema = z.object({
  name: z.string().min(1),
  price: z.number().nonnegative(),
  credits: z.number().int().positive(),
  features: z.array(z.string()).min(1).max(MAX_PLAN_FEATURES),
  isPopular: z.boolean().default(false),
  priceId: z.string().optional(),
  productId: z.string().optional(),
});
export type AgencyPlan = z.infer<typeof agencyPlanSchema>;

export const emailDomainStatusSchema = z.enum(EMAIL_DOMAIN_STATUSES);

export const agencySchema = z.object({
  ID: z.string().min(1),
  userId: z.string().min(1),
  name: z.string().default(''),
  squarePhotoURL: z.string().optional(),
  /** Spelled so in existing data. */
  darkModeSquarePhotourl: z.string().optional(),
  faviconURL: z.string().optional(),
  brandingText: z.string().default(''),
  settings: z.object({ disablePasswordLogin: z.boolean().default(false) }).loose().prefault({}),
  secret: z.string().optional(),
  VGsubDomain: z.string().optional(),
  isVerifiedSubDomain: z.boolean().default(false),
  customDomain: z.string().optional(),
  isVerifiedCustomDomain: z.boolean().default(false),
  customDomainConfig: customDomainConfigSchema.optional(),
  googleFont: z.string().default(DEFAULT_GOOGLE_FONT),
  themeColorUsage: z.enum(THEME_COLOR_USAGES).default('plain'),
  themeVariant: z.enum(THEME_VARIANTS).default('default'),
  customThemeJSONString: z.string().optional(),
  secondaryColorHex: z.string().optional(),
  customCSS: z.string().optional(),
  mainWebsite: z.string().optional(),
  supportEmail: z.string().optional(),
  tosPage: z.string().optional(),
  /** Spelled so in existing data. */
  privacyPolicypPage: z.string().optional(),
  address: z.string().optional(),
  resendEmailDomain: z.string().optional(),
  resendEmailDomainId: z.string().optional(),
  resendEmailDomainStatus: emailDomainStatusSchema.default('not_started'),
  resendEmailDomainRecords_JSON_STRING: z.string().optional(),
  customTabs: z.array(customTabSchema).default([]),
  defaultModel: z.string().optional(),
  createdAt: storedTimestampSchema.optional(),
  lastModified: z.number().optional(),
  deleted: z.boolean().optional(),
});
export const storedAgencySchema = agencySchema.loose();
export type Agency = z.infer<typeof agencySchema>;

export const AGENCY_SECRET_FIELDS = ['secret'] as const;
export type AgencySecretField = (typeof AGENCY_SECRET_FIELDS)[number];
export const agencySecretsSchema = z.object({ secret: z.string().length(25) });
export type AgencySecrets = z.infer<typeof agencySecretsSchema>;
export function redactAgency<T extends Partial<Agency>>(agency: T): Omit<T, AgencySecretField> {
  return omitKeys(agency, AGENCY_SECRET_FIELDS);
}

/**
 * A DNS reminder, written only by the domain claim: which domain, of which agency, when. It names no recipient and
 * carries no text: the mailer sends its own template to the agency owner's verified address.
 */
export const dnsReminderSchema = z.object({
  domain: z.string().min(1),
  agencyId: z.string().min(1),
  bucket: bucketSchema,
  timestamp: z.number().nonnegative(),
  sent: z.boolean().default(false),
});
export type DnsReminder = z.infer<typeof dnsReminderSchema>;
