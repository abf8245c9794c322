import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'e2e-local', root: import.meta.dirname, include: ['journeys/agent-builder.test.ts'], testTimeout: 90_000, hookTimeout: 60_000,
    fileParallelism: false, maxWorkers: 1,
    provide: { appUrl: 'http://127.0.0.1:5000', demo: { email: 'demo@parley.dev', password: 'parley-demo-2026', agentTitle: 'Parley Demo Agent' }, mailboxUrl: null },
  },
});
