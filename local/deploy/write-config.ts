/**
 * Hosting predeploy: writes web/dist/parley-config.js for a real Firebase project (no emulators) and publishes
 * the widget with the project's origins (the chat on the widget site, see local/stack/widget-site.ts).
 * Values come from the environment (the firebase CLI sets GCLOUD_PROJECT for predeploy hooks):
 *   PARLEY_FIREBASE_API_KEY (required), PARLEY_FIREBASE_APP_ID, PARLEY_FIREBASE_AUTH_DOMAIN
 *   (default <project>.firebaseapp.com), PARLEY_FUNCTIONS_REGION (default us-central1),
 *   PARLEY_WIDGET_ORIGIN (the widget site, default https://<project>-widget.web.app), PARLEY_API_ORIGINS
 *   (comma-separated origins serving the API, default https://<project>.web.app and .firebaseapp.com),
 *   PARLEY_STREAM_API_BASE (the functions' direct URL chat streams use, default the cloudfunctions.net one),
 *   PARLEY_APP_CHECK_SITE_KEY (the web app's reCAPTCHA Enterprise key for App Check: the chat then sends tokens),
 *   PARLEY_STRIPE_PUBLISHABLE_KEY (pk_live_/pk_test_: the billing page loads the real Stripe.js with it),
 *   PARLEY_AGENCY_INTRO_VIDEO_URL (http(s): the Agency page's intro video, an embed URL or a .mp4/.webm file).
 * Put them in a git-ignored .env file or your CI's secrets; they are public web config, not secrets.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parleyConfigSchema } from '@parley/core';
import { writeConfigScript, type ParleyConfig } from '../stack/parley-config';
import { publishWidget, type WidgetAppCheck, type WidgetSiteOrigins } from '../stack/widget-site';

export function productionConfig(env: NodeJS.ProcessEnv): ParleyConfig {
  const projectId = env.GCLOUD_PROJECT ?? env.PARLEY_FIREBASE_PROJECT_ID;
  const apiKey = env.PARLEY_FIREBASE_API_KEY;
  if (!projectId || !apiKey) {
    throw new Error(
      'parley-config.js needs PARLEY_FIREBASE_API_KEY (and GCLOUD_PROJECT, set by `firebase deploy`): ' +
        'copy them from Firebase console > Project settings > Your apps > Web app.',
    );
  }
  if (projectId.startsWith('demo-')) throw new Error(`"${projectId}" is the local demo project; deploy with \`firebase use <real-project>\`.`);
  const introVideo = env.PARLEY_AGENCY_INTRO_VIDEO_URL?.trim();
  if (introVideo && !parleyConfigSchema.shape.agencyIntroVideoUrl.safeParse(introVideo).success) {
    throw new Error(`PARLEY_AGENCY_INTRO_VIDEO_URL must be an http(s) URL (got "${introVideo}").`);
  }
  if (env.PARLEY_APP_CHECK_SITE_KEY && !env.PARLEY_FIREBASE_APP_ID) {
    throw new Error('PARLEY_APP_CHECK_SITE_KEY needs PARLEY_FIREBASE_APP_ID: App Check attests that web app (Firebase console > Project settings > Your apps).');
  }
  return {
    firebase: {
      apiKey,
      authDomain: env.PARLEY_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      ...(env.PARLEY_FIREBASE_APP_ID ? { appId: env.PARLEY_FIREBASE_APP_ID } : {}),
      ...(env.PARLEY_APP_CHECK_SITE_KEY ? { appCheckSiteKey: env.PARLEY_APP_CHECK_SITE_KEY } : {}),
    },
    functionsRegion: env.PARLEY_FUNCTIONS_REGION ?? 'us-central1',
    apiBase: '',
    widgetOrigin: env.PARLEY_WIDGET_ORIGIN ?? `https://${projectId}-widget.web.app`,
    ...(env.PARLEY_STRIPE_PUBLISHABLE_KEY ? { stripe: { publishableKey: env.PARLEY_STRIPE_PUBLISHABLE_KEY } } : {}),
    ...(introVideo ? { agencyIntroVideoUrl: introVideo } : {}),
  };
}

/** The chat's App Check config: the web app and its reCAPTCHA Enterprise site key; null (no App Check) without one. */
export function productionWidgetAppCheck(config: ParleyConfig): WidgetAppCheck | null {
  const { apiKey, projectId, appId, appCheckSiteKey } = config.firebase;
  return appCheckSiteKey && appId ? { projectId, apiKey, appId, siteKey: appCheckSiteKey } : null;
}

/** The origins the published widget trusts in a real project: its own site's, and the API's. */
export function productionWidgetOrigins(env: NodeJS.ProcessEnv): WidgetSiteOrigins {
  const projectId = env.GCLOUD_PROJECT ?? env.PARLEY_FIREBASE_PROJECT_ID;
  if (!projectId) throw new Error('publishing the widget needs GCLOUD_PROJECT (set by `firebase deploy`).');
  const region = env.PARLEY_FUNCTIONS_REGION ?? 'us-central1';
  const api = env.PARLEY_API_ORIGINS
    ? env.PARLEY_API_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean)
    : [`https://${projectId}.web.app`, `https://${projectId}.firebaseapp.com`];
  const stream = env.PARLEY_STREAM_API_BASE ? new URL(env.PARLEY_STREAM_API_BASE).origin : `https://${region}-${projectId}.cloudfunctions.net`;
  return { chat: env.PARLEY_WIDGET_ORIGIN ?? `https://${projectId}-widget.web.app`, api: [...new Set([...api, stream])] };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const target = join(root, 'web/dist/parley-config.js');
  try {
    if (!existsSync(join(root, 'web/dist/index.html'))) throw new Error('web/dist is not built: run `npm run build` first.');
    const config = productionConfig(process.env);
    writeConfigScript(target, config);
    publishWidget(root, productionWidgetOrigins(process.env), productionWidgetAppCheck(config));
    console.log(`wrote ${target} for project ${process.env.GCLOUD_PROJECT}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
