import type { Page } from 'playwright-core';

/**
 * Signs up on /signup, sees the verify-your-e-mail screen, follows the verification link the local mailbox
 * shows for `email` (the Auth emulator's e-mail) and lands on onboarding, as a new user does.
 */
export async function signUpAndVerify(page: Page, appUrl: string, mailboxUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${appUrl}/signup`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password\b/).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
  await followVerificationLink(page, mailboxUrl, email);
  await page.waitForURL(/\/onboarding/);
}

/** Opens the local mailbox and clicks the newest verification link sent to `email`. */
export async function followVerificationLink(page: Page, mailboxUrl: string, email: string): Promise<void> {
  await page.goto(mailboxUrl);
  const message = page.locator('article', { hasText: email }).filter({ has: page.getByRole('heading', { name: 'Verify your e-mail for Parley' }) });
  await message.first().getByRole('link', { name: 'Verify e-mail address' }).click();
}
