// Workspace and shell journeys: sign up (verifying the e-mail through the local mailbox) and onboard in the EU,
// invite a member (the e-mail lands in the local mailbox), the member sees and switches to that workspace in the
// other region, the section search jumps to Knowledge, and a render error shows the fallback that Try again
// recovers from.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';
import { signUpAndVerify } from '../support/verify-email';
import { journeyWorkspace, type JourneyWorkspace } from '../support/workspace';

const run = Date.now().toString(36);
const owner = { email: `owner-${run}@example.com`, password: 'owner-pass-2026' };
const member = { email: `member-${run}@example.com`, password: 'member-pass-2026' };
const teamName = `Journey Team ${run}`;

let ownerSession: Session;
let memberSession: Session;
let current: Session | undefined;

const signUp = (page: Page, email: string, password: string) => signUpAndVerify(page, inject('appUrl'), inject('mailboxUrl')!, email, password);

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
  // Its own workspace with one agent, signed in with notifications shown.
  let shellSession: Session;
  let workspace: JourneyWorkspace;
  beforeAll(async () => {
    workspace = await journeyWorkspace('workspace-shell', `Shell Agent ${run}`);
    shellSession = await openBrowser({ notifications: true });
    await signIn(shellSession.page, inject('appUrl'), workspace.email, workspace.password);
    await shellSession.page.waitForURL(/\/app\/na\/agents/);
  });
  afterAll(async () => {
    await shellSession?.close();
    await workspace?.close();
  });

  it('the section search jumps to Knowledge on "knowl"', async () => {
    current = shellSession;
    const { page } = shellSession;
    await page.getByRole('link', { name: workspace.agentTitle }).first().click();
    await page.waitForURL(/\/agents\/[^/]+\/overview/);
    await page.getByRole('textbox', { name: 'Search sections' }).fill('knowl');
    await page.getByRole('option', { name: /Knowledge.*Strong match/i }).waitFor();
    await page.waitForURL(/\/agents\/[^/]+\/kb$/);
  });

  it('Publish is enabled by a draft change, saves, offers the deploy popover and records a version', async () => {
    current = shellSession;
    const { page } = shellSession;
    await page.goto(`${inject('appUrl')}/app/na/agents`);
    await page.getByRole('link', { name: workspace.agentTitle }).first().click();
    await page.waitForURL(/\/agents\/[^/]+\/overview/);
    const publish = page.getByRole('button', { name: 'Publish', exact: true });
    await publish.waitFor();
    expect(await publish.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Description' }).fill(`Answers questions about Parley (${run}).`);
    expect(await publish.isEnabled()).toBe(true);
    await publish.click();
    await page.getByRole('button', { name: 'Add widget to website' }).waitFor();
    await page.getByRole('button', { name: "Don't show again" }).click();
    expect(await page.getByRole('button', { name: 'Published' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Agent actions' }).click();
    await page.getByRole('menuitem', { name: 'Version History' }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.waitFor();
    expect(await versions.getByRole('row').count()).toBeGreaterThanOrEqual(1);
    await page.keyboard.press('Escape');
  });

  it('a new notification appears in the panel (polled), becomes seen when shown and Mark as read removes it', async () => {
    current = shellSession;
    const { page } = shellSession;
    const title = 'Handoff requested: a visitor wants to talk to a person about their order';
    await workspace.db.doc(`notifications-2/n-${run}`).set({
      ID: `n-${run}`, title, body: 'Open the chat to reply.', ts: Math.floor(Date.now() / 1000), seen: false,
      notificationLevel: 2, notifyOnly: [], ownerID: workspace.uid, urlPathname: '/app/na/agents',
    });
    await page.goto(`${inject('appUrl')}/app/na/agents`);
    // The workspace is this journey's own: this is its one new notification.
    await page.getByRole('button', { name: 'Notifications (1 new)' }).click();
    const shown = `${title.slice(0, 50)}...`;
    const list = page.getByRole('list', { name: 'Notifications list' });
    await list.getByText(shown).waitFor();
    await list.getByRole('button', { name: `Mark as read: ${shown}` }).click();
    await expect.poll(() => list.getByText(shown).count(), { timeout: 10_000 }).toBe(0);
  });

  it('a render error shows the fallback and Try again recovers', async () => {
    current = shellSession;
    const { page } = shellSession;
    await page.goto(`${inject('appUrl')}/app/na/agents?__throw=1`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('link', { name: workspace.agentTitle }).first().waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
  });

  it('public pages have content: pricing plans and a legal page with the public footer', async () => {
    current = shellSession;
    const { page } = shellSession;
    await page.goto(`${inject('appUrl')}/pricing`);
    await page.getByRole('heading', { name: 'Pro' }).waitFor();
    expect(await page.getByText('$59').count()).toBeGreaterThan(0);
    await page.goto(`${inject('appUrl')}/legal/privacy-policy`);
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'GDPR' }).count()).toBe(1);
  });
});
