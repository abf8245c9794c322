import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@parley/local/chromium';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { AccessibilityWatch } from './accessibility';

export { CHROMIUM_PATH } from '@parley/local/chromium';

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed responses seen so far (printed when a journey fails). */
  problems: string[];
  /** axe-core's check of every screen this session shows (see accessibility.ts). */
  accessibility: AccessibilityWatch;
  close(): Promise<void>;
}

const openSessions = new Set<Session>();

/**
 * What axe-core found on every open session's screens since the last call, the screens as they are now included.
 * The journeys' setup (check-accessibility.ts) fails each test that showed a serious or critical violation.
 */
export async function takeAccessibilityFindings(): Promise<string[]> {
  const found = await Promise.all([...openSessions].map((s) => s.accessibility.take()));
  return found.flat();
}

/**
 * A fresh Chromium profile per session: no cookies, storage or cache carried between journeys.
 *
 * Every journey shares the demo workspace, and every chat any journey starts notifies it: their toasts would lie over
 * whatever a journey clicks next. So a session starts with the dashboard's own setting "Show notifications: none"
 * (as a user may choose), unless it tests notifications (`notifications: true`).
 */
export async function openBrowser(opts: { notifications?: boolean } = {}): Promise<Session> {
  const profile = mkdtempSync(join(tmpdir(), 'parley-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(20_000);
  if (!opts.notifications) {
    await context.addInitScript(() => {
      if (localStorage.getItem('parley.notificationsLevel') === null) localStorage.setItem('parley.notificationsLevel', 'none');
    });
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()} ${res.request().method()} ${res.url()}`);
  });
  const session: Session = {
    context,
    page,
    problems,
    accessibility: new AccessibilityWatch(context),
    close: async () => {
      openSessions.delete(session);
      session.accessibility.stop();
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
  openSessions.add(session);
  return session;
}

/**
 * Flips a switch the way a user does: by clicking it where it shows. Mantine's switch input is a hidden element
 * that can sit outside the viewport in a scrolling drawer (or over its own label text), so Playwright cannot click
 * the input itself or the text beside it; the label that wraps the input, its track and its text toggles it.
 */
export async function flipSwitch(scope: Locator | Page, name: string): Promise<Locator> {
  // The switch's name also holds its description (both sit in the wrapping label), so it is matched by its start.
  const toggle = scope.getByRole('switch', { name });
  await toggle.locator('xpath=..').click();
  return toggle;
}

/** Signs in on /login with the accessible names the contract fixes. */
export async function signIn(page: Page, appUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  // Mantine appends a required asterisk to the label ("Password *"); match the label's start.
  await page.getByLabel(/^Password\b/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** On failure, keeps a screenshot of what the browser showed under e2e/test-results/. */
export async function saveFailureScreenshot(session: Session | undefined, ctx: { task: { name: string; result?: { state?: string } } }): Promise<void> {
  if (!session || ctx.task.result?.state !== 'fail') return;
  const dir = join(import.meta.dirname, '..', 'test-results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
  await session.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  console.error(`screenshot of the failure: ${file}\nlast URL: ${session.page.url()}\n${session.problems.slice(-20).join('\n')}`);
}
