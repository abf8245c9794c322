import { defineConfig } from 'vitest/config';

// One root config: every workspace's *.test.ts(x) runs from `npm run test:unit`.
// Browser journeys (e2e/) run separately after a build.
export default defineConfig({
  test: {
    projects: ['core', 'local', 'functions', 'web', 'widget'],
  },
});
