// Setup of every journey file: a test fails when a screen it showed has a serious or critical WCAG 2.1 A/AA
// violation (axe-core), so every screen, present and future, is checked without a line in the journeys.
import { afterEach } from 'vitest';
import { takeAccessibilityFindings } from './browser';

afterEach(async () => {
  const found = await takeAccessibilityFindings();
  if (found.length > 0) {
    throw new Error(`axe-core found ${found.length} serious or critical accessibility violation(s) (WCAG 2.1 A/AA):\n  ${found.join('\n  ')}`);
  }
});
