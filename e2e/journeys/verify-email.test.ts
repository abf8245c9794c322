// Verify your e-mail: a new account with e-mail and password sees the verify screen, not the app, until it
// follows the link Firebase e-mailed it (locally the Auth emulator's link, shown in the local mailbox). Resend
// sends another; following it opens onboarding, and only then does the workspace come with its sign-up credits.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { STACK_PORTS } from '@parley/local/stack/ports';
import { openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { followVerificationLink } from '../support/verify-email';

const run = Date.now().toString(36);
const user = { email: `verify-${run}@example.com`, password: 'verify-pass-2026' };
let session: Session;
let admin: App;

interface Recorded {
  authEmails: { to: string; requestType: string }[];
}
const verificationMails = async () =>
  ((await (await fetch(`${inject('mailboxUrl')}__recorded`)).json()) as Recorded).authEmails.filter((m) => m.to === user.email && m.requestType === 'VERIFY_EMAIL');

beforeAll(async () => {
  session = await openBrowser();
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${STACK_PORTS.firestore}`;
  admin = initializeApp({ projectId: 'demo-parley' }, `verify-${run}`);
});
afterEach((ctx) => saveFailureScreenshot(session, ctx));
afterAll(async () => {
  await session?.close();
  if (admin) await deleteApp(admin);
});

describe('verify your e-mail', () => {
  it('a new account sees the verify screen, and the verification e-mail is in the mailbox', async () => {
    const { page } = session;
    await page.goto(`${inject('appUrl')}/signup`);
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByLabel(/^Password\b/).fill(user.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
    await page.getByText(`We sent a verification link to ${user.email}.`, { exact: false }).waitFor();
    await expect.poll(async () => (await verificationMails()).length).toBe(1);
  });

  it('the app stays closed before verification: onboarding and the agents page show the verify screen', async () => {
    const { page } = session;
    for (const path of ['/onboarding?region=na', '/app/na/agents']) {
      await page.goto(`${inject('appUrl')}${path}`);
      await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
      expect(await page.getByRole('button', { name: 'Create workspace' }).count()).toBe(0);
    }
    await page.getByRole('button', { name: 'I have verified my e-mail' }).click();
    await page.getByText('Your e-mail is not verified yet.', { exact: false }).waitFor();
  });

  it('Resend sends another e-mail', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Resend e-mail' }).click();
    await page.getByText(`We sent a new link to ${user.email}.`).waitFor();
    await expect.poll(async () => (await verificationMails()).length).toBe(2);
  });

  it('following the link opens onboarding, and the new workspace gets its sign-up credits', async () => {
    const { page } = session;
    await followVerificationLink(page, inject('mailboxUrl')!, user.email);
    await page.waitForURL(/\/onboarding/);
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.waitForURL(/\/app\/na\/agents$/);
    const records = await getFirestore(admin).collection('users').where('email', '==', user.email).get();
    expect(records.size).toBe(1);
    expect(records.docs[0]!.get('loadTokens')).toBeGreaterThan(0);
  });
});
