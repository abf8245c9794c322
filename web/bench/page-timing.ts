// Timing a page in the page itself: performance.now() (ms since the navigation started) of the first animation
// frame in which something shows, so a bench's own round trips to the browser do not count.
import type { Page } from 'playwright-core';

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The Sign in button of /login is on screen. */
export const SIGN_IN_SHOWN = `
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Sign in');
  if (!button) return false;
  const box = button.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(button).visibility !== 'hidden';`;

/**
 * Installs, before any of the page's scripts run, a watch for `check` (a function body returning a boolean):
 * the first frame in which it holds is stored as window.__shownAt and reported through window.__parleyShown
 * when the bench exposes it.
 */
export async function watchFor(page: Page, check: string): Promise<void> {
  await page.addInitScript(`(() => {
    const shown = () => { ${check} };
    const tick = () => {
      if (!shown()) return requestAnimationFrame(tick);
      window.__shownAt = performance.now();
      if (typeof window.__parleyShown === 'function') window.__parleyShown();
    };
    requestAnimationFrame(tick);
  })()`);
}

/** When the watched thing showed (ms since the navigation started), once it has. */
export async function shownAt(page: Page): Promise<number> {
  await page.waitForFunction(() => typeof (window as { __shownAt?: number }).__shownAt === 'number', undefined, { timeout: 30_000 });
  return Math.round(await page.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt));
}
