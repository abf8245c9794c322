import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'rules',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 20000,
    // A world's set-up signs in every role (owner, members, clients, agency admins) and seeds its documents: more than
    // vitest's 10 s default on a busy machine.
    hookTimeout: 60000,
    // Each file gets its own demo project on the run's shared Firestore emulator.
    // A worker runs many files and loads the npm packages once; fresh-file.ts gives each file fresh modules.
    setupFiles: ['@parley/local/testing/fresh-file', '@parley/local/testing/per-file-project'],
    sequence: { setupFiles: 'list' },
    isolate: false,
    // Run from this folder, the workspace starts the emulator itself (under the root config, the root's serves).
    globalSetup: ['@parley/local/testing/standalone-global-setup'],
  },
});
