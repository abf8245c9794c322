/**
 * Agent settings budget: the Settings page (/app/na/agents/{id}/settings?tab=core) is interactive — the
 * section switcher shown and the agent's name loaded into its field — within 1.5 s of navigating to it
 * (median of 3 full navigations, signed in as the demo user, in Chromium).
 * Uses the running stack at PARLEY_URL when set, otherwise starts one on the fixed ports (only one stack at a time on
 * a machine). `node --import tsx web/bench/agent-settings.bench.ts`.
 */
import { fileURLToPath } from 'node:url';
import { figure as benchFigure, logFigures, type BenchFigure } from './figure';
import { signInAt, withStackSession } from './stack-session';

const BUDGET_MS = 1500;
const RUNS = 3;
const DEMO = { email: 'demo@parley.dev', password: 'parley-demo-2026' };

export async function runAgentSettingsBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  return withStackSession('agent-settings', log, async ({ browser, base }) => {
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
  });
}

export default runAgentSettingsBench;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await runAgentSettingsBench();
  process.exit(figures.every((f) => f.pass) ? 0 : 1);
}
