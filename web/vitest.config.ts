import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Live views reach the Firestore emulator over WebChannel, as in a browser. The SDK's Node build would speak gRPC,
// and the emulator now and then corrupts a gRPC Listen stream under load ("RESOURCE_EXHAUSTED: Received message
// larger than max"), after which the SDK backs off for a minute and every later listener in the file waits.
// So the SDK's browser build is used: `firebase/*` is bundled by Vite (not loaded by Node) so that the alias applies,
// and so are reactfire and rxfire, whose listeners must reach that same build (one Firestore module, not two).
const firestoreBrowserBuild = fileURLToPath(new URL('../node_modules/@firebase/firestore/dist/index.esm.js', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [{ find: /^@firebase\/firestore$/, replacement: firestoreBrowserBuild }] },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['@parley/local/testing/standalone-global-setup'],
    testTimeout: 15000,
    server: { deps: { inline: [/node_modules\/firebase\//, /node_modules\/reactfire\//, /node_modules\/rxfire\//] } },
  },
});
