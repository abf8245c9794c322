/**
 * Dashboard budgets, measured in headless Chromium against the production build:
 *  - JavaScript downloaded for the first route (/login, and the landing page /) ≤ 200 KB gzip, its files listed with
 *    their sizes (the signed-in shell, Firebase, Stripe and the contracts come after sign-in);
 *  - first contentful paint of /login ≤ 1 s, and the Sign in button visible ≤ 600 ms (median of 5 cold loads; times
 *    taken in the page from the navigation's start).
 * (dashboard-load.bench.ts measures the Sign in button on the whole local stack, with the same budget.)
 * Uses the running local stack when PARLEY_URL is set (e.g. http://127.0.0.1:5000), else serves a fresh
 * build of the current source itself (in the temp dir, leaving web/dist alone). `npx tsx web/bench/web.bench.ts`
 * prints the figures; `runWebBench()` returns them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, BENCH_CHROMIUM_PATH } from '@parley/local/chromium';
import { figure, logFigures, type BenchFigure } from './figure';
import { median, shownAt, SIGN_IN_SHOWN, watchFor } from './page-timing';
import { LOCAL_CONFIG } from './local-config';
import { serveDist } from './static-server';


const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
/** What the running stack serves (with PARLEY_URL). */
const stackDist = join(webDir, 'dist');
/** Our own build of the current source, apart from web/dist so a running stack keeps its files. */
const benchDist = join(tmpdir(), 'parley-web-bench-dist');
const JS_BUDGET_KB = 200;
const PAINT_BUDGET_MS = 1000;
const SIGN_IN_BUDGET_MS = 600;
const RUNS = 5;



const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** gzip size of every JS file a cold load of `path` downloads, in all and per file (largest first). */
async function firstRouteJs(browser: Browser, base: string, path: string, dist: string): Promise<{ kb: number; files: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('.js') && url.pathname.startsWith('/assets/')) scripts.add(url.pathname);
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await context.close();
  const sizes = [...scripts].map((script) => {
    const local = join(dist, script);
    // Sizes from the build output (the same files the server sent).
    return { name: script.replace('/assets/', ''), bytes: existsSync(local) ? gzipSync(readFileSync(local), { level: 9 }).length : 0 };
  });
  sizes.sort((a, b) => b.bytes - a.bytes);
  return { kb: kb(sizes.reduce((sum, f) => sum + f.bytes, 0)), files: sizes.map((f) => `${f.name} ${kb(f.bytes)} KB`) };
}

async function loginPaint(browser: Browser, base: string): Promise<{ fcp: number; signIn: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await watchFor(page, SIGN_IN_SHOWN);
  await page.goto(`${base}/login`);
  const signIn = await shownAt(page);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
  await context.close();
  return { fcp: Math.round(fcp), signIn };
}

export async function runWebBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const external = process.env.PARLEY_URL;
  // Always from the current source: a dist left by an older build once measured stale bundles (+65 KB).
  if (!external) execFileSync('npx', ['vite', 'build', '--outDir', benchDist, '--emptyOutDir'], { cwd: webDir, stdio: 'ignore' });
  const dist = external ? stackDist : benchDist;
  const site = external ? null : await serveDist({ dist, config: LOCAL_CONFIG });
  const base = external ?? site!.url;
  const browser = await chromium.launch({ executablePath: BENCH_CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const figures: BenchFigure[] = [];
  try {
    for (const path of ['/login', '/']) {
      const js = await firstRouteJs(browser, base, path, dist);
      figures.push(figure(`JavaScript for the first route ${path} (gzip)`, js.kb, 'KB', JS_BUDGET_KB, `${js.files.length} files: ${js.files.join(', ')}`));
    }
    await loginPaint(browser, base); // warm the server's file cache, not the browser's (new context per run)
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await loginPaint(browser, base));
    const fcp = median(runs.map((r) => r.fcp));
    const signIn = median(runs.map((r) => r.signIn));
    figures.push({ ...figure('/login first contentful paint (median)', fcp, 'ms', PAINT_BUDGET_MS, `runs: ${runs.map((r) => r.fcp).join(', ')}`), pass: fcp >= 0 && fcp <= PAINT_BUDGET_MS });
    figures.push(figure('/login Sign in button visible (median)', signIn, 'ms', SIGN_IN_BUDGET_MS, `runs: ${runs.map((r) => r.signIn).join(', ')}`));
    logFigures(figures, log);
    return figures;
  } finally {
    await browser.close();
    await site?.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await runWebBench();
  process.exit(figures.every((f) => f.pass) ? 0 : 1);
}
