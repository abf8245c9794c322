import { defineConfig } from 'vitest/config';
import { isolatedWebTests, webTestBase } from './vitest.shared';

// Most web tests render a component with callables answered in-process: one worker runs them in one environment
// with one module graph, since a fresh happy-dom and a fresh import of React, Mantine and Firebase for each file cost
// three times the CPU of the tests themselves. setup.ts unmounts, clears the page, storage, toasts and callables
// after every test. Files that need modules of their own run in vitest.isolated.config.ts.
export default defineConfig({
  ...webTestBase,
  test: {
    ...webTestBase.test,
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: isolatedWebTests,
    isolate: false,
  },
});
