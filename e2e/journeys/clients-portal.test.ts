// Clients and organisations on the agency host: a new owner sets up an agency with the subdomain `probe`, creates
// "Probe Org" and a client who may see only Chats of the owner's agent, and copies the one-time password. On
// http://probe.localhost:5000/ the client signs in and lands on that agent's Chats, sees only the Chats tab, and
// typing another page's URL brings it back to Chats; a wrong password and the e-mailed code flow sign in
// as they should. The owner disables the org's access: the client's dashboard shows the org's message with Log Out. A credit
// transfer moves exactly the amount, and the org's audit log shows it. The agency settings' admin magic link (its
// secret in the URL fragment) opens the client dashboards as an agency admin; regenerating the secret ends that
// session: its refresh token and its ID token are refused.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { STACK_PORTS } from '@parley/local/stack/ports';
import { flipSwitch, openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';
import { journeyWorkspace, type JourneyWorkspace } from '../support/workspace';
import { verifySubdomain } from '../support/domains';

const SUBDOMAIN = 'probe';
const HOST = `http://${SUBDOMAIN}.localhost:5000`;
const CLIENT = { name: 'Casey Client', email: 'casey@probe-org.test' };
const PAUSED = 'Probe Org is paused until the invoice is paid.';

let owner: Session;
let client: Session;
let password = '';
let workspace: JourneyWorkspace;

beforeAll(async () => {
  workspace = await journeyWorkspace('clients-portal', 'Probe Agent');
  owner = await openBrowser();
  client = await openBrowser();
});
afterEach(async (ctx) => {
  await saveFailureScreenshot(owner, { task: { ...ctx.task, name: `owner ${ctx.task.name}` } });
  await saveFailureScreenshot(client, { task: { ...ctx.task, name: `client ${ctx.task.name}` } });
});
afterAll(async () => {
  await owner?.close();
  await client?.close();
  await workspace?.close();
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
const orgCard = (page: Page) => page.getByRole('region', { name: 'Probe Org' });

/** The e-mails the mailbox stand-in has sent to `to` so far, oldest first. */
async function mailsTo(mailbox: string, to: string): Promise<{ subject: string }[]> {
  const { emails } = (await (await fetch(`${mailbox}__recorded`)).json()) as { emails: { to: string[]; subject: string }[] };
  return emails.filter((e) => e.to.includes(to));
}

async function clientSignIn(page: Page, pass: string) {
  await page.goto(`${HOST}/`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(CLIENT.email);
  await page.getByLabel('Password', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).waitFor();
}

describe('clients on the agency host', () => {
  it('the owner sets up the agency host, Probe Org and a Chats-only client, and copies its password', async () => {
    const appUrl = inject('appUrl');
    const { page } = owner;
    await signIn(page, appUrl, workspace.email, workspace.password);
    await page.waitForURL(/\/app\/na\/agents/);

    // The agency and its subdomain (the local Hosting stand-in verifies it).
    await page.goto(`${appUrl}/app/na/agency`);
    // A new workspace has no agency yet. The agency callables' first call may start their functions in the emulator.
    const initialise = page.getByRole('button', { name: 'Initialize agency settings' });
    const agencyName = page.getByLabel('Agency name');
    await initialise.waitFor({ timeout: 90_000 });
    await initialise.click();
    await toast(page, 'Agency settings initialized');
    await agencyName.fill('Probe Agency');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved successfully');
    await page.getByRole('tab', { name: 'Domains', exact: true }).click();
    const subForm = page.getByRole('form', { name: 'Subdomain form' });
    await subForm.getByLabel('Subdomain').fill(SUBDOMAIN);
    await subForm.getByRole('button', { name: 'Save subdomain' }).click();
    await toast(page, 'Domain verification pending..');
    await verifySubdomain(page);

    // Probe Org with the owner's agent.
    await page.goto(`${appUrl}/app/na/clients`);
    await page.getByRole('heading', { name: 'Clients' }).waitFor();
    await page.getByRole('button', { name: 'New Organization' }).click();
    const orgDrawer = page.getByRole('dialog', { name: 'New Organization' });
    await orgDrawer.getByRole('textbox', { name: /^Organization name/ }).fill('Probe Org');
    await orgDrawer.getByRole('combobox', { name: 'Assigned agents' }).click();
    await page.getByRole('option', { name: workspace.agentTitle }).click();
    // Clicking elsewhere in the drawer closes the options list.
    await orgDrawer.getByRole('textbox', { name: /^Organization name/ }).click();
    await page.getByRole('option', { name: workspace.agentTitle }).waitFor({ state: 'hidden' });
    await orgDrawer.getByRole('button', { name: 'Create organization' }).click();
    await orgCard(page).waitFor({ timeout: 30_000 });
    expect(await orgCard(page).getByLabel('Agents').textContent()).toBe('1 agents');

    // A client who may see only Chats.
    await orgCard(page).getByRole('button', { name: 'Add User' }).click();
    const userDrawer = page.getByRole('dialog', { name: 'Add User' });
    await userDrawer.getByRole('textbox', { name: /^Name/ }).fill(CLIENT.name);
    await userDrawer.getByRole('textbox', { name: /^Email/ }).fill(CLIENT.email);
    for (const pageName of ['Home', 'Analytics', 'Leads', 'Campaigns']) await userDrawer.getByRole('checkbox', { name: pageName, exact: true }).uncheck();
    expect(await userDrawer.getByRole('checkbox', { name: 'Chats', exact: true }).isChecked()).toBe(true);
    await userDrawer.getByRole('button', { name: 'Add User' }).click();
    await userDrawer.getByRole('button', { name: 'Copy password' }).click();
    password = (await userDrawer.getByLabel('New password').textContent()) ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{15}$/);
    await userDrawer.getByRole('button', { name: 'Done' }).click();
    await orgCard(page).getByRole('cell', { name: CLIENT.email, exact: true }).waitFor();
  }, 300_000);

  it('the client signs in on the agency host, lands on Chats, sees only Chats, and other pages return to it', async () => {
    const { page } = client;
    await clientSignIn(page, password);
    await page.waitForURL(/\/app\/na\/agents\/[^/]+\/convos$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Chats' }).waitFor();
    const chatsUrl = page.url();
    const tabs = page.getByRole('navigation', { name: 'Agent sections' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(['Chats']);

    await page.goto(`${HOST}/settings`);
    await page.waitForURL(chatsUrl);
    await page.goto(chatsUrl.replace(/convos$/, 'settings'));
    await page.waitForURL(chatsUrl);
    await page.getByRole('heading', { name: 'Chats' }).waitFor();
    await logOut(page);
  });

  it('a wrong password says so', async () => {
    const { page } = client;
    await clientSignIn(page, 'not-the-password');
    await page.getByText('Password is incorrect please try again').first().waitFor();
    expect(page.url()).toBe(`${HOST}/`);
  });

  it('the e-mailed login code signs the client in', async () => {
    const { page } = client;
    const mailbox = inject('mailboxUrl')!;
    // The mailbox is shared with the other journeys: only a code mailed to this client after this moment counts.
    const sentBefore = await mailsTo(mailbox, CLIENT.email);
    await page.goto(`${HOST}/`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(CLIENT.email);
    await page.getByRole('button', { name: 'Email Login Code' }).click();
    await page.getByRole('textbox', { name: 'Login Code' }).waitFor();
    expect(await page.getByRole('button', { name: 'Resend Code' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    let code = '';
    await expect
      .poll(async () => {
        const mails = await mailsTo(mailbox, CLIENT.email);
        code = mails.length > sentBefore.length ? (/(\d{6})/.exec(mails.at(-1)!.subject)?.[1] ?? '') : '';
        return code;
      }, { timeout: 15_000 })
      .toMatch(/^\d{6}$/);
    await page.getByRole('textbox', { name: 'Login Code' }).fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/app\/na\/agents\/[^/]+\/convos$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Chats' }).waitFor();
  });

  it('the owner disables the org’s access: the client sees the org’s message, and Log Out works', async () => {
    const { page } = owner;
    await orgCard(page).getByRole('button', { name: 'Org Info' }).click();
    const drawer = page.getByRole('dialog', { name: 'Org Info' });
    await flipSwitch(drawer, 'Disable client access');
    await drawer.getByRole('textbox', { name: /^Disabled access message/ }).fill(PAUSED);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Organization updated successfully!');

    // The client's open dashboard follows its org live.
    const modal = client.page.getByRole('dialog', { name: 'Access denied' });
    await modal.getByText(PAUSED).waitFor({ timeout: 20_000 });
    await modal.getByRole('button', { name: 'Log Out' }).click();
    await client.page.getByRole('textbox', { name: 'E-mail' }).waitFor();
    expect(client.page.url()).toBe(`${HOST}/`);
  });

  it('a credit transfer moves exactly the amount, and the audit log shows it', async () => {
    const { page } = owner;
    const workspaceCredits = async () => Number(((await page.getByText(/^Workspace credits:/).textContent()) ?? '').replace(/[^0-9.]/g, ''));
    const before = await workspaceCredits();
    expect(before).toBeGreaterThan(12.5);
    await orgCard(page).getByRole('button', { name: 'Transfer credits' }).click();
    const modal = page.getByRole('dialog', { name: /^Transfer credits/ });
    await modal.getByRole('textbox', { name: 'Amount' }).fill('12.5');
    await modal.getByRole('button', { name: 'Transfer' }).click();
    await toast(page, 'Credits transferred successfully!');
    await expect.poll(() => orgCard(page).getByLabel('Credits').textContent()).toBe('12.5 credits');
    expect(await workspaceCredits()).toBeCloseTo(before - 12.5, 5);

    await orgCard(page).getByRole('button', { name: 'Org Info' }).click();
    const log = page.getByRole('dialog', { name: 'Org Info' }).getByRole('table', { name: 'Audit log' });
    const row = log.getByRole('row').filter({ hasText: 'Credits transferred' });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain('12.5');
  });

  it('the admin magic link opens the client dashboards; regenerating the secret refuses its refresh token and its ID token', async () => {
    const { page } = owner;
    await page.goto(`${inject('appUrl')}/app/na/agency`);
    const linkField = page.getByRole('textbox', { name: 'Admin magic link' }).or(page.getByLabel('Admin magic link'));
    await linkField.first().waitFor();
    const link = await linkField.first().inputValue();
    // The secret rides in the fragment: no request line (or server log) ever carries it.
    expect(link).toMatch(/^http:\/\/[a-z0-9.-]+:5000\/#/);
    const fragment = new URLSearchParams(new URL(link).hash.slice(1));
    const agencyId = fragment.get('agencyId')!;
    const secret = fragment.get('adminSecret')!;

    const admin = await openBrowser();
    try {
      await admin.page.goto(link);
      await admin.page.waitForURL(/\/app\/na/);
      await admin.page.getByRole('button', { name: 'Profile menu' }).waitFor();
    } finally {
      await admin.close();
    }

    const auth = `http://127.0.0.1:${STACK_PORTS.auth}`;
    const callable = (name: string, idToken: string, data: unknown) =>
      fetch(`http://127.0.0.1:${STACK_PORTS.functions}/demo-parley/us-central1/${name}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` }, body: JSON.stringify({ data }),
      });
    const postJson = async (url: string, body: unknown) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, json: (await res.json()) as Record<string, string> };
    };
    const signedIn = await postJson(`${inject('appUrl')}/public/agencies/${agencyId}/admin-sign-in`, { secret, region: 'na' });
    expect(signedIn.status).toBe(200);
    const session = await postJson(`${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=fake-api-key`, { token: signedIn.json.token, returnSecureToken: true });
    expect((await callable('listOrgs', session.json.idToken!, { region: 'na' })).status).toBe(200);

    const ownerToken = await postJson(`${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, { email: workspace.email, password: workspace.password, returnSecureToken: true });
    expect((await callable('agencySecret', ownerToken.json.idToken!, { region: 'na', agencyId, regenerate: true })).status).toBe(200);

    const refreshed = await fetch(`${auth}/securetoken.googleapis.com/v1/token?key=fake-api-key`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.json.refreshToken! }).toString(),
    });
    expect(refreshed.status).toBe(400);
    expect((await callable('listOrgs', session.json.idToken!, { region: 'na' })).status).toBe(401);
    expect((await postJson(`${inject('appUrl')}/public/agencies/${agencyId}/admin-sign-in`, { secret, region: 'na' })).status).toBe(401);
  });
});
