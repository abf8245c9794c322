/**
 * `npm start` budget: a cold start with builds cached (fresh data folder, so every emulator boots and the demo
 * is seeded) is ready in ≤ 30 s. Needs the stack's fixed ports free (stop a running `npm start` first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from '../stack/builds';
import { startStack } from '../stack/stack';
import { figure, printFigures } from './figure';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

// Builds first, so the timed start finds them cached as a developer's second `npm start` does.
await buildStale(root, () => undefined, ['core', 'functions', 'widget', 'web']);
const dataDir = mkdtempSync(join(tmpdir(), 'parley-stack-bench-'));
const started = Date.now();
const stack = await startStack({ root, dataDir });
const coldMs = Date.now() - started;
await stack.stop();
const steps = Object.entries(stack.timings).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ');

const warmStarted = Date.now();
const again = await startStack({ root, dataDir });
const warmMs = Date.now() - warmStarted;
await again.stop();
rmSync(dataDir, { recursive: true, force: true });

const figures = [
  figure('npm start, cold (builds cached, no data)', Number((coldMs / 1000).toFixed(1)), 's', 30, steps),
  figure('npm start, again with its data', Number((warmMs / 1000).toFixed(1)), 's', 30, 'imports both databases and the Auth users'),
];
printFigures(figures);
process.exit(figures.every((f) => f.pass) ? 0 : 1);
