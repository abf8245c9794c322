/**
 * Budget of the client code sign-in on the local stack (the API on a node server, Google's Firestore emulator):
 * POST /public/clients/login-code/verify — the code checked and spent in a transaction, the client's landing
 * computed, its status written and a custom token minted — ≤ 50 ms p50. The e-mail is excluded: each sample's code
 * is issued directly (what the request endpoint stores), not sent.
 * `npx tsx functions/bench/clients.bench.ts` prints the figure beside its budget.
 */
import { performance } from 'node:perf_hooks';
import { figure, printFigures, runIfMain, type BenchFigure } from '../../local/bench/figure';

const SAMPLES = 51;
const WARMUP = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function runClientsBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  // Custom tokens are made the Auth emulator's way (unsigned): no service account on a developer's machine.
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  // firebase-admin must not probe the GCE metadata server from a developer's machine.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const { startTestStack } = await import('../test/runtime');
  // Every sample comes from one address; the limits are proven by the tests.
  const stack = await startTestStack({ limits: (await import('../src/rate-limits')).noRateLimits });
  try {
    const { databaseFor } = await import('../src/adapters/firestore');
    const { issueLoginCode } = await import('../src/clients/login-code-store');
    const db = databaseFor('na');
    const docs: Record<string, Record<string, unknown>> = {
      'users/bench-owner': { uid: 'bench-owner', loadTokens: 100 },
      'agencies/benchAgency': { ID: 'benchAgency', userId: 'bench-owner', name: 'Bench Agency' },
      'voiceglow/benchAgent1': { ID: 'benchAgent1', ownerID: 'bench-owner', title: 'Bench' },
      'voiceglow/benchAgent2': { ID: 'benchAgent2', ownerID: 'bench-owner', title: 'Bench 2' },
      'orgs/benchOrg': { ID: 'benchOrg', name: 'Bench Org', ownerID: 'bench-owner', widgetIDs: ['benchAgent1', 'benchAgent2'] },
      'clients/benchClient': {
        ID: 'benchClient', orgId: 'benchOrg', email: 'bench@client.test', widgetIDs: ['benchAgent1', 'benchAgent2'],
        canAccess: ['/convos', '/leads'], status: 'offline',
      },
    };
    for (const [path, data] of Object.entries(docs)) await db.doc(path).set(data);

    const url = `${stack.api.url}/public/clients/login-code/verify`;
    const times: number[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const { code } = await issueLoginCode(db, 'na', {
        agencyId: 'benchAgency', ownerUid: 'bench-owner', clientId: 'benchClient', orgId: 'benchOrg', email: 'bench@client.test',
        widgetIDs: ['benchAgent1', 'benchAgent2'],
      });
      globalThis.gc?.();
      const t0 = performance.now();
      const res = await fetch(url, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ agencyId: 'benchAgency', region: 'na', email: 'bench@client.test', code }),
      });
      const body = (await res.json()) as { token?: string; landing?: string };
      const ms = performance.now() - t0;
      if (!res.ok || !body.token || body.landing !== '/app/na/agents/benchAgent1/convos') throw new Error(`verify answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      if (i >= WARMUP) times.push(ms);
    }
    // For reference: one Firestore round trip on this machine right now (the endpoint makes two in a row).
    const trips: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      await db.doc('clients/benchClient').get();
      trips.push(performance.now() - t0);
    }
    const figures: BenchFigure[] = [figure('client code sign-in endpoint (p50, e-mail excluded)', round(median(times)), 'ms', 50, `n=${SAMPLES}, p90 ${round([...times].sort((a, b) => a - b)[Math.floor(SAMPLES * 0.9)]!)} ms`)];
    figures.push({ name: 'one Firestore read on this machine now (p50, reference)', value: round(median(trips)), unit: 'ms', detail: `n=${SAMPLES}` });
    printFigures(figures, log);
    return figures;
  } finally {
    await stack.stop();
  }
}

await runIfMain(import.meta.url, runClientsBench);

export default runClientsBench;
