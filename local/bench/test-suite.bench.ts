/**
 * The whole `npm test` (unit, integration, rules, then the browser journeys) ≤ 10 min of wall time on this machine's
 * 2 cores, and the five slowest test files. Runs the same two commands as `npm test`, in the same order, with a
 * reporter that records each file's time beside the usual output, so it takes as long as the suite does. Run it alone
 * on the machine (another stack or suite beside it inflates every figure).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figure, printFigures, type BenchFigure } from './figure';
import { readSlowestFiles } from './suite-report';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const reports = mkdtempSync(join(tmpdir(), 'parley-suite-bench-'));
const timesFile = join(reports, 'file-times.jsonl');

function npm(args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PARLEY_FILE_TIMES: timesFile } });
    child.once('exit', resolve);
  });
}
const withTimes = ['--', '--reporter=default', `--reporter=${join(root, 'local/bench/file-times-reporter.ts')}`];
const minutesSince = (started: number) => Number(((Date.now() - started) / 60_000).toFixed(2));

const started = Date.now();
const unitCode = await npm(['run', 'test:unit', ...withTimes]);
const unitMinutes = minutesSince(started);
// As `npm test` does (test:unit && test:e2e), the journeys run only when the rest passed.
const e2eStarted = Date.now();
const e2eCode = unitCode === 0 ? await npm(['test', '-w', 'e2e', ...withTimes]) : null;
const e2eMinutes = minutesSince(e2eStarted);
const total = minutesSince(started);

const files = readSlowestFiles(timesFile, root);
const journeys = files.filter((f) => f.file.startsWith('e2e/'));
const others = files.filter((f) => !f.file.startsWith('e2e/'));
const importMinutes = Number((others.reduce((sum, f) => sum + f.importSeconds, 0) / 60).toFixed(2));
rmSync(reports, { recursive: true, force: true });

const verdict = unitCode !== 0 ? `unit/integration/rules exit ${unitCode}: the suite failed` : e2eCode !== 0 ? `journeys exit ${e2eCode}: the suite failed` : 'green';
const results: BenchFigure[] = [
  figure('whole npm test', total, 'min', 10, verdict),
  { name: 'unit, integration and rules (vitest run)', value: unitMinutes, unit: 'min', detail: `${others.length} files, ${importMinutes} min of imports summed over them` },
  { name: 'browser journeys (npm test -w e2e, stack start included)', value: e2eMinutes, unit: 'min', detail: `${journeys.length} files` },
  ...files.slice(0, 5).map((f, i) => ({ name: `slowest file ${i + 1}: ${f.file}`, value: f.seconds, unit: 's' as const, detail: `${f.importSeconds} s of imports, ${f.state}` })),
];
printFigures(results);
process.exit(results[0]!.pass && unitCode === 0 && e2eCode === 0 ? 0 : 1);
