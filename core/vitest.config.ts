import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'core', include: ['**/*.test.ts', '**/*.test.tsx'], exclude: ['**/node_modules/**', '**/lib/**', '**/dist/**'], testTimeout: 20000,
    // Core is pure functions (no module state, mocks, timers or environment), so its files share one module graph per
    // worker instead of importing zod and the contracts again for each file.
    isolate: false,
  },
});
