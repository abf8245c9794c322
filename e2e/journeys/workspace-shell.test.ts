// Workspace and shell journeys: sign up and onboard in the EU, invite a member (the e-mail lands in
// the local mailbox), the member sees and switches to that workspace in the other region, the section
// search jumps to Knowledge, and a render error shows the fallback that Try again recovers from.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';

const run = Date.now().toString(36);
const owner = { email: `owner-${run}@example.com`, password: 'owner-pass-2026' };
const member = { email: `member-${run}@example.com`, password: 'member-pass-2026' };
const teamName = `Journey Team ${run}`;

let ownerSession: Session;
let memberSession: Session;
let current: Session | undefined;

async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${inject('appUrl')}/signup`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password\b/).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(/\/onboarding/);
}

beforeAll(async () => {
  ownerSession = await openBrowser();
  memberSession = await openBrowser();
});
afterEach((ctx) => saveFailureScreenshot(current, ctx));
afterAll(async () => {
  await ownerSession?.close();
  await memberSession?.close();
});

describe('workspaces', () => {
  it('signs up, onboards in the EU and lands on the empty agents list', async () => {
    current = ownerSession;
    const { page } = ownerSession;
    await signUp(page, owner.email, owner.password);
    await page.getByRole('radio', { name: 'Europe (EU)' }).check();
    await page.getByRole('textbox', { name: 'Workspace name' }).fill(teamName);
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.waitForURL(/\/app\/eu\/agents$/);
    await page.getByRole('heading', { name: 'No agents yet' }).waitFor();
    expect(await page.getByRole('button', { name: `Workspace: ${teamName}` }).count()).toBe(1);
  });

  it('keeps the session across a reload', async () => {
    const { page } = ownerSession;
    await page.reload();
    await page.getByRole('heading', { name: 'Agents', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/eu/agents');
  });

  it('invites a member and the invite e-mail arrives in the local mailbox', async () => {
    current = ownerSession;
    const { page } = ownerSession;
    await page.goto(`${inject('appUrl')}/app/eu/workspace`);
    await page.getByRole('textbox', { name: 'Invite by email' }).fill(owner.email);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText("You can't invite yourself lol").first().waitFor();
    await page.getByRole('textbox', { name: 'Invite by email' }).fill(member.email);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('Successfully invited').first().waitFor();
    await page.getByRole('cell', { name: member.email, exact: true }).waitFor();

    const mailbox = inject('mailboxUrl');
    expect(mailbox).toBeTruthy();
    await page.goto(mailbox!);
    const invite = page.locator('article', { hasText: member.email }).filter({ has: page.getByRole('heading', { name: `You've been invited to ${teamName} on Parley` }) });
    await invite.first().waitFor();
  });

  it('the member signs up in NA, sees the EU workspace and switches to it', async () => {
    current = memberSession;
    const { page } = memberSession;
    await signUp(page, member.email, member.password);
    await page.getByRole('button', { name: 'Create workspace' }).click(); // default region NA, generated name
    await page.waitForURL(/\/app\/na\/agents$/);
    await page.getByRole('button', { name: /^Workspace: Personal/ }).click();
    await page.getByRole('menuitem', { name: new RegExp(teamName) }).click();
    await page.getByText('Switching workspace').waitFor();
    await page.waitForURL(/\/app\/eu\/agents$/);
    await page.getByRole('button', { name: `Workspace: ${teamName}` }).waitFor();
  });
});

describe('shell', () => {
  let demoSession: Session;
  beforeAll(async () => {
    demoSession = await openBrowser();
    const demo = inject('demo');
    await signIn(demoSession.page, inject('appUrl'), demo.email, demo.password);
    await demoSession.page.waitForURL(/\/app\/na\/agents/);
  });
  afterAll(() => demoSession?.close());

  it('the section search jumps to Knowledge on "knowl"', async () => {
    current = demoSession;
    const { page } = demoSession;
    await page.getByRole('link', { name: inject('demo').agentTitle }).first().click();
    await page.waitForURL(/\/agents\/[^/]+\/overview/);
    await page.getByRole('textbox', { name: 'Search sections' }).fill('knowl');
    await page.getByRole('option', { name: /Knowledge.*Strong match/i }).waitFor();
    await page.waitForURL(/\/agents\/[^/]+\/kb$/);
  });

  it('a render error shows the fallback and Try again recovers', async () => {
    current = demoSession;
    const { page } = demoSession;
    await page.goto(`${inject('appUrl')}/app/na/agents?__throw=1`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('link', { name: inject('demo').agentTitle }).first().waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
  });

  it('public pages have content: pricing plans and a legal page with the public footer', async () => {
    current = demoSession;
    const { page } = demoSession;
    await page.goto(`${inject('appUrl')}/pricing`);
    await page.getByRole('heading', { name: 'Pro' }).waitFor();
    expect(await page.getByText('$59').count()).toBeGreaterThan(0);
    await page.goto(`${inject('appUrl')}/legal/privacy-policy`);
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'GDPR' }).count()).toBe(1);
  });
});
