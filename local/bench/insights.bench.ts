/**
 * Budgets of the daily rollups, on Google's Firestore emulator:
 * - the per-message rollup write adds ≤ 3 ms p50 to a chat turn's write: the commit that stores a visitor's message
 *   and the conversation's summary with its rollup increment, against the same commit without it, sampled alternately
 *   so the machine's load weighs on both alike;
 * - Analytics' data for an agent with 100,000 messages over a year: the year's rollup documents read (one per day)
 *   and turned into the chart's days ≤ 800 ms. This is the read behind the page (what grows with traffic), not the
 *   browser drawing the charts.
 * `npx tsx local/bench/insights.bench.ts` prints the figures beside their budgets.
 */
import { performance } from 'node:perf_hooks';
import { figure, printFigures, runIfMain, type BenchFigure } from './figure';

const SAMPLES = 81;
const DAY_MS = 86_400_000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function runInsightsBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const { startScratchEmulator } = await import('../testing');
  const emulator = await startScratchEmulator();
  try {
    const { agentDailyRollupSchema, dailySeries, lastDays, paths, rollupDay } = await import('@parley/core');
    const { databaseFor, commitWrites } = await import('../../functions/src/adapters/firestore');
    const { messageWrites } = await import('../../functions/src/conversations/conversation-store');
    const db = databaseFor('na');

    // 1. A turn's write with and without its rollup increment.
    const counted: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < SAMPLES * 2; i++) {
      const withRollup = i % 2 === 0;
      const ref = { agentId: 'benchInsights01', id: `bench-conv-${i % 20}` };
      const { writes } = messageWrites(ref, [{ role: 'user', text: `Question ${i}` }], Date.now());
      const staged = withRollup ? writes : writes.filter((w) => !w.path.includes('/rollups/'));
      const t0 = performance.now();
      await commitWrites(db, staged);
      (withRollup ? counted : plain).push(performance.now() - t0);
    }
    // The first samples warm the connection: left out of both arms alike.
    const added = median(counted.slice(5)) - median(plain.slice(5));

    // 2. A year of rollups (100,000 messages) read as the Analytics page reads them, and its chart days.
    const agentId = 'benchInsights02';
    const { from, to } = lastDays(Date.now(), 365);
    for (let start = 0; start < 365; start += 100) {
      const batch = db.batch();
      for (let d = start; d < Math.min(365, start + 100); d++) {
        const day = rollupDay(Date.parse(`${from}T12:00:00Z`) + d * DAY_MS);
        batch.set(db.doc(paths.agentRollup(agentId, day)), { day, agentId, conversations: 40, messages: d < 365 - 5 ? 274 : 280, credits: 12.5, inputTokens: 9000, outputTokens: 3000, channels: { widget: 30, whatsapp: 10 } });
      }
      await batch.commit();
    }
    const reads: number[] = [];
    let messages = 0;
    for (let i = 0; i < 11; i++) {
      const t0 = performance.now();
      const snap = await db.collection(`voiceglow/${agentId}/rollups`).where('day', '>=', from).where('day', '<=', to).orderBy('day').get();
      const docs = snap.docs.map((d) => agentDailyRollupSchema.parse(d.data()));
      const series = dailySeries(docs, from, to, (d) => ({ conversations: d?.conversations ?? 0, messages: d?.messages ?? 0 }));
      reads.push(performance.now() - t0);
      messages = series.reduce((sum, r) => sum + r.messages, 0);
    }
    const figures = [
      figure('per-message rollup write, added to a turn’s commit (p50)', round(added), 'ms', 3, `${round(median(counted.slice(5)))} ms with, ${round(median(plain.slice(5)))} ms without`),
      figure('Analytics data for a year (365 rollups) read and charted (p50)', round(median(reads)), 'ms', 800, `${messages.toLocaleString('en')} messages counted`),
    ];
    printFigures(figures, log);
    return figures;
  } finally {
    await emulator.stop();
  }
}

await runIfMain(import.meta.url, () => runInsightsBench());
