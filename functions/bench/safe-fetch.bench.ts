/**
 * safeFetch budgets: what the checks of a user-supplied URL cost on top of the fetch itself.
 * - the added time of one GET to a local page over a plain node:http GET on a fresh connection (p50 of 300),
 *   the URL a literal address and a name (its lookup answered at once): ≤ 3 ms;
 * - 100,000 address checks (IPv4, IPv6, IPv4-mapped): ≤ 150 ms;
 * - refusing a gzip bomb (50 MB once inflated) at the 5 MB cap: ≤ 500 ms, heap growth ≤ 32 MB;
 * - the crawler's fair pick over 20,000 due sources of 2,000 workspaces: ≤ 50 ms.
 * `npx tsx functions/bench/safe-fetch.bench.ts` prints the figures beside their budgets.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { figure, printFigures, runIfMain, type BenchFigure } from '../../local/bench/figure';
import { median, plainGet, round } from './timing';
import { pickFairly, type DueSource } from '../src/knowledge/scheduled-refresh';
import { isPublicAddress, safeFetch, SafeFetchError } from '../src/safe-fetch';

export async function runSafeFetchBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const bomb = gzipSync(Buffer.alloc(50_000_000));
  const server = createServer((req, res) => {
    if (req.url === '/bomb') return res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(bomb);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Opening hours: nine to five.</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  // The bench's server stands for a public site: the local escape names exactly it.
  process.env.ALLOW_PRIVATE_URLS = `127.0.0.1:${port}`;
  const figures: BenchFigure[] = [];
  try {
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const plain: number[] = [];
    const literal: number[] = [];
    const named: number[] = [];
    for (let i = 0; i < 30; i++) {
      await plainGet(`${base}/page`);
      await safeFetch(`${base}/page`);
    }
    for (let i = 0; i < 300; i++) {
      let t = performance.now();
      await plainGet(`${base}/page`);
      plain.push(performance.now() - t);
      t = performance.now();
      await safeFetch(`${base}/page`);
      literal.push(performance.now() - t);
      t = performance.now();
      await safeFetch(`http://site.bench.invalid:${port}/page`, { lookup });
      named.push(performance.now() - t);
    }
    const base50 = median(plain);
    figures.push(figure('safeFetch added time, literal address (p50 over a plain GET)', round(Math.max(0, median(literal) - base50)), 'ms', 3, `plain GET p50 ${round(base50)} ms`));
    figures.push(figure('safeFetch added time, name with lookup (p50 over a plain GET)', round(Math.max(0, median(named) - base50)), 'ms', 3));

    const addresses = ['8.8.8.8', '10.0.0.1', '169.254.169.254', '100.64.3.2', '2606:4700:4700::1111', '::ffff:127.0.0.1', 'fd00::1', '64:ff9b::a9fe:a9fe'];
    let publicCount = 0;
    for (let i = 0; i < 20_000; i++) isPublicAddress(addresses[i % addresses.length]!);
    let t0 = performance.now();
    for (let i = 0; i < 100_000; i++) if (isPublicAddress(addresses[i % addresses.length]!)) publicCount++;
    figures.push(figure('100,000 address checks', round(performance.now() - t0), 'ms', 150, `${publicCount} public`));

    (globalThis as { gc?: () => void }).gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    t0 = performance.now();
    const refused = await safeFetch(`${base}/bomb`).then(() => false, (e: unknown) => e instanceof SafeFetchError && e.code === 'too-large');
    const bombMs = performance.now() - t0;
    const heapGrowth = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    figures.push({ ...figure('gzip bomb (50 MB inflated) refused at the 5 MB cap', round(bombMs), 'ms', 500), pass: refused && bombMs <= 500, detail: refused ? 'refused' : 'NOT refused' });
    figures.push(figure('heap growth while refusing it', round(Math.max(0, heapGrowth)), 'MB', 32));

    const queues = new Map<string, DueSource[]>();
    for (let i = 0; i < 20_000; i++) {
      const tenant = `ws${i % 2000}`;
      const queue = queues.get(tenant) ?? [];
      queue.push({ tenant, agentId: `a${i % 5000}`, docId: `d${i}`, url: `https://example.com/${i}` });
      queues.set(tenant, queue);
    }
    t0 = performance.now();
    const picked = pickFairly(queues, { perRun: 100, perTenant: 10 });
    figures.push(figure('crawler fair pick, 20,000 due sources of 2,000 workspaces', round(performance.now() - t0), 'ms', 50, `${picked.length} picked`));
    printFigures(figures, log);
    return figures;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

export default runSafeFetchBench;

await runIfMain(import.meta.url, runSafeFetchBench);
