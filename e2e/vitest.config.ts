import { defineConfig } from 'vitest/config';
import { JourneySequencer } from './journey-order.ts';

// Browser journeys against the whole local stack, started once by global-setup.ts.
// One worker, files in sequence. Each file makes its own workspace and counts only what it sent to the stand-ins, so
// the files pass in any order (PARLEY_E2E_ORDER=reverse npm test -w e2e runs them backwards; see journey-order.ts) and
// could run side by side; but one journey already keeps two cores busy (Chromium, the emulators), and two at once
// push the functions' cold starts past the journeys' waits.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./support/check-accessibility.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // The files share one worker and its modules (playwright-core, firebase-admin, axe-core's source), loaded once:
    // a fresh process and module graph per file cost seconds each. Journeys keep no state in modules that another
    // file could see: each makes its own workspace, Firebase apps (named) and browser contexts, and closes them.
    isolate: false,
    maxWorkers: 1,
    sequence: { sequencer: JourneySequencer },
    reporters: ['default'],
    // firebase-admin must never probe the GCE metadata server (off-machine traffic) in tests.
    env: { METADATA_SERVER_DETECTION: 'none', GCLOUD_PROJECT: 'demo-parley' },
  },
});
