import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Presses Verify subdomain until the agency's Domains tab shows the subdomain Verified. Once it is, the button is gone:
 * pressing it again would wait for a button that never comes back, so each round looks for Verified first.
 */
export async function verifySubdomain(page: Page, timeoutMs = 20_000): Promise<void> {
  const verified = page.getByText('Verified', { exact: true });
  const verify = page.getByRole('button', { name: 'Verify subdomain' });
  await expect
    .poll(async () => {
      if ((await verified.count()) === 0) await verify.click({ timeout: 2_000 }).catch(() => undefined);
      return verified.count();
    }, { timeout: timeoutMs, interval: 500 })
    .toBeGreaterThan(0);
}
