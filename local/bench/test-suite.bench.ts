/**
 * The whole `npm test` (unit, integration, rules and browser journeys) ≤ 12 min on this machine's 2 cores.
 * Runs the real command, so it takes as long as the suite does.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figure, printFigures } from './figure';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const started = Date.now();
const code = await new Promise<number | null>((resolve) => {
  const child = spawn('npm', ['test'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  child.once('exit', resolve);
});
const minutes = Number(((Date.now() - started) / 60_000).toFixed(2));
const result = figure('whole npm test', minutes, 'min', 12, code === 0 ? 'green' : `exit ${code}: the suite failed`);
printFigures([result]);
process.exit(result.pass && code === 0 ? 0 : 1);
