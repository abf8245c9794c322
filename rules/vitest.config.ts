import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'rules',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 20000,
    // Each file gets its own demo project on the run's shared Firestore emulator.
    setupFiles: ['@parley/local/testing/per-file-project'],
    // Run from this folder, the workspace starts the emulator itself (under the root config, the root's serves).
    globalSetup: ['@parley/local/testing/standalone-global-setup'],
  },
});
