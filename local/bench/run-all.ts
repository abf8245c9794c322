/**
 * `npm run bench`: runs every benchmark script and prints its figures, then a summary.
 * Benchmarks are files named bench/*.bench.ts in any workspace, plus the registry below.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_CHROMIUM_PACKAGE, BENCH_CHROMIUM_PATH, ensureChromium } from '../chromium';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Benchmarks whose file name does not follow bench/*.bench.ts. */
export const REGISTERED: string[] = [];

const SKIP = new Set(['node_modules', 'dist', 'lib', '.git', '.data', 'coverage']);

export function findBenchmarks(dir = root, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name) && !entry.name.startsWith('.')) findBenchmarks(join(dir, entry.name), found);
    } else if (entry.name.endsWith('.bench.ts') && dirname(join(dir, entry.name)).endsWith(`${'/'}bench`)) {
      found.push(relative(root, join(dir, entry.name)));
    }
  }
  return found;
}

function run(file: string): Promise<{ file: string; code: number | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    console.log(`\n=== ${file} ===`);
    // --expose-gc: benches collect garbage left by their setup before they time anything.
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(root, file)], { cwd: root, stdio: 'inherit' });
    child.on('close', (code) => resolve({ file, code, ms: Date.now() - started }));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // The web benches time pages in the full Chromium, as a visitor's browser paints them (npm test installs only the
  // headless shell the journeys run).
  const browser = ensureChromium(BENCH_CHROMIUM_PATH, Boolean(process.env.PARLEY_CHROMIUM), undefined, { packageName: BENCH_CHROMIUM_PACKAGE, rerun: 'npm run bench' });
  if (browser.status === 'missing') {
    console.error(browser.message);
    process.exit(1);
  }
  if (browser.status === 'installed') console.log(`Installed Debian's ${BENCH_CHROMIUM_PACKAGE} (${browser.path}) for the web benches.`);
  const files = [...new Set([...REGISTERED.filter((f) => existsSync(join(root, f))), ...findBenchmarks()])].sort();
  const missing = REGISTERED.filter((f) => !existsSync(join(root, f)));
  if (files.length === 0) console.log('No benchmarks found.');
  const results = [];
  for (const file of files) results.push(await run(file));
  console.log('\n=== summary ===');
  for (const r of results) console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.file} (${(r.ms / 1000).toFixed(1)} s)`);
  for (const f of missing) console.log(`missing ${f} (registered but not written yet)`);
  process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
}
