import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    name: 'widget',
    environment: 'happy-dom',
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', '**/lib/**', '**/dist/**'],
    testTimeout: 20000,
    // The files share a worker's modules and page (none replaces a module, and they pass in any order:
    // `--sequence.shuffle`): a fresh happy-dom and Preact per file cost twice the tests' own CPU.
    isolate: false,
  },
});
