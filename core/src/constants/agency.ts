// Agency white-label constants: the agency secret, e-mail domain states, default client plans and the platform
// fee on their payments, the white-label trial and add-on prices, fonts, theme variants and custom tabs.

export const AGENCY_SECRET_LENGTH = 25;
export const EMAIL_DOMAIN_POLL_MS = 5000;
export const EMAIL_DOMAIN_STATUSES = ['not_started', 'pending', 'verified', 'failure', 'temporary_failure'] as const;
export type EmailDomainStatus = (typeof EMAIL_DOMAIN_STATUSES)[number];

export const AGENCY_TABS = ['Overview', 'Domains', 'Email', 'Theme', 'Custom Tabs', 'Auto Billing', 'Footer'] as const;

export const MAX_PLAN_FEATURES = 5;
export const DEFAULT_AGENCY_PLANS = [
  { name: 'Basic', credits: 5000, isPopular: false },
  { name: 'Premium', credits: 15000, isPopular: true },
] as const;
/** Default extra USD per credit an agency charges on top of the base cost. */
export const DEFAULT_USD_PER_TOKEN = 0.003;
/** ours: an extra above $1 per credit is a typo (credits cost a tenth of a cent). */
export const USD_PER_TOKEN_MAX = 1;
export const PAYMENT_CONNECT_PLATFORM_FEE_PERCENT = 5;

export const WHITELABEL_TRIAL_DAYS = 14;
export const WHITELABEL_ADDON_USD_MONTHLY = 50;
export const PAY_AS_YOU_GO_WHITELABEL_UPGRADE_USD_MONTHLY = 70;

export const DEFAULT_GOOGLE_FONT = 'Rubik';
/** Always accepted without checking the fonts service. */
export const INHERIT_FONT = 'inherit';
export const FONT_WEIGHTS = [400, 500, 700] as const;
export const THEME_VARIANTS = ['default', 'bordered', 'faded', 'flat'] as const;
export const THEME_COLOR_USAGES = ['plain', 'colorful', 'gradient'] as const;

export const TAB_ICON_MAX_MB = 1;
export const LOGO_SIZE_PX = 256;
export const FAVICON_SIZE_PX = 32;
export const CUSTOM_TAB_EDITOR_HEIGHT_PX = 500;

export const CUSTOM_TAB_PAGE_TYPES = ['html', 'iframe'] as const;
export const DEFAULT_CUSTOM_TAB_HTML = '<div class="container">\n  <h1>Hello from your custom tab</h1>\n  <p>Edit this HTML to build your page.</p>\n</div>';
export const DEFAULT_CUSTOM_TAB_JS = "// Runs when the tab opens\nconsole.log('Custom tab loaded');";

export const AGENCY_DEFAULT_MODELS = ['gpt-3.5-turbo', 'gpt-4-1106-preview'] as const;
