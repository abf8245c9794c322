/**
 * Budgets of the daily rollups:
 * - the per-message rollup write adds ≤ 3 ms p50 to a chat turn's write: the commit that stores a visitor's message
 *   and the conversation's summary with its rollup increment, against the same commit without it, sampled alternately
 *   so the machine's load weighs on both alike (Google's Firestore emulator, a scratch one);
 * - the Analytics page, from navigation to charts drawn, ≤ 800 ms for an agent with 100,000 messages over a year of
 *   rollups: in Chromium, signed in as the agent's owner, on the whole local stack (Hosting, Auth, Firestore and
 *   Functions emulators). Timed in the page (performance.now() from the navigation's start to the first frame in
 *   which all eight charts are drawn, the bar chart with a bar per day, or per week past a quarter, and figure), so the bench's own round trips
 *   do not count; the median of 7 visits after one that warms the browser's cache and the functions. Three ways in:
 *   the page as it opens (30 days, live), a link naming the year (?from=&to=, checked in the page, read live), and
 *   the "1 year" preset chosen on the open page (timed from the click);
 * - beside them, as a figure of its own, the data behind the page without the browser: the year's rollup documents
 *   read (one per day) and turned into the chart's days, same budget.
 * The browser part uses the running stack at PARLEY_URL when set, otherwise starts one on the fixed ports (only one
 * stack at a time on a machine). `node --expose-gc --import tsx local/bench/insights.bench.ts` prints the figures
 * beside their budgets.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Browser, Page } from 'playwright-core';
import { agentDailyRollupSchema, DAILY_POINTS_MAX, dailySeries, lastDays, paths, rollupDay, type AgentDailyRollup } from '@parley/core';
import { signInAt, withStackSession } from '../../web/bench/stack-session';
import { median, shownAt, watchFor } from '../../web/bench/page-timing';
import { figure, printFigures, runIfMain, type BenchFigure } from './figure';

const SAMPLES = 81;
const PAGE_VISITS = 7;
const PAGE_BUDGET_MS = 800;
const DAY_MS = 86_400_000;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * A year of an agent's rollups ending on `to`, 100,040 messages in all (274 a day, 280 on the last five), with
 * every figure a chart draws (channels, features, tokens, handoffs, leads, countries, browsers) on every day.
 */
function yearOfRollups(agentId: string, from: string): AgentDailyRollup[] {
  return Array.from({ length: 365 }, (_, d) => {
    const day = rollupDay(Date.parse(`${from}T12:00:00Z`) + d * DAY_MS);
    return {
      day, agentId, conversations: 40, messages: d < 365 - 5 ? 274 : 280, handoffs: 3, handoffAnswers: 2, handoffAnswerMs: 90_000,
      knowledgeAnswers: 80, answers: 130, leads: 5, credits: 12.5, features: { 'chat-message': 12, 'kb-embedding': 0.5 },
      inputTokens: 9000, outputTokens: 3000, channels: { widget: 30, whatsapp: 10 }, leadChannels: { widget: 5 },
      opens: 60, countries: { US: 30, DE: 20, FR: 10 }, browsers: { Chrome: 40, Safari: 20 },
    };
  });
}

/** The data side: the turn's write with and without its rollup, and a year read and charted (a scratch emulator). */
async function dataFigures(): Promise<BenchFigure[]> {
  const { startScratchEmulator } = await import('../testing');
  const emulator = await startScratchEmulator();
  try {
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
    const year = yearOfRollups(agentId, from);
    for (let start = 0; start < year.length; start += 100) {
      const batch = db.batch();
      for (const doc of year.slice(start, start + 100)) batch.set(db.doc(paths.agentRollup(agentId, doc.day)), doc);
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
    return [
      figure('per-message rollup write, added to a turn’s commit (p50)', round(added), 'ms', 3, `${round(median(counted.slice(5)))} ms with, ${round(median(plain.slice(5)))} ms without`),
      figure('Analytics data for a year (365 rollups) read and charted, without the browser (p50)', round(median(reads)), 'ms', PAGE_BUDGET_MS, `${messages.toLocaleString('en')} messages counted`),
    ];
  } finally {
    await emulator.stop();
  }
}

/** The conversations chart's bars for a range of `days`: two series, a bar a day up to a quarter, a bar a week beyond. */
const barsOf = (days: number) => (days <= DAILY_POINTS_MAX ? days : Math.ceil(days / 7)) * 2;

/**
 * The page's charts are drawn: all eight cards hold their chart, and the conversations chart has its `bars` bars
 * (every day or week of the range has both series).
 */
const chartsDrawn = (bars: number) => `
  const cards = [...document.querySelectorAll('[data-chart]')];
  if (cards.length !== 8) return false;
  if (!cards.every((card) => { const svg = card.querySelector('svg.recharts-surface'); return svg && svg.getBoundingClientRect().width > 0; })) return false;
  return document.querySelectorAll('[data-chart="conversations-messages"] .recharts-bar-rectangle').length >= ${bars};`;

/** A signed-in page of the owner that reports when the charts of a range of `days` are drawn. */
async function ownerPage(browser: Browser, base: string, owner: { email: string; password: string }, days: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAt(page, base, owner);
  await watchFor(page, chartsDrawn(barsOf(days)));
  return page;
}

/** Navigations to `url` until the charts are drawn: one to warm up, then PAGE_VISITS timed (ms each). */
async function visits(page: Page, url: string): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i <= PAGE_VISITS; i++) {
    await page.goto(url);
    const at = await shownAt(page);
    if (i > 0) ms.push(at);
  }
  return ms;
}

/** From the click on "1 year" on the open page (30 days drawn) to the year's charts drawn, timed in the page. */
async function presetSwitches(page: Page, url: string): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i <= PAGE_VISITS; i++) {
    await page.goto(url);
    await page.locator('[data-chart="conversations-messages"] .recharts-bar-rectangle').nth(59).waitFor({ timeout: 30_000 });
    const took = await page.evaluate(`new Promise((resolve) => {
      const drawn = () => { ${chartsDrawn(barsOf(365))} };
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === '1 year');
      const started = performance.now();
      label.click();
      const tick = () => (drawn() ? resolve(performance.now() - started) : requestAnimationFrame(tick));
      requestAnimationFrame(tick);
    })`);
    if (i > 0) ms.push(Math.round(took as number));
  }
  return ms;
}

/** The browser side: an owner with a year of rollups (100,000 messages) opens the agent's Analytics page. */
async function pageFigures(log: (line: string) => void): Promise<BenchFigure[]> {
  return withStackSession('insights', log, async ({ browser, base }) => {
    const { deleteApp, initializeApp } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    const { STACK_PORTS } = await import('../stack/ports');
    const { seedWorkspace } = await import('../stack/seed');
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${STACK_PORTS.firestore}`;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${STACK_PORTS.auth}`;
    // An owner of its own (not the demo's), so a running stack's demo data stays as it was.
    const slug = `bench-insights-${randomBytes(4).toString('hex')}`;
    const owner = { uid: slug, email: `${slug}@parley.dev`, password: `pw-${slug}`, displayName: 'Insights bench owner', agentTitle: 'Insights bench agent', region: 'na' as const };
    const admin = initializeApp({ projectId: 'demo-parley' }, slug);
    try {
      const { agentId } = await seedWorkspace(admin, owner);
      if (!agentId) throw new Error('the bench owner’s workspace was not made');
      const db = getFirestore(admin);
      const year = lastDays(Date.now(), 365);
      const docs = yearOfRollups(agentId, year.from);
      for (let start = 0; start < docs.length; start += 100) {
        const batch = db.batch();
        for (const doc of docs.slice(start, start + 100)) batch.set(db.doc(paths.agentRollup(agentId, doc.day)), doc);
        await batch.commit();
      }
      const analytics = `${base}/app/na/agents/${agentId}/analytics`;
      const month = await ownerPage(browser, base, owner, 30);
      const opened = await visits(month, analytics);
      const switched = await presetSwitches(month, analytics);
      await month.context().close();
      const yearPage = await ownerPage(browser, base, owner, 365);
      const linked = await visits(yearPage, `${analytics}?from=${year.from}&to=${year.to}`);
      await yearPage.context().close();
      const runs = (ms: number[]) => `runs: ${ms.join(', ')} ms`;
      return [
        figure('Analytics page, navigation to charts drawn, as it opens (30 days, live; median)', median(opened), 'ms', PAGE_BUDGET_MS, runs(opened)),
        figure('Analytics page, navigation to charts drawn, a link naming the year (?from=&to=, live; median)', median(linked), 'ms', PAGE_BUDGET_MS, runs(linked)),
        figure('Analytics page, "1 year" chosen to the year’s charts drawn (median)', median(switched), 'ms', PAGE_BUDGET_MS, runs(switched)),
      ];
    } finally {
      await deleteApp(admin);
    }
  });
}

export async function runInsightsBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  // No credentials locally: firebase-admin must not probe a metadata server (a request off the machine).
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const data = await dataFigures();
  printFigures(data, log);
  const page = await pageFigures(log);
  printFigures(page, log);
  return [...data, ...page];
}

await runIfMain(import.meta.url, () => runInsightsBench());
