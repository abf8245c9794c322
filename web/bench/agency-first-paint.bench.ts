/**
 * Agency-host first paint, measured in headless Chromium against a production build of the current source:
 *  - frames that show platform branding before and at the first contentful paint on http://acme.localhost/
 *    (the page title, the favicon, visible text, links): budget 0 — the first paint is already the agency's;
 *  - the first painted frame carries the agency's name in the title and on the page: budget 0 frames without it;
 *  - requests the first paint waited for beyond the app's own files (HTML, /assets, /parley-config.js):
 *    budget ≤ 1, the one branding lookup;
 *  - first contentful paint of the agency host's root (median of 5 cold loads), beside the budget of /login.
 * A small server serves the build with the SPA fallback and answers GET /public/agency-by-host with the contract's
 * public branding for acme.localhost (404 for any other host), 40 ms late like a CDN round trip.
 * `npx tsx web/bench/agency-first-paint.bench.ts` prints the figures.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { agencyApi } from '@parley/core';
import { CHROMIUM_ARGS, BENCH_CHROMIUM_PATH } from '@parley/local/chromium';
import { figure, logFigures, type BenchFigure } from './figure';
import { LOCAL_CONFIG } from './local-config';
import { median } from './page-timing';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(tmpdir(), 'parley-agency-bench-dist');
const RUNS = 5;
const PAINT_BUDGET_MS = 1000;
const BRANDING_REQUESTS_BUDGET = 1;
const BRANDING_DELAY_MS = 40;


/** What the endpoint answers for acme.localhost: checked against the contract, so the bench and the API agree. */
const BRANDING = agencyApi.publicBrandingSchema.parse({
  name: 'Acme', brandingText: 'Welcome to **Acme**', googleFont: 'inherit', themeColorUsage: 'colorful', themeVariant: 'bordered',
  customThemeJSONString: JSON.stringify({ primary: '#e8590c' }), disablePasswordLogin: false, showPoweredBy: false, region: 'na',
  host: 'acme.localhost', hostType: 'subdomain', tosPage: 'https://acme.example/terms', privacyPolicypPage: 'https://acme.example/privacy',
});

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };

async function serve(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname === '/parley-config.js') {
      res.writeHead(200, { 'content-type': TYPES['.js']!, 'cache-control': 'no-cache' });
      res.end(`window.__PARLEY_CONFIG__ = ${JSON.stringify(LOCAL_CONFIG)};`);
      return;
    }
    if (url.pathname === '/public/agency-by-host') {
      const known = url.searchParams.get('host') === 'acme.localhost';
      setTimeout(() => {
        res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify(known ? BRANDING : { success: false, error: 'This domain is not connected.' }));
      }, BRANDING_DELAY_MS);
      return;
    }
    if (url.pathname.startsWith('/public/') || url.pathname.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"success":false,"error":"not here"}');
      return;
    }
    const file = normalize(join(dist, url.pathname));
    const target = file.startsWith(dist) && existsSync(file) && statSync(file).isFile() ? file : join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(() => r())) };
}

/** Runs in the page before its own scripts: what every frame shows until well after the first paint. */
const FRAME_WATCH = `(() => {
  const frames = [];
  window.__frames = frames;
  const shot = () => {
    const body = document.body;
    const visible = !!body && getComputedStyle(body).visibility !== 'hidden' && body.innerText.trim().length > 0;
    const text = visible ? body.innerText : '';
    const links = visible ? [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')) : [];
    const icons = [...document.querySelectorAll('link[rel~=icon]')].map((l) => l.getAttribute('href') || '');
    const all = [document.title, text, ...links, ...icons].join(' ').toLowerCase();
    frames.push({ t: performance.now(), visible, platform: all.includes('parley'), branded: document.title === 'Acme' && text.includes('Acme') });
    if (performance.now() < 5000) requestAnimationFrame(shot);
  };
  requestAnimationFrame(shot);
})()`;

interface Frame { t: number; visible: boolean; platform: boolean; branded: boolean }

async function agencyLoad(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(FRAME_WATCH);
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 30_000 });
  await page.waitForTimeout(300);
  // A string, not a function: the bench's transpiler would wrap named helpers in code the page does not have.
  const result = (await page.evaluate(`(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0].startTime;
    const own = (u) => u.origin === location.origin && (u.pathname === '/' || u.pathname.startsWith('/assets/') || u.pathname === '/parley-config.js');
    // Images never hold the first paint back; what the page fetched, or loaded as script or style, does.
    const before = performance.getEntriesByType('resource')
      .filter((r) => r.startTime < fcp && !own(new URL(r.name)) && r.initiatorType !== 'img')
      .map((r) => new URL(r.name).pathname);
    return { fcp, frames: window.__frames, before };
  })()`)) as { fcp: number; frames: Frame[]; before: string[] };
  await context.close();
  const upToPaint = result.frames.filter((f) => f.t <= result.fcp + 20);
  const firstVisible = result.frames.find((f) => f.visible);
  return {
    fcp: Math.round(result.fcp),
    platformFrames: upToPaint.filter((f) => f.platform).length,
    unbrandedFirstPaint: firstVisible && firstVisible.branded && !firstVisible.platform ? 0 : 1,
    requests: result.before,
  };
}

export async function runAgencyFirstPaintBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], { cwd: webDir, stdio: 'ignore' });
  const site = await serve();
  // *.localhost names go to this machine, as they do for a browser on a developer's machine.
  const browser = await chromium.launch({ executablePath: BENCH_CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.localhost 127.0.0.1'] });
  try {
    const url = `http://acme.localhost:${site.port}/`;
    await agencyLoad(browser, url); // warms the server's file cache, not the browser's (a new context per run)
    const runs: Awaited<ReturnType<typeof agencyLoad>>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await agencyLoad(browser, url));
    const worst = <K extends 'platformFrames' | 'unbrandedFirstPaint'>(k: K) => Math.max(...runs.map((r) => r[k]));
    const requests = Math.max(...runs.map((r) => r.requests.length));
    const figures: BenchFigure[] = [
      figure('Agency host: frames showing platform branding up to the first paint (worst run)', worst('platformFrames'), 'frames', 0),
      figure('Agency host: first painted frame without the agency’s name and title (worst run)', worst('unbrandedFirstPaint'), 'frames', 0),
      figure('Agency host: requests the first paint waited for beyond the app’s files (worst run)', requests, 'requests', BRANDING_REQUESTS_BUDGET,
        [...new Set(runs.flatMap((r) => r.requests))].join(', ') || 'none'),
      figure('Agency host: first contentful paint of / (median)', median(runs.map((r) => r.fcp)), 'ms', PAINT_BUDGET_MS, `runs: ${runs.map((r) => r.fcp).join(', ')}`),
    ];
    const unknown = await agencyLoad(browser, `http://nowhere.localhost:${site.port}/`);
    figures.push(figure('Unknown host: frames showing platform branding up to the first paint', unknown.platformFrames, 'frames', 0));
    logFigures(figures, log);
    return figures;
  } finally {
    await browser.close();
    await site.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await runAgencyFirstPaintBench();
  process.exit(figures.every((f) => f.pass) ? 0 : 1);
}
