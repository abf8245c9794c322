/**
 * Agent settings budget: the Settings page (/app/na/agents/{id}/settings?tab=core) is interactive — the
 * section switcher shown and the agent's name loaded into its field — within 1.5 s of navigating to it
 * (median of 3 full navigations, signed in as the demo user, in headless Chromium).
 * Needs the running local stack: PARLEY_URL (default http://127.0.0.1:5000). Without it the figure is
 * reported as skipped. `npx tsx web/bench/agent-settings.bench.ts`.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, BENCH_CHROMIUM_PATH } from '@parley/local/chromium';
import { figure as benchFigure, logFigures, type BenchFigure } from './figure';
import { signInAt } from './stack-session';


const BUDGET_MS = 1500;
const RUNS = 3;
const DEMO = { email: 'demo@parley.dev', password: 'parley-demo-2026' };

async function reachable(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/parley-config.js`, { signal: AbortSignal.timeout(3000) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function runAgentSettingsBench(log: (line: string) => void = console.log): Promise<BenchFigure[] | null> {
  const base = (process.env.PARLEY_URL ?? 'http://127.0.0.1:5000').replace(/\/$/, '');
  if (!(await reachable(base))) {
    log(`SKIP agent settings interactive: no running stack at ${base} (start it with npm start, or set PARLEY_URL)`);
    return null;
  }
  const browser = await chromium.launch({ executablePath: BENCH_CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await signInAt(page, base, DEMO);
    const link = page.getByRole('link', { name: 'Parley Demo Agent' }).first();
    await link.waitFor({ timeout: 30_000 });
    const agentId = /\/agents\/([^/]+)\//.exec((await link.getAttribute('href')) ?? '')?.[1];
    if (!agentId) throw new Error('demo agent not found');
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = Date.now();
      await page.goto(`${base}/app/na/agents/${agentId}/settings?tab=core`);
      await page.getByRole('radiogroup', { name: 'Settings sections' }).or(page.getByLabel('Settings sections')).first().waitFor({ timeout: 20_000 });
      await page.waitForFunction(() => {
        const input = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === 'Agent name');
        const field = input?.htmlFor ? (document.getElementById(input.htmlFor) as HTMLInputElement | null) : null;
        return !!field && !field.disabled && field.value.length > 0;
      }, undefined, { timeout: 20_000 });
      times.push(Date.now() - started);
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
    const figure = benchFigure('agent settings interactive', median, 'ms', BUDGET_MS, `runs ${times.join(', ')} ms`);
    logFigures([figure], log);
    return [figure];
  } finally {
    await browser.close();
  }
}

export default runAgentSettingsBench;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await runAgentSettingsBench();
  process.exit(figures === null || figures.every((f) => f.pass) ? 0 : 1);
}
