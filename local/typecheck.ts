/**
 * `npm run typecheck`: tsc --noEmit over every workspace that has a tsconfig.json, two at a time
 * (the machine has two cores). Exits non-zero if any workspace has type errors.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const workspaces = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces.filter((ws) =>
  existsSync(join(root, ws, 'tsconfig.json')),
);

function check(ws: string): Promise<{ ws: string; ok: boolean; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', join(root, ws, 'tsconfig.json'), '--noEmit', '--pretty', 'false'], { cwd: root });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => resolve({ ws, ok: code === 0, output, ms: Date.now() - started }));
  });
}

const queue = [...workspaces];
const results: Awaited<ReturnType<typeof check>>[] = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let ws = queue.shift(); ws; ws = queue.shift()) {
      const result = await check(ws);
      results.push(result);
      console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${ws} (${(result.ms / 1000).toFixed(1)} s)`);
      if (!result.ok) console.log(result.output.trim().split('\n').slice(0, 60).join('\n'));
    }
  }),
);
const failed = results.filter((r) => !r.ok).map((r) => r.ws);
console.log(failed.length ? `typecheck failed in: ${failed.join(', ')}` : `typecheck passed (${results.length} workspaces)`);
process.exit(failed.length ? 1 : 0);
