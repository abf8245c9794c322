import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'functions', include: ['**/*.test.ts', '**/*.test.tsx'], exclude: ['**/node_modules/**', '**/lib/**', '**/dist/**'], testTimeout: 20000 },
});
