/**
 * Publishing the widget for Hosting. The chat is served only from the widget site (firebase.json's `widget`
 * target, its own origin), so nothing rendered for a website visitor shares an origin with a dashboard session;
 * the dashboard site keeps serving loader.js, the one tag websites carry. Both copies are stamped with the
 * origins the widget trusts (widget/src/shared/origins.ts): the chat's origin, then the API origins a chat may
 * send to.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_APP_CHECK_DEBUG_TOKEN, LOCAL_APP_ID, PROJECT_ID } from './parley-config';
import { STACK_PORTS } from './ports';

export interface WidgetSiteOrigins {
  /** The widget site's origin, e.g. https://<project>-widget.web.app */
  chat: string;
  /** The API origins (the app's, through its Hosting rewrites; the functions' direct URL for streams). */
  api: string[];
}

/** The marker the widget build carries in place of its origins (widget/src/shared/origins.ts). */
export const WIDGET_ORIGINS_MARKER = '__PARLEY_WIDGET_ORIGINS__';
/** firebase.json's `widget` target serves this folder; the chat is under /widget/ as on the app site. */
export const WIDGET_SITE_DIR = 'widget/site';

/** The local stack's origins: the widget site and the app on the Hosting emulator. */
export function localWidgetOrigins(): WidgetSiteOrigins {
  return { chat: `http://127.0.0.1:${STACK_PORTS.widget}`, api: [`http://127.0.0.1:${STACK_PORTS.hosting}`] };
}

function checkOrigin(value: string): string {
  let origin: string | null = null;
  try {
    const url = new URL(value);
    origin = url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    origin = null;
  }
  if (origin !== value) throw new Error(`widget origins: "${value}" is not an http(s) origin (scheme, host and port only)`);
  return value;
}

/** `text` with the marker replaced by "<chat> <api> <api> …"; throws when the file carries no marker. */
export function stampOrigins(text: string, origins: WidgetSiteOrigins, file: string): string {
  const stamp = [checkOrigin(origins.chat), ...origins.api.map(checkOrigin)].join(' ');
  if (!text.includes(WIDGET_ORIGINS_MARKER)) throw new Error(`${file} has no ${WIDGET_ORIGINS_MARKER}: the widget would not know its origins`);
  return text.replaceAll(WIDGET_ORIGINS_MARKER, stamp);
}

/** The marker the chat carries in place of its App Check config (widget/src/chat/app-check-config.ts). */
export const WIDGET_APP_CHECK_MARKER = '__PARLEY_WIDGET_APP_CHECK__';

/** The web app's public App Check config for the chat: a reCAPTCHA Enterprise site key, or locally the debug token. */
export interface WidgetAppCheck {
  projectId: string;
  apiKey: string;
  appId: string;
  siteKey?: string;
  /** The local stack only: refused for any project but a demo- one. */
  debugToken?: string;
}

/** The local stack's: its debug token, which the Functions emulator accepts. */
export function localWidgetAppCheck(): WidgetAppCheck {
  return { projectId: PROJECT_ID, apiKey: 'demo-parley-local-key', appId: LOCAL_APP_ID, debugToken: LOCAL_APP_CHECK_DEBUG_TOKEN };
}

/** "<projectId> <apiKey> <appId> <provider> <key>" as the chat reads it, or "" (no App Check). */
export function appCheckStamp(appCheck: WidgetAppCheck | null): string {
  if (!appCheck) return '';
  const { projectId, apiKey, appId, siteKey, debugToken } = appCheck;
  if (!siteKey === !debugToken) throw new Error('widget App Check: give either a reCAPTCHA Enterprise site key or (locally) a debug token');
  if (debugToken && !projectId.startsWith('demo-')) throw new Error(`widget App Check: a debug token is for the local demo project only, not "${projectId}"`);
  const parts = [projectId, apiKey, appId, siteKey ? 'recaptcha-enterprise' : 'debug', (siteKey ?? debugToken)!];
  for (const part of parts) if (!/^[A-Za-z0-9:._-]+$/.test(part)) throw new Error(`widget App Check: "${part}" is not a plain key or id`);
  return parts.join(' ');
}

/** Until the widget is built, the widget site still needs its folder (the Hosting emulator serves it). */
export function ensureWidgetSite(root: string): void {
  mkdirSync(join(root, WIDGET_SITE_DIR, 'widget'), { recursive: true });
}

/**
 * widget/dist → web/dist/widget/ (the app site: loader.js, loader-deferred.js and voice.js only) and widget/site/widget/
 * (loader.js, loader-deferred.js, chat.html, chat.js, app-check.js, voice.js), every script stamped with `origins`, the chat
 * with `appCheck` too. Nothing happens before the widget is built.
 */
export function publishWidget(root: string, origins: WidgetSiteOrigins = localWidgetOrigins(), appCheck: WidgetAppCheck | null = localWidgetAppCheck()): void {
  const from = join(root, 'widget/dist');
  if (!existsSync(from)) return;
  const site = join(root, WIDGET_SITE_DIR, 'widget');
  rmSync(join(root, WIDGET_SITE_DIR), { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  const appCheckConfig = appCheckStamp(appCheck);
  for (const file of ['loader.js', 'chat.html', 'chat.js']) {
    if (!existsSync(join(from, file))) continue;
    const stamped = stampOrigins(readFileSync(join(from, file), 'utf8'), origins, `widget/dist/${file}`);
    writeFileSync(join(site, file), stamped.replaceAll(WIDGET_APP_CHECK_MARKER, appCheckConfig));
  }
  // The App Check SDK and the voice chunk the chat imports, and the loader's deferred part (bubble and panel, fetched beside loader.js):
  // no marker, their settings come from the chat and the loader.
  for (const file of ['app-check.js', 'loader-deferred.js', 'voice.js']) if (existsSync(join(from, file))) cpSync(join(from, file), join(site, file));
  // Agency custom tabs' sandbox page (static, trusts no origin: it runs only when framed in an opaque origin).
  if (existsSync(join(root, 'widget/tab/tab.html'))) cpSync(join(root, 'widget/tab/tab.html'), join(site, 'tab.html'));
  if (!existsSync(join(root, 'web/dist'))) return;
  const app = join(root, 'web/dist/widget');
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  // The voice chunk too: the dashboard's browser call (web's BrowserCall.tsx) imports it from its own origin.
  for (const file of ['loader.js', 'loader-deferred.js', 'voice.js']) if (existsSync(join(site, file))) cpSync(join(site, file), join(app, file));
}
