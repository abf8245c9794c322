// Setup of every journey file: every screen a test showed is checked with axe-core (WCAG 2.1 A/AA). Its serious or
// critical findings are printed after the test; PARLEY_E2E_AXE=strict makes them fail it. Strict is not the default
// yet: some dashboard screens still have findings to fix, and a journey must keep proving its own behaviour meanwhile.
import { afterEach } from 'vitest';
import { takeAccessibilityFindings } from './browser';

const strict = process.env.PARLEY_E2E_AXE === 'strict';

afterEach(async (context) => {
  const found = await takeAccessibilityFindings();
  if (found.length === 0) return;
  const report = `axe-core found ${found.length} serious or critical accessibility violation(s) (WCAG 2.1 A/AA) in "${context.task.name}":\n  ${found.join('\n  ')}`;
  if (strict) throw new Error(report);
  process.stdout.write(`[axe] ${report}\n`);
});
