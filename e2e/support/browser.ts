import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { AccessibilityWatch } from './accessibility';

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

/** Frames a page drew in one second, its visibility and focus, measured in the page (null when it did not answer). */
async function frameProbe(page: Page): Promise<string> {
  const probe = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        let frames = 0;
        const tick = () => {
          frames++;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        setTimeout(() => resolve(`${frames} frames in 1 s, ${document.visibilityState}, ${document.hasFocus() ? 'focused' : 'not focused'}`), 1000);
      }),
  );
  const late = new Promise<string>((resolve) => setTimeout(() => resolve('the page did not answer within 5 s'), 5000));
  return Promise.race([probe.catch((error: Error) => `the page could not be asked: ${error.message}`), late]);
}

/**
 * Each open session's page as a failed test leaves it: its address, whether it still draws frames (a page that
 * stopped drawing makes every click wait for ever on "visible, enabled and stable"), and its last problems.
 */
export async function describeOpenSessions(): Promise<string[]> {
  return Promise.all(
    [...openSessions].filter((s) => !s.page.isClosed()).map(async (s) => `${s.page.url()}: ${await frameProbe(s.page)}${s.problems.length ? `\n    ${s.problems.slice(-10).join('\n    ')}` : ''}`),
  );
}

let browser: Promise<Browser> | null = null;

/** The run's one Chromium (global-setup.ts starts it): connecting costs milliseconds, launching a second. */
function sharedBrowser(): Promise<Browser> {
  browser ??= chromium.connect(inject('browserEndpoint'));
  return browser;
}

/**
 * A fresh browser context per session (its own cookies, storage and cache, as a new profile has): nothing is carried
 * between sessions or journeys.
 *
 * Every journey shares the demo workspace, and every chat any journey starts notifies it: their toasts would lie over
 * whatever a journey clicks next. So a session starts with the dashboard's own setting "Show notifications: none"
 * (as a user may choose), unless it tests notifications (`notifications: true`).
 */
export async function openBrowser(opts: { notifications?: boolean } = {}): Promise<Session> {
  // Reduced motion, as a user may ask of their system: the dashboard then opens dialogs and shows toasts without
  // transitions, which spare the CPU that rendering their frames costs on two cores.
  const context = await (await sharedBrowser()).newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  context.setDefaultTimeout(20_000);
  if (!opts.notifications) {
    await context.addInitScript(() => {
      if (localStorage.getItem('parley.notificationsLevel') === null) localStorage.setItem('parley.notificationsLevel', 'none');
    });
  }
  const page = await context.newPage();
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
