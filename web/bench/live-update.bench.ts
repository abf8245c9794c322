/**
 * Live update budget: a write (firebase-admin, as the functions make them) reaches the dashboard's listener
 * in another client — headless Chromium running the app's own live path (reactfire's document stream, rxfire's docData, on
 * src/lib/live-firebase.tsx's database: the full SDK over WebChannel) — in ≤ 150 ms at the median of 30 writes (after 3 warm-up writes).
 * Self-contained: its own Google Firestore emulator (open rules, free port) and a page bundled from the
 * app's source. `npx tsx web/bench/live-update.bench.ts`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, BENCH_CHROMIUM_PATH } from '@parley/local/chromium';
import { startScratchEmulator } from '@parley/local/testing';
import { figure as benchFigure, logFigures, type BenchFigure } from './figure';


const BUDGET_MS = 150;
const WRITES = 30;
const WARM_UP = 3;
const PROJECT = 'demo-parley-live-bench';
const benchDir = dirname(fileURLToPath(import.meta.url));

/** The page's script: the app's doc listener on bench/live, reporting each `seq` it sees to the bench. */
const ENTRY = `
import { doc } from 'firebase/firestore';
import { docData } from 'rxfire/firestore';
import { liveDb } from '../src/lib/live-firebase';
const report = window as unknown as { __snapshot(seq: number): void; __failed(message: string): void };
docData(doc(liveDb('na'), 'bench/live')).subscribe({
  next: (data) => report.__snapshot(data ? Number(data.seq) : -1),
  error: (error) => report.__failed(String(error)),
});
`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export async function runLiveUpdateBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const emulator = await startScratchEmulator(PROJECT);
  const [host, port] = emulator.hostPort.split(':');
  const admin = initializeApp({ projectId: PROJECT }, 'live-update-bench');
  const db = getFirestore(admin);
  const ref = db.doc('bench/live');
  await ref.set({ seq: 0 });

  const bundle = await build({
    stdin: { contents: ENTRY, loader: 'ts', resolveDir: benchDir },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const config = {
    firebase: { apiKey: 'demo-api-key', authDomain: `${PROJECT}.firebaseapp.com`, projectId: PROJECT },
    emulators: { auth: 'http://127.0.0.1:9099', firestore: { host, port: Number(port) }, functions: { host: '127.0.0.1', port: 5001 } },
    functionsRegion: 'us-central1',
    apiBase: '',
  };
  const site = createServer((req, res) => {
    if (req.url === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(bundle.outputFiles[0]!.text);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><script>window.__PARLEY_CONFIG__ = ${JSON.stringify(config)};</script><script type="module" src="/app.js"></script>`);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const browser = await chromium.launch({ executablePath: BENCH_CHROMIUM_PATH, args: CHROMIUM_ARGS });

  try {
    const page = await browser.newPage();
    // seq → when the page's listener saw it (this process's clock; the binding call costs well under 1 ms).
    const seen = new Map<number, number>();
    const waiters = new Map<number, () => void>();
    let failure: string | null = null;
    await page.exposeFunction('__snapshot', (seq: number) => {
      if (!seen.has(seq)) seen.set(seq, performance.now());
      waiters.get(seq)?.();
    });
    await page.exposeFunction('__failed', (message: string) => {
      failure = message;
    });
    const snapshotOf = (seq: number) =>
      new Promise<number>((resolve, reject) => {
        const done = () => resolve(seen.get(seq)!);
        if (seen.has(seq)) return done();
        const timer = setTimeout(() => reject(new Error(`no snapshot with seq ${seq} within 5 s${failure ? `: ${failure}` : ''}`)), 5000);
        waiters.set(seq, () => {
          clearTimeout(timer);
          done();
        });
      });
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    await snapshotOf(0);

    const latencies: number[] = [];
    for (let seq = 1; seq <= WARM_UP + WRITES; seq++) {
      const started = performance.now();
      const arrived = snapshotOf(seq);
      await ref.set({ seq });
      const ms = (await arrived) - started;
      if (seq > WARM_UP) latencies.push(ms);
      await new Promise((r) => setTimeout(r, 20));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = Math.round(percentile(sorted, 50) * 10) / 10;
    const figure = benchFigure('write → onSnapshot in another browser client (p50)', p50, 'ms', BUDGET_MS, `${WRITES} writes, p90 ${percentile(sorted, 90).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms`);
    logFigures([figure], log);
    return [figure];
  } finally {
    await browser.close();
    site.close();
    await deleteApp(admin);
    await emulator.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await runLiveUpdateBench();
  process.exit(figures.every((f) => f.pass) ? 0 : 1);
}
