import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteUserConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));

// Live views reach the Firestore emulator over WebChannel, as in a browser. The SDK's Node build would speak gRPC,
// and the emulator now and then corrupts a gRPC Listen stream under load ("RESOURCE_EXHAUSTED: Received message
// larger than max"), after which the SDK backs off for a minute and every later listener in the file waits.
// So the SDK's browser build is used: `firebase/*` is bundled by Vite (not loaded by Node) so that the alias applies,
// and so are reactfire and rxfire, whose listeners must reach that same build (one Firestore module, not two).
const firestoreBrowserBuild = fileURLToPath(new URL('../node_modules/@firebase/firestore/dist/index.esm.js', import.meta.url));

/** What both web projects share: React, happy-dom, the Firestore alias, the setup file. */
export const webTestBase = {
  plugins: [react()],
  resolve: { alias: [{ find: /^@firebase\/firestore$/, replacement: firestoreBrowserBuild }] },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['@parley/local/testing/standalone-global-setup'],
    // A file's first render loads the SDKs and Mantine into a fresh DOM: seconds on a busy 2-core machine.
    testTimeout: 30000,
    server: { deps: { inline: [/node_modules\/firebase\//, /node_modules\/reactfire\//, /node_modules\/rxfire\//] } },
  },
} satisfies ViteUserConfig;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(here, path)] : [];
  });
}

// A file that replaces modules (vi.mock, vi.unmock, vi.doMock) needs a module graph of its own. The rest share one
// per worker (vitest.config.ts), those on the Firestore emulator too: each makes the app's Firebase app again for its
// own project (src/test/emulator.ts).
const OWN_MODULES = /\bvi\.(?:mock|unmock|doMock)\(/;

/** The web test files that run in a module graph of their own, read from their source. */
export const isolatedWebTests = testFiles(join(here, 'src')).filter((file) => OWN_MODULES.test(readFileSync(join(here, file), 'utf8')));
