import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'functions', include: ['**/*.test.ts', '**/*.test.tsx'], exclude: ['**/node_modules/**', '**/lib/**', '**/dist/**'], testTimeout: 20000,
    // Set-up starts stand-ins and seeds the emulator: on a busy machine that outlasts vitest's 10 s default.
    hookTimeout: 60000,
    // Each file gets its own demo project on the run's shared Firestore emulator.
    // A worker runs many files and loads the npm packages once; fresh-file.ts gives each file fresh modules.
    setupFiles: ['@parley/local/testing/fresh-file', '@parley/local/testing/per-file-project'],
    sequence: { setupFiles: 'list' },
    isolate: false,
    // Run from this folder, the workspace starts the emulator itself (under the root config, the root's serves).
    globalSetup: ['@parley/local/testing/standalone-global-setup'],
    // firebase-admin must never probe the GCE metadata server (off-machine traffic) in tests.
    env: { METADATA_SERVER_DETECTION: 'none' } },
});
