/** Runs before the journeys (`npm test -w e2e`): installs Debian's Chromium headless shell when missing, or says what to run. */
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, ensureChromium } from '@parley/local/chromium';

const result = ensureChromium(CHROMIUM_PATH, Boolean(process.env.PARLEY_CHROMIUM));
if (result.status === 'missing') {
  console.error(result.message);
  process.exit(1);
}
if (result.status === 'installed') console.log(`Installed Debian's ${CHROMIUM_PACKAGE} (${result.path}) for the browser journeys.`);
