/**
 * Budget of the public branding an agency host loads before its first paint (GET /public/agency-by-host), on the
 * API's node server and Google's Firestore emulator:
 * - an answer the instance has not memoised (registry read + agency read): ≤ 40 ms p50;
 * - a memoised answer (what most page loads that miss the CDN get): ≤ 5 ms p50.
 * The CDN (s-maxage=300) answers most page loads before the function runs at all.
 * `npx tsx functions/bench/agency.bench.ts` prints the figures beside their budgets.
 */
import { performance } from 'node:perf_hooks';
import { figure, printFigures, runIfMain, type BenchFigure } from '../../local/bench/figure';

const SAMPLES = 101;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (n: number) => Math.round(n * 100) / 100;

export async function runAgencyBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const { startScratchEmulator } = await import('@parley/local/testing');
  const ownFirestore = process.env.FIRESTORE_EMULATOR_HOST ? null : await startScratchEmulator();
  const { serveApi } = await import('../src/http/serve');
  const { endpoints } = await import('../src/agency');
  const { databaseFor } = await import('../src/adapters/firestore');
  const { noRateLimits } = await import('../src/rate-limits');
  const { clearBrandingMemo } = await import('../src/agency/agency-by-host');
  // Every sample comes from one address: the limits are proven by the tests.
  const api = await serveApi(endpoints, { limits: noRateLimits });
  try {
    const db = databaseFor('na');
    await db.doc('agencies/benchAgency').set({ ID: 'benchAgency', userId: 'bench-owner', name: 'Bench Co', VGsubDomain: 'bench.localhost', isVerifiedSubDomain: true, googleFont: 'Lato', customCSS: '.a{}' });
    await db.doc('agencyDomains/bench.localhost').set({ host: 'bench.localhost', kind: 'subdomain', agencyId: 'benchAgency', region: 'na', userId: 'bench-owner' });
    const url = `${api.url}/public/agency-by-host?host=bench.localhost`;
    const once = async () => {
      const t0 = performance.now();
      const res = await fetch(url);
      await res.text();
      if (res.status !== 200) throw new Error(`agency-by-host answered ${res.status}`);
      return performance.now() - t0;
    };
    await once();
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      clearBrandingMemo();
      cold.push(await once());
      warm.push(await once());
    }
    const figures = [
      figure('agency-by-host, not memoised (p50)', round(median(cold)), 'ms', 40, `registry + agency read on the emulator, n=${SAMPLES}`),
      figure('agency-by-host, memoised (p50)', round(median(warm)), 'ms', 5, `n=${SAMPLES}`),
    ];
    printFigures(figures, log);
    return figures;
  } finally {
    await api.close();
    await ownFirestore?.stop();
  }
}

await runIfMain(import.meta.url, runAgencyBench);

export default runAgencyBench;
