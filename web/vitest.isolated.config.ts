import { defineConfig } from 'vitest/config';
import { isolatedWebTests, webTestBase } from './vitest.shared';

// The web tests that replace modules or reach the Firestore emulator: each file gets fresh modules (vitest.shared.ts).
export default defineConfig({
  ...webTestBase,
  test: { ...webTestBase.test, name: 'web-isolated', include: isolatedWebTests },
});
