// The whole local stack and a headless Chromium for a bench: the running stack at PARLEY_URL (and its agent at
// PARLEY_AGENT_ID, when set), otherwise one started here on the fixed ports in a temporary data folder (only one
// stack at a time on a machine). Both are stopped, and the folder removed, however the bench ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, BENCH_CHROMIUM_PATH } from '@parley/local/chromium';
import { startStack, type RunningStack } from '@parley/local/stack/stack';

/** The repository's root. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface StackSession {
  browser: Browser;
  base: string;
  /** The seeded demo agent's id, or '' when the running stack did not name it. */
  agentId: string;
}

export async function withStackSession<T>(name: string, log: (line: string) => void, run: (session: StackSession) => Promise<T>): Promise<T> {
  let stack: RunningStack | null = null;
  let dataDir = '';
  let base = process.env.PARLEY_URL?.replace(/\/$/, '') ?? '';
  let agentId = process.env.PARLEY_AGENT_ID ?? '';
  if (!base) {
    dataDir = mkdtempSync(join(tmpdir(), `parley-${name}-bench-`));
    log('starting the local stack…');
    stack = await startStack({ root: repoRoot, dataDir });
    base = stack.url;
    agentId = stack.seed.agentId ?? '';
  }
  // Launched inside the try: a browser that fails to start still stops the stack started above.
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: BENCH_CHROMIUM_PATH, args: CHROMIUM_ARGS });
    return await run({ browser, base, agentId });
  } finally {
    await browser?.close();
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Signs in on /login as a user of the stack, and waits for the dashboard (its agents) to open. */
export async function signInAt(page: Page, base: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel(/^Password\b/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/app\/na\/agents/, { timeout: 30_000 });
}
