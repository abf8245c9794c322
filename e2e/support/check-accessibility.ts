// Setup of every journey file: every screen a test showed is checked with axe-core (WCAG 2.1 A/AA), and a serious or
// critical finding fails the test that showed it, naming the rule and the elements.
import { afterEach, beforeEach } from 'vitest';
import { describeOpenSessions, takeAccessibilityFindings } from './browser';

// A failed test says what each open page was doing, so a click that waited for ever can be told from a slow stack.
beforeEach((context) => {
  context.onTestFailed(async () => {
    const pages = await describeOpenSessions();
    if (pages.length > 0) console.error(`open pages after "${context.task.name}" failed:\n  ${pages.join('\n  ')}`);
  });
});

afterEach(async (context) => {
  const found = await takeAccessibilityFindings();
  if (found.length === 0) return;
  throw new Error(`axe-core found ${found.length} serious or critical accessibility violation(s) (WCAG 2.1 A/AA) in "${context.task.name}":\n  ${found.join('\n  ')}`);
});
