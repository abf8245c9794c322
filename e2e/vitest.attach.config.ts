// TEMPORARY: run journeys against an already running stack (deleted after use).
import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'e2e-attach',
    root: import.meta.dirname,
    include: ['journeys/workspace-shell.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    provide: { appUrl: 'http://127.0.0.1:5000', demo: { email: 'demo@parley.dev', password: 'parley-demo-2026', agentTitle: 'Parley Demo Agent' }, mailboxUrl: 'http://127.0.0.1:9401/' },
  },
});
