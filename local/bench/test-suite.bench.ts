/**
 * The whole `npm test` (unit, integration and rules beside the browser journeys) ≤ 10 min of wall time on this
 * machine's 2 cores, and the five slowest test files. Runs `npm test` itself, with a reporter that records each file's
 * time beside the usual output, so it takes as long as the suite does. Run it alone on the machine (another stack or
 * suite beside it inflates every figure).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figure, printFigures, type BenchFigure } from './figure';
import { readSlowestFiles } from './suite-report';
import type { TestSummary } from '../testing/test-all';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const reports = mkdtempSync(join(tmpdir(), 'parley-suite-bench-'));
const timesFile = join(reports, 'file-times.jsonl');
const summaryFile = join(reports, 'summary.json');

function npm(args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PARLEY_FILE_TIMES: timesFile, PARLEY_TEST_SUMMARY: summaryFile } });
    child.once('exit', resolve);
  });
}
const withTimes = ['--', '--reporter=default', `--reporter=${join(root, 'local/bench/file-times-reporter.ts')}`];
const minutesSince = (started: number) => Number(((Date.now() - started) / 60_000).toFixed(2));

const started = Date.now();
const code = await npm(['test', ...withTimes]);
const total = minutesSince(started);
const halves: Partial<TestSummary> = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as TestSummary) : {};
const unitCode = halves.unit?.code ?? null;
const e2eCode = halves.e2e?.code ?? null;
const unitMinutes = Number(((halves.unit?.seconds ?? 0) / 60).toFixed(2));
const e2eMinutes = Number(((halves.e2e?.seconds ?? 0) / 60).toFixed(2));

const files = readSlowestFiles(timesFile, root);
const journeys = files.filter((f) => f.file.startsWith('e2e/'));
const others = files.filter((f) => !f.file.startsWith('e2e/'));
const importMinutes = Number((others.reduce((sum, f) => sum + f.importSeconds, 0) / 60).toFixed(2));
rmSync(reports, { recursive: true, force: true });

const verdict = unitCode !== 0 ? `unit/integration/rules exit ${unitCode}: the suite failed` : e2eCode !== 0 ? `journeys exit ${e2eCode}: the suite failed` : code !== 0 ? `npm test exit ${code}` : 'green';
const results: BenchFigure[] = [
  figure('whole npm test', total, 'min', 10, verdict),
  { name: 'unit, integration and rules (vitest run, beside the journeys)', value: unitMinutes, unit: 'min', detail: `${others.length} files, ${importMinutes} min of imports summed over them` },
  { name: 'browser journeys (e2e, stack start included)', value: e2eMinutes, unit: 'min', detail: `${journeys.length} files` },
  ...files.slice(0, 5).map((f, i) => ({ name: `slowest file ${i + 1}: ${f.file}`, value: f.seconds, unit: 's' as const, detail: `${f.importSeconds} s of imports, ${f.state}` })),
];
printFigures(results);
process.exit(results[0]!.pass && code === 0 ? 0 : 1);
