/**
 * `npm test`: the unit, integration and rules suites (the root vitest config) and the browser journeys (e2e/), side
 * by side. Each half alone leaves a core idle much of the time: the unit files wait on their Firestore emulator, a
 * journey waits on the stack's functions and on Chromium. Run together they keep both cores busy, and the whole takes
 * little more than the journeys alone. They share nothing: the unit tests start their own emulator on free ports,
 * the journeys the whole stack on its fixed ports.
 *
 * Every line is prefixed with its half ([unit] or [e2e]); the exit code is non-zero when either half failed.
 * PARLEY_TEST_SERIAL=1 runs the halves one after the other, each printing as it goes (for reading one half's output).
 * Arguments after `npm test --` go to both vitest runs (a reporter, say); PARLEY_TEST_SUMMARY=<file> writes each
 * half's exit code and seconds there as JSON (the suite bench reads it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, ensureChromium } from '../chromium';

const root = fileURLToPath(new URL('../..', import.meta.url));
const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

interface Half {
  name: 'unit' | 'e2e';
  args: string[];
  cwd: string;
  /**
   * Side by side, the unit half runs at a lower priority (nice, inherited by its workers and its emulator): the
   * journeys wait on Chromium and the stack, whose pauses are what the unit files fill, while a journey's own steps
   * (a cold function, a page's render) keep the cores they need within their waits.
   */
  nice: number;
}

const extra = process.argv.slice(2);
const HALVES: Half[] = [
  { name: 'unit', args: [vitest, 'run', ...extra], cwd: root, nice: 10 },
  { name: 'e2e', args: [vitest, 'run', '--config', 'vitest.config.ts', ...extra], cwd: fileURLToPath(new URL('../../e2e', import.meta.url)), nice: 0 },
];

export interface TestSummary {
  unit: { code: number; seconds: number };
  e2e: { code: number; seconds: number };
}
const summary: Partial<TestSummary> = {};

const running = new Set<ChildProcess>();

function prefixLines(stream: NodeJS.ReadableStream, prefix: string, out: NodeJS.WriteStream): void {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${prefix}${line}\n`));
}

/** Runs one half to its end; resolves with its exit code (a signal counts as a failure). */
function run(half: Half, prefixed: boolean): Promise<number> {
  const started = Date.now();
  // `nice` (coreutils) runs node in its place, so the child is node itself and signals reach it.
  const [command, args] = prefixed && half.nice > 0 ? ['nice', ['-n', String(half.nice), process.execPath, ...half.args]] : [process.execPath, half.args];
  const child = spawn(command, args, {
    cwd: half.cwd,
    stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    // Piped output is not a terminal, so vitest would drop its colours; keep them when ours is one.
    env: { ...process.env, ...(prefixed && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
  });
  running.add(child);
  if (prefixed) {
    prefixLines(child.stdout!, `[${half.name}] `, process.stdout);
    prefixLines(child.stderr!, `[${half.name}] `, process.stderr);
  }
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      summary[half.name] = { code: code ?? 1, seconds };
      process.stdout.write(`[${half.name}] ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      resolve(code ?? 1);
    });
  });
}

// Ctrl-C or a CI timeout reaches every half, so the journeys' stack stops its emulators.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
  });
}

const chromium = ensureChromium(CHROMIUM_PATH, Boolean(process.env.PARLEY_CHROMIUM));
if (chromium.status === 'missing') {
  console.error(chromium.message);
  process.exit(1);
}
if (chromium.status === 'installed') console.log(`Installed Debian's ${CHROMIUM_PACKAGE} (${chromium.path}) for the browser journeys.`);

const started = Date.now();
const codes: number[] = [];
if (process.env.PARLEY_TEST_SERIAL === '1') {
  for (const half of HALVES) codes.push(await run(half, false));
} else {
  codes.push(...(await Promise.all(HALVES.map((half) => run(half, true)))));
}
if (process.env.PARLEY_TEST_SUMMARY) writeFileSync(process.env.PARLEY_TEST_SUMMARY, JSON.stringify(summary));
const failed = HALVES.filter((_, i) => codes[i] !== 0).map((h) => h.name);
console.log(`npm test: ${failed.length === 0 ? 'every suite passed' : `${failed.join(' and ')} failed`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed.length === 0 ? 0 : 1);
