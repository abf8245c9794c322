import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (installed by .ci/run); PARLEY_CHROMIUM overrides. */
export const CHROMIUM_PATH = process.env.PARLEY_CHROMIUM ?? '/usr/bin/chromium';

export interface Session {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A fresh Chromium profile per session: no cookies, storage or cache carried between journeys. */
export async function openBrowser(): Promise<Session> {
  const profile = mkdtempSync(join(tmpdir(), 'parley-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(20_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in on /login with the accessible names the contract fixes. */
export async function signIn(page: Page, appUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
