// The web app's public App Check config, stamped into the published chat (local/stack/widget-site.ts) as
// "<projectId> <apiKey> <appId> <provider> <key>": provider "recaptcha-enterprise" with the site key in production,
// "debug" with the local stack's debug token (only ever published for a demo- project, and accepted only by the
// Functions emulator). Zod-free, so it stays out of the bundle's weight.

const STAMP = '__PARLEY_WIDGET_APP_CHECK__';

export interface AppCheckConfig {
  projectId: string;
  apiKey: string;
  appId: string;
  provider: { kind: 'recaptcha-enterprise'; siteKey: string } | { kind: 'debug'; token: string };
}

const SAFE = /^[A-Za-z0-9:._-]+$/;

/** The stamped config, or null when the chat was published without App Check (or not published). */
export function appCheckConfig(stamp: string = STAMP): AppCheckConfig | null {
  const parts = stamp.split(' ');
  if (parts.length !== 5 || !parts.every((p) => SAFE.test(p))) return null;
  const [projectId, apiKey, appId, kind, key] = parts as [string, string, string, string, string];
  if (kind === 'recaptcha-enterprise') return { projectId, apiKey, appId, provider: { kind, siteKey: key } };
  if (kind === 'debug' && projectId.startsWith('demo-')) return { projectId, apiKey, appId, provider: { kind, token: key } };
  return null;
}
