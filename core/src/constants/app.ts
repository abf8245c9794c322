// App shell, workspace and auth constants: id and secret shapes, the upgrade prompt's thresholds, layout sizes,
// toast durations, free workspace seats, public routes and the fields ignored when comparing agent drafts.

/** Most agent backups kept in version history. */
export const VERSION_HISTORY_MAX = 20;

export const WORKSPACE_ID_LENGTH = 15;
export const WORKSPACE_SECRET_PREFIX = 'vg_';
/** Random characters after the `vg_` prefix. */
export const WORKSPACE_SECRET_RANDOM_LENGTH = 20;
export const PERSONAL_WORKSPACE_NAME_PREFIX = 'Personal';
export const PERSONAL_WORKSPACE_NAME_SUFFIX_LENGTH = 5;

/** Upgrade prompt: account older than 7 days ... */
export const UPGRADE_ACCOUNT_AGE_SECONDS = 604800;
/** ... or fewer load tokens than this. */
export const UPGRADE_MIN_LOAD_TOKENS = 500;

export const AUTH_COOKIE_DAYS = 30;

export const DEBUG_PANEL_WIDTH_PX = 450;
export const AGENT_LIST_WIDTH_PX = 300;
export const NOTIFICATIONS_PANEL_SIZE_PX = { width: 350, height: 500 } as const;
/** Workspace names are cut to 20 (compact places) or 25 characters. */
export const WORKSPACE_NAME_TRUNCATE = { short: 20, long: 25 } as const;

export const TOAST_MS = { default: 2000, medium: 3000, long: 4000, notification: 5000 } as const;

/** Default free workspace seats, added to customPlan.limits.workspaceSeats for the invite limit. */
export const DEFAULT_FREE_WORKSPACE_SEATS = 2;

export const PUBLIC_ROUTES = [
  '/', '/login', '/signup', '/onboarding', '/pricing', '/integrations', '/get-free-plan', '/landing2',
  '/voice-agent', '/chatbot', '/whatsapp', '/demo', '/share', '/legal/about', '/legal/tos',
  '/legal/refund-policy', '/legal/cookie-policy', '/legal/contact', '/legal/gdpr', '/legal/privacy-policy',
] as const;

/** Fields ignored when comparing a local agent draft with the server copy (Publish button). */
export const PUBLISH_DIFF_IGNORED_FIELDS = ['lastModified', 'ts', 'ownerID', 'userId'] as const;
/** Fields ignored by the settings wrapper's unsaved-changes check (plus per-page exclusions). */
export const SETTINGS_DIFF_IGNORED_FIELDS = ['lastModified', 'createdAt', 'vapi'] as const;

export const AGENT_ACTION_MENU = [
  'Copy Agent ID', 'Export Agent Template', 'Website Script', 'Connect to Number', 'WhatsApp', 'Discord',
  'Telegram', 'Instagram', 'Messenger', 'Version History',
] as const;
