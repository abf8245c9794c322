/**
 * Hosting predeploy: writes web/dist/parley-config.js for a real Firebase project (no emulators).
 * Values come from the environment (the firebase CLI sets GCLOUD_PROJECT for predeploy hooks):
 *   PARLEY_FIREBASE_API_KEY (required), PARLEY_FIREBASE_APP_ID, PARLEY_FIREBASE_AUTH_DOMAIN
 *   (default <project>.firebaseapp.com), PARLEY_FUNCTIONS_REGION (default us-central1).
 * Put them in a git-ignored .env file or your CI's secrets; they are public web config, not secrets.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeConfigScript, type ParleyConfig } from '../stack/parley-config';

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
  return {
    firebase: {
      apiKey,
      authDomain: env.PARLEY_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      ...(env.PARLEY_FIREBASE_APP_ID ? { appId: env.PARLEY_FIREBASE_APP_ID } : {}),
    },
    functionsRegion: env.PARLEY_FUNCTIONS_REGION ?? 'us-central1',
    apiBase: '',
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const target = join(root, 'web/dist/parley-config.js');
  try {
    if (!existsSync(join(root, 'web/dist/index.html'))) throw new Error('web/dist is not built: run `npm run build` first.');
    writeConfigScript(target, productionConfig(process.env));
    console.log(`wrote ${target} for project ${process.env.GCLOUD_PROJECT}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
