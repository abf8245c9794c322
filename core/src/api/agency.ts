// Agency white-label (agencies/{id}): settings, the agency secret, the agency's subdomain and custom domain
// (Firebase Hosting custom domains), its e-mail sending domain (Resend domains), the font check, the
// white-label trial and access gate, and the public branding an agency host loads before its first paint.
//
// Who calls: the agency owner (a signed-in workspace user whose uid is agencies/{id}.userId) through callables
// or bearer endpoints (Firebase ID token); anyone (the SPA on an agency host, the TLS front end) through the
// public endpoints. Fields the rules keep server-only (secret, domains, e-mail domain) change only here.
import { z } from 'zod';
import { AGENCY_SECRET_LENGTH, EMAIL_DOMAIN_STATUSES, THEME_COLOR_USAGES, THEME_VARIANTS } from '../constants/agency';
import { regionSchema } from '../region';
import { agencySchema, customTabSchema, dnsRecordSchema } from '../schemas/agency';
import { AGENCY_MESSAGES } from '../validation/messages';
import { callable, endpoint } from './contract';

/** Agency ids are document ids (no slash, not __…__). */
export const agencyIdSchema = z.string().regex(/^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/, 'Agency ids are 1 to 128 letters, digits, - or _.');

/** Messages of the agency area that the server answers or the page shows after a call (spec wording). */
export const AGENCY_API_MESSAGES = {
  initialized: 'Agency settings initialized',
  initFailed: 'Error creating agency settings',
  saved: 'Saved successfully',
  savedData: 'Successfully saved data.',
  saveFailed: 'Failed to save the data.',
  saveError: 'Error occured when trying to save..',
  verificationPending: 'Domain verification pending..',
  verificationSuccessful: 'Domain verification successful..',
  domainDeleted: 'Domain deleted successfully..',
  subdomainFailed: 'Failed to set up subdomain. Please try again.',
  customDomainFailed: 'Failed to set up custom domain. Please try again.',
  workspaceNotFound: 'Workspace not found.',
  /** ours: a caller that is not the agency's owner. */
  notOwner: 'Only the agency owner can change agency settings.',
  /** ours: no agency with this id in this region. */
  agencyNotFound: 'Agency not found.',
  /** ours: the custom-domain input needs the whitelabel add-on, a plan with custom branding, or the trial. */
  needsCustomBranding: 'Custom domains need the Whitelabel addon.',
  /** ours: the trial is taken once. */
  trialUsed: 'The white-label trial was already used.',
  /** ours */
  emailDomainNotSet: 'No e-mail domain is set up for this agency.',
  /** ours: an unknown or unverified host. */
  hostNotConnected: 'This domain is not connected.',
  dnsEmailInvalid: 'Please enter a valid email address',
  dnsEmailRecipientInvalid: 'Please enter a valid recipient email.',
  /** ours: the platform mails only the agency owner's own verified address (never an address of the caller's choosing). */
  dnsEmailOwnAddressOnly: 'DNS instructions can be sent only to your own verified e-mail address.',
  dnsEmailSent: 'DNS instructions sent successfully!',
  dnsEmailFailed: 'Failed to send email. Please try again.',
  dnsEmailError: 'An error occurred while sending the email.',
  ...AGENCY_MESSAGES,
} as const;

// ------------------------------------------------------------------ the agency as its owner sees it

/** The agency document as answered to its owner: never `secret` (it lives in agencies/{id}/private/secrets). */
export const agencyRecordSchema = agencySchema.omit({ secret: true }).extend({ region: regionSchema }).loose();
export type AgencyRecord = z.infer<typeof agencyRecordSchema>;

/**
 * Fields the owner edits through saveAgencySettings (and the rules let the owner write). The domains, the
 * e-mail domain and the secret are not here: they change only through their own calls.
 */
export const agencySettingsPatchSchema = z.object({
  name: z.string().trim().max(80),
  squarePhotoURL: z.string().max(2048),
  darkModeSquarePhotourl: z.string().max(2048),
  faviconURL: z.string().max(2048),
  brandingText: z.string().max(10_000),
  settings: z.object({ disablePasswordLogin: z.boolean().optional(), showPoweredBy: z.boolean().optional() }).loose(),
  googleFont: z.string().trim().max(100),
  themeColorUsage: z.enum(THEME_COLOR_USAGES),
  themeVariant: z.enum(THEME_VARIANTS),
  customThemeJSONString: z.string().max(10_000),
  secondaryColorHex: z.string().max(32),
  customCSS: z.string().max(100_000),
  mainWebsite: z.string().max(2048),
  supportEmail: z.string().max(320),
  tosPage: z.string().max(2048),
  privacyPolicypPage: z.string().max(2048),
  address: z.string().max(1000),
  customTabs: z.array(customTabSchema).max(50),
  defaultModel: z.string().max(100),
}).partial();
export type AgencySettingsPatch = z.infer<typeof agencySettingsPatchSchema>;

const agencyRef = { region: regionSchema, agencyId: agencyIdSchema };

/**
 * Callable initAgency: creates the caller's agency in `region` (userId = caller, default settings, a fresh
 * 25-character secret in its private document) or answers the one that exists (`created: false`). Toast
 * "Agency settings initialized"; failure "Error creating agency settings".
 */
export const initAgency = callable('initAgency', {
  input: z.object({ region: regionSchema }),
  output: z.object({ created: z.boolean(), agency: agencyRecordSchema }),
});

/**
 * Callable getAgency: the caller's agency in `region` (the newest one not marked deleted), or null.
 */
export const getAgency = callable('getAgency', {
  input: z.object({ region: regionSchema }),
  output: z.object({ agency: agencyRecordSchema.nullable() }),
});

/**
 * Callable agencySecret: the agency secret (25 characters), to its owner only (permission-denied otherwise);
 * `regenerate: true` replaces it first (the old magic links stop working).
 */
export const agencySecret = callable('agencySecret', {
  input: z.object({ ...agencyRef, regenerate: z.boolean().default(false) }),
  output: z.object({ secret: z.string().length(AGENCY_SECRET_LENGTH) }),
});

/**
 * Callable saveAgencySettings: merges the owner's edits (only agencySettingsPatchSchema's fields) with
 * `lastModified` (Unix seconds). The font is checked against the fonts service (invalid-argument "This font
 * name is not a valid one, please double check font name."; `inherit` always passes); custom tab hrefs are
 * validated (the three href messages). Toast "Saved successfully".
 */
export const saveAgencySettings = callable('saveAgencySettings', {
  input: z.object({ ...agencyRef, settings: agencySettingsPatchSchema }),
  output: z.object({ success: z.literal(true), agency: agencyRecordSchema }),
});

/** Callable checkAgencyFont: whether the fonts service knows the family (weights 400/500/700); `inherit` is valid. */
export const checkAgencyFont = callable('checkAgencyFont', {
  input: z.object({ font: z.string().trim().min(1).max(100) }),
  output: z.object({ valid: z.boolean(), message: z.string().optional() }),
});

/**
 * What the caller's workspace may use: custom branding (the custom-domain input, the Auto Billing tab) comes
 * with the whitelabel add-on, a plan that includes it, or the running white-label trial.
 */
export const agencyAccessSchema = z.object({
  canAccessCustomBranding: z.boolean(),
  hasWhitelabelAddon: z.boolean(),
  onFinalPricing: z.boolean(),
  hasSubscription: z.boolean(),
  trial: z.object({
    active: z.boolean(),
    /** Unix seconds; 0 when never started. */
    endsAt: z.number(),
    /** The trial can still be started (once per workspace). */
    available: z.boolean(),
  }),
});
export type AgencyAccess = z.infer<typeof agencyAccessSchema>;

/** Callable getAgencyAccess: the caller's custom-branding access and white-label trial state. */
export const getAgencyAccess = callable('getAgencyAccess', {
  input: z.object({ region: regionSchema }),
  output: agencyAccessSchema,
});

/**
 * Callable activateWhitelabelTrial: starts the 14-day white-label trial of the caller's workspace, once
 * (failed-precondition "The white-label trial was already used." afterwards).
 */
export const activateWhitelabelTrial = callable('activateWhitelabelTrial', {
  input: z.object({ region: regionSchema.default('na') }),
  output: z.object({ success: z.literal(true), whitelabelTrialEndsAt: z.number() }),
});

/**
 * Callable cleanupDuplicateAgencies (first sign-in): when the caller has more than one agency, those with no
 * lastModified or with the default branding text are deleted (or marked deleted when they hold a domain); the
 * newest edited one is kept.
 */
export const cleanupDuplicateAgencies = callable('cleanupDuplicateAgencies', {
  input: z.object({ region: regionSchema }),
  output: z.object({ kept: z.string().nullable(), deleted: z.array(z.string()), markedDeleted: z.array(z.string()) }),
});

// ------------------------------------------------------------------ domains (subdomain and custom domain)

export const DOMAIN_TYPES = ['subdomain', 'custom'] as const;
export const domainTypeSchema = z.enum(DOMAIN_TYPES);

/** A DNS record the owner adds at its DNS provider (type, name, value; status of each when known). */
export const domainVerificationSchema = z.array(dnsRecordSchema);

const customDomainPath = '/api/:region/vercel-api/custom-domain';
const customDomainParams = z.object({ region: regionSchema });

/**
 * POST /api/{region}/vercel-api/custom-domain (bearer: the agency owner's ID token): claims a domain for the
 * agency and adds it to the Hosting site. `isVGSubdomain`: `customDomain` is the subdomain name (lower-cased,
 * spaces removed, the platform's root domain appended; taken → 409 "This domain already exists. Please try
 * another one."). `isCustomDomain`: the custom domain (400 "Please enter a custom domain" / `Please input a
 * subdomain: "{host}"`; 403 without custom-branding access; 409 "This domain already exists on another
 * account." when any agency in either region holds it). Answers the DNS records to add (`data.verification`; none
 * for a subdomain, which the platform's DNS serves);
 * a replaced domain of the same kind is released. Toast "Domain verification pending..".
 */
export const claimAgencyDomain = endpoint('claimAgencyDomain', 'POST', customDomainPath, 'bearer', {
  params: customDomainParams,
  body: z.object({
    agencyId: agencyIdSchema,
    customDomain: z.string().max(253),
    /** Ignored: the caller's token names the user. */
    userId: z.string().optional(),
    isVGSubdomain: z.boolean().optional(),
    isCustomDomain: z.boolean().optional(),
  }),
  output: z.object({
    success: z.literal(true),
    data: z.object({ domain: z.string(), domainType: domainTypeSchema, isVerified: z.boolean(), verification: domainVerificationSchema }),
  }),
});

/**
 * GET same path `?agencyId=&domain=&domainType=`: reads the domain's status from the Hosting site; once it is
 * live, sets isVerifiedSubDomain / isVerifiedCustomDomain. Toast "Domain verification successful.." when verified.
 */
export const verifyAgencyDomain = endpoint('verifyAgencyDomain', 'GET', customDomainPath, 'bearer', {
  params: customDomainParams,
  query: z.object({ agencyId: agencyIdSchema, domain: z.string().min(1).max(253), domainType: domainTypeSchema }),
  output: z.object({ isVerified: z.boolean(), verification: domainVerificationSchema }),
});

/**
 * DELETE same path: cancels the agency's domain (`domain` must be its subdomain or custom domain): removed from
 * the Hosting site and the registry, the domain and its verified flag cleared. "Domain deleted successfully..".
 */
export const cancelAgencyDomain = endpoint('cancelAgencyDomain', 'DELETE', customDomainPath, 'bearer', {
  params: customDomainParams,
  body: z.object({ agencyId: agencyIdSchema, domain: z.string().min(1).max(253) }),
  output: z.object({ success: z.literal(true), message: z.string() }),
});

/**
 * GET /proxy?domain= (public; the TLS front end asks before it serves a host): 200 when the domain is a verified
 * agency subdomain or custom domain in either region, else 404.
 */
export const domainProxyCheck = endpoint('domainProxyCheck', 'GET', '/proxy', 'public', {
  query: z.object({ domain: z.string().min(1).max(253) }),
  output: z.object({ live: z.literal(true) }),
});

// ------------------------------------------------------------------ e-mail sending domain (Resend domains)

export const emailDomainStatusSchema = z.enum(EMAIL_DOMAIN_STATUSES);
const emailDomainOwner = z.object({ region: regionSchema, agencyId: agencyIdSchema });
const emailDomainData = z.object({ id: z.string(), status: emailDomainStatusSchema, records: z.array(dnsRecordSchema) });

/**
 * POST /api/resend/domains/{domain} (bearer: the owner's ID token): adds the root domain at the e-mail provider
 * and stores domain, id, records and `not_started` on the agency. 400 invalid root domain; 409 "This domain is
 * already added." when an agency in either region holds it unverified (or any agency verified).
 */
export const addEmailDomain = endpoint('addEmailDomain', 'POST', '/api/resend/domains/:domain', 'bearer', {
  params: z.object({ domain: z.string().min(1).max(253) }),
  body: emailDomainOwner.extend({ userId: z.string().optional() }),
  output: z.object({ success: z.literal(true), data: emailDomainData }),
});

/** POST /api/resend/domains/{id}/verify: asks the provider to check the records; the status becomes `pending`. */
export const verifyEmailDomain = endpoint('verifyEmailDomain', 'POST', '/api/resend/domains/:id/verify', 'bearer', {
  params: z.object({ id: z.string().min(1).max(128) }),
  body: emailDomainOwner,
  output: z.object({ success: z.literal(true), data: emailDomainData }),
});

/**
 * GET /api/resend/domains/{id}?region=&agencyId=: the provider's status and records (the page polls it every
 * 5 s while neither verified nor not_started); a change is saved on the agency.
 */
export const getEmailDomain = endpoint('getEmailDomain', 'GET', '/api/resend/domains/:id', 'bearer', {
  params: z.object({ id: z.string().min(1).max(128) }),
  query: emailDomainOwner,
  output: z.object({ success: z.literal(true), data: emailDomainData }),
});

/** DELETE /api/resend/domains/{id}: removes it at the provider; the agency's domain, id and records reset, not_started. */
export const deleteEmailDomain = endpoint('deleteEmailDomain', 'DELETE', '/api/resend/domains/:id', 'bearer', {
  params: z.object({ id: z.string().min(1).max(128) }),
  body: emailDomainOwner,
  output: z.object({ success: z.literal(true) }),
});

/**
 * POST /api/mail/send-dns-instructions (bearer: the owner's ID token): e-mails the agency's DNS records (its
 * e-mail domain's, or its custom domain's with `kind: 'domain'`) to `to`, which must be the owner's own verified
 * address (its workspace's e-mail, or its token's verified e-mail). The server writes the e-mail from the stored
 * records; `subject`, `htmlContent` and `fromDisplayName` that older pages send are ignored. 400 "Please enter a
 * valid recipient email." or "DNS instructions can be sent only to your own verified e-mail address."; success message "DNS instructions sent successfully!"; 502 "Failed to send
 * email. Please try again.".
 */
export const sendDnsInstructions = endpoint('sendDnsInstructions', 'POST', '/api/mail/send-dns-instructions', 'bearer', {
  body: z.object({
    region: regionSchema,
    agencyId: agencyIdSchema,
    to: z.string().trim().toLowerCase().pipe(z.email(AGENCY_API_MESSAGES.dnsEmailRecipientInvalid)),
    kind: z.enum(['email', 'domain']).default('email'),
    subject: z.string().optional(),
    htmlContent: z.string().optional(),
    fromDisplayName: z.string().optional(),
  }),
  output: z.object({ success: z.literal(true), message: z.string() }),
});

// ------------------------------------------------------------------ public branding of an agency host

/**
 * Every field of the public branding, and nothing else: no id, owner, secret, e-mail, domain record, custom tab
 * or billing field. A field added to the agency later stays private until it is listed here.
 */
export const PUBLIC_BRANDING_FIELDS = [
  'name', 'squarePhotoURL', 'darkModeSquarePhotourl', 'faviconURL', 'brandingText', 'googleFont', 'themeColorUsage',
  'themeVariant', 'customThemeJSONString', 'secondaryColorHex', 'customCSS', 'mainWebsite', 'tosPage',
  'privacyPolicypPage', 'address',
] as const;

export const publicBrandingSchema = z.strictObject({
  name: z.string(),
  squarePhotoURL: z.string().optional(),
  darkModeSquarePhotourl: z.string().optional(),
  faviconURL: z.string().optional(),
  brandingText: z.string(),
  googleFont: z.string(),
  themeColorUsage: z.enum(THEME_COLOR_USAGES),
  themeVariant: z.enum(THEME_VARIANTS),
  customThemeJSONString: z.string().optional(),
  secondaryColorHex: z.string().optional(),
  customCSS: z.string().optional(),
  mainWebsite: z.string().optional(),
  tosPage: z.string().optional(),
  privacyPolicypPage: z.string().optional(),
  address: z.string().optional(),
  /** settings.disablePasswordLogin: clients sign in with a one-time code by e-mail. */
  disablePasswordLogin: z.boolean(),
  /** The agency's footer shows "Powered by" (off unless the agency turns it on). */
  showPoweredBy: z.boolean(),
  /** The region (database) the agency lives in: the host's dashboard and client login use it. */
  region: regionSchema,
  /** The host asked for, normalised, and whether it is the agency's subdomain or its custom domain. */
  host: z.string(),
  hostType: domainTypeSchema,
});
export type PublicBranding = z.infer<typeof publicBrandingSchema>;

/**
 * GET /public/agency-by-host?host= (public, rate-limited, cached by the CDN: `Cache-Control: public,
 * max-age=60, s-maxage=300`): the public branding of the agency whose verified subdomain or custom domain is
 * `host` (either region). 404 "This domain is not connected." for an unknown or unverified host.
 */
export const getAgencyByHost = endpoint('getAgencyByHost', 'GET', '/public/agency-by-host', 'public', {
  query: z.object({ host: z.string().min(1).max(253) }),
  output: publicBrandingSchema,
});
