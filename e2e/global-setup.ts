/**
 * Starts the whole local stack once for every journey: same modules as `npm start`, on the fixed
 * ports, with a fresh temporary data directory (so journeys see exactly the seeded demo data).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, JOURNEY_CHROMIUM_ARGS } from '@parley/local/chromium';
import { assertPortsFree } from '@parley/local/stack/ports';
import { stackPorts, startStack, type RunningStack } from '@parley/local/stack/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    demo: { email: string; password: string; agentTitle: string };
    mailboxUrl: string | null;
    demoAgentId: string | null;
    /** The run's one Chromium, which every session connects to for a fresh context of its own. */
    browserEndpoint: string;
    /** The screens axe-core has judged clean in this run, one per line (support/accessibility.ts). */
    axeJudgedFile: string;
  }
}

let stack: RunningStack | null = null;
let browser: BrowserServer | null = null;
let dataDir = '';

export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  const axeJudgedFile = join(dataDir, 'axe-judged-screens.txt');
  writeFileSync(axeJudgedFile, '');
  project.provide('axeJudgedFile', axeJudgedFile);
  const started = Date.now();
  // Chromium starts while the stack does; sessions then open contexts in it instead of launching a browser each.
  const launching = chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: JOURNEY_CHROMIUM_ARGS });
  launching.catch(() => undefined);
  try {
    stack = await startStack({
      root: join(import.meta.dirname, '..'),
      dataDir,
      log: (line) => process.stdout.write(`[stack] ${line}\n`),
      // The journeys' data lives in a temporary folder that goes with the run: nothing to export while it runs.
      exportEveryMs: null,
    });
  } catch (error) {
    await (await launching.catch(() => null))?.close();
    throw error;
  }
  browser = await launching;
  project.provide('browserEndpoint', browser.wsEndpoint());
  process.stdout.write(`[stack] ready at ${stack.url} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  project.provide('appUrl', stack.url);
  project.provide('demo', { email: stack.demo.email, password: stack.demo.password, agentTitle: stack.demo.agentTitle });
  project.provide('mailboxUrl', stack.mailboxUrl);
  project.provide('demoAgentId', stack.seed.agentId);
  // Interrupted runs (Ctrl-C, CI timeout) still stop the emulators.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void teardown().finally(() => process.exit(130));
    });
  }
}

export async function teardown(): Promise<void> {
  await browser?.close();
  browser = null;
  const running = stack;
  stack = null;
  await running?.stop();
  // PARLEY_E2E_KEEP_DATA=1 keeps the run's data folder (its logs/ show what the stack did during a failed journey).
  if (dataDir && process.env.PARLEY_E2E_KEEP_DATA === '1') process.stdout.write(`[stack] data and logs kept in ${dataDir}\n`);
  else if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  // A clean stop leaves none of the stack's ports held (emulators, fakes): the next start needs every one of them.
  if (running) await assertPortsFree(stackPorts());
}
