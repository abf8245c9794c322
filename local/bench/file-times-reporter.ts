/**
 * A vitest reporter for the test-suite bench: each test file's own time (environment, set-up, imports and tests, as
 * vitest's summary adds them) and its import time, written as JSON to the file PARLEY_FILE_TIMES names.
 */
import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import type { FileTime } from './suite-report';

export default class FileTimesReporter implements Reporter {
  onTestModuleEnd(module: TestModule): void {
    const target = process.env.PARLEY_FILE_TIMES;
    if (!target) return;
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    const row: FileTime = { file: module.moduleId, seconds: ms / 1000, importSeconds: d.collectDuration / 1000, state: module.state() };
    // One line per file: the unit run and the journeys append to the same file.
    appendFileSync(target, `${JSON.stringify(row)}\n`);
  }
}
