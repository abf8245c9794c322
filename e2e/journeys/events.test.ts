// Events: the owner creates the events signing secret on Credentials, points Events at an inbox of the local
// webhook receiver stand-in (a metadata URL is refused at its field first), subscribed to conversation.started, and
// sends a test event: the stand-in checks its Standard Webhooks signature itself, and Deliveries shows it with its
// attempt. A visitor then chats on a shop's page: conversation.started reaches the stand-in with 200 and a valid
// signature, and Deliveries lists it. The inbox is switched to
// answer 500: every attempt is recorded (the local Cloud Tasks emulator runs retries without their delays), the
// failure e-mail reaches the local mailbox, and Replay after restoring the inbox delivers once. Last, the owner
// regenerates the workspace secret: a REST call with the old one gets 401. The Crawler reads the website stand-in
// into the agent's knowledge (one source per page); after one page is edited and one deleted, Refresh now updates
// exactly one and removes one, and the run history says so.
import { randomBytes } from 'node:crypto';
import { FAKE_PORTS } from '@parley/local/fakes';
import { portOverride } from '@parley/local/stack/ports';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openWidget, sendAndAwaitAnswer, useVisitorAndOwner } from '../support/visitor-and-owner';

const sinkUrl = `http://127.0.0.1:${portOverride('webhook-sink', FAKE_PORTS['webhook-sink']!)}`;
const siteUrl = `http://127.0.0.1:${portOverride('site', FAKE_PORTS.site!)}`;
const INBOX = `/hooks/journey-${randomBytes(6).toString('hex')}`;

interface SinkDelivery {
  body: string;
  status: number;
  signature: 'valid' | 'invalid' | 'unchecked';
}
const inbox = async () => (await (await fetch(`${sinkUrl}/__recorded?path=${encodeURIComponent(INBOX)}`)).json()) as SinkDelivery[];
const controlInbox = (body: Record<string, unknown>) => fetch(`${sinkUrl}/__control`, { method: 'POST', body: JSON.stringify({ path: INBOX, ...body }) });

const world = useVisitorAndOwner('events', 'Events Agent', 'Events Shop', { recordChatHistory: true, messageDelayMS: 0 });
const secrets = () => world.workspace.db.doc(`users/${world.workspace.uid}/private/secrets`).get();
afterAll(async () => {
  await fetch(`${siteUrl}/__reset`, { method: 'POST' }).catch(() => undefined);
});

async function openDeliveries() {
  const { page } = world.owner;
  await page.getByRole('tab', { name: 'Deliveries' }).click();
  await page.getByRole('button', { name: 'Refresh' }).click();
}

describe('events', () => {
  it('the owner creates the events signing secret on Credentials (the receiver is given it)', async () => {
    const { page } = world.owner;
    await page.goto(`${inject('appUrl')}/app/na/credentials`);
    await page.getByRole('heading', { name: 'Credentials' }).waitFor();
    await page.getByRole('button', { name: 'Copy Events signing secret' }).click();
    await expect.poll(async () => (await secrets()).get('eventsSigningSecret'), { timeout: 10_000 }).toMatch(/^whsec_/);
    await controlInbox({ secret: (await secrets()).get('eventsSigningSecret') });
    expect(await page.content()).not.toContain((await secrets()).get('eventsSigningSecret'));
  });

  it('points Events at the stand-in (a metadata URL refused at its field) and sends a test event the receiver verifies', async () => {
    const { page } = world.owner;
    await page.goto(`${inject('appUrl')}/app/na/events`);
    const url = page.getByLabel('Endpoint URL');
    await url.fill('http://169.254.169.254/latest/meta-data/');
    await page.getByRole('checkbox', { name: /conversation\.started/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This address cannot be reached from our servers.').waitFor();
    await url.fill(`${sinkUrl}${INBOX}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Events settings saved').waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(async () => (await inbox()).length, { timeout: 60_000 }).toBe(1);
    const [delivery] = await inbox();
    expect(delivery).toMatchObject({ status: 200, signature: 'valid' });
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'test' });
    expect(delivery!.body).not.toContain((await secrets()).get('workspaceSecret'));

    await openDeliveries();
    const table = page.getByRole('table', { name: 'Deliveries' });
    await table.getByRole('row').filter({ hasText: 'delivered' }).first().waitFor({ timeout: 15_000 });
    await table.getByRole('button', { name: /^Open delivery test/ }).first().click();
    const attempts = page.getByRole('table', { name: 'Attempts' });
    await attempts.getByText('{"received":true}').waitFor();
    expect(await attempts.getByRole('row').count()).toBe(2); // the header and one attempt
    await page.keyboard.press('Escape');
  });

  it('a visitor chats: conversation.started reaches the receiver with 200 and a valid signature, and Deliveries lists it', async () => {
    const chat = await openWidget(world.visitor, world.site);
    await sendAndAwaitAnswer(chat, 'Do you deliver on Sundays?');
    await expect.poll(async () => (await inbox()).filter((d) => JSON.parse(d.body).type === 'conversation.started').length, { timeout: 60_000 }).toBe(1);
    const started = (await inbox()).find((d) => JSON.parse(d.body).type === 'conversation.started')!;
    expect(started).toMatchObject({ status: 200, signature: 'valid' });
    expect(JSON.parse(started.body).payload).toMatchObject({ agentId: world.workspace.agentId });

    const { page } = world.owner;
    await openDeliveries();
    const table = page.getByRole('table', { name: 'Deliveries' });
    await table.getByRole('row').filter({ hasText: 'conversation.started' }).filter({ hasText: 'delivered' }).first().waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Endpoint' }).click();
  });

  it('a failing receiver: every attempt recorded, the failure e-mail in the mailbox, Replay delivers once when it is back', async () => {
    const { page } = world.owner;
    await controlInbox({ status: 500 });
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(async () => (await inbox()).filter((d) => d.status === 500).length, { timeout: 60_000 }).toBe(9);
    const mailbox = inject('mailboxUrl')!;
    await expect.poll(async () => JSON.stringify(await (await fetch(`${mailbox}__recorded`)).json()), { timeout: 20_000 }).toContain(`Failed to send event to ${sinkUrl}${INBOX}`);

    await openDeliveries();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'failed' }).click();
    const failed = page.getByRole('table', { name: 'Deliveries' }).getByRole('button', { name: /^Open delivery test/ }).first();
    await failed.waitFor({ timeout: 15_000 });
    await failed.click();
    const attempts = page.getByRole('table', { name: 'Attempts' });
    await expect.poll(() => attempts.getByText('500', { exact: true }).count()).toBe(9);

    await controlInbox({ status: 200 });
    await page.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(async () => (await inbox()).filter((d) => d.status === 200).length, { timeout: 20_000 }).toBe(3);
    expect((await inbox()).at(-1)).toMatchObject({ signature: 'valid' });
    await page.keyboard.press('Escape');
  });

  it('regenerating the workspace secret on Credentials makes a REST call with the old one get 401', async () => {
    const { page } = world.owner;
    const old = (await secrets()).get('workspaceSecret') as string;
    const logCall = (secret: string) =>
      fetch(`${inject('appUrl')}/api/workspace/${world.workspace.uid}/logs`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body: JSON.stringify({ region: 'na', type: 'info', content: 'journey log' }),
      });
    expect((await logCall(old)).status).toBe(200);
    await page.goto(`${inject('appUrl')}/app/na/credentials`);
    await page.getByRole('button', { name: 'Regenerate workspace secret' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/stops working at once/).waitFor();
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    const fresh = (await dialog.getByLabel('New workspace secret').textContent())!;
    expect(fresh).toMatch(/^vg_/);
    expect(fresh).not.toBe(old);
    expect((await logCall(old)).status).toBe(401);
    expect((await logCall(fresh)).status).toBe(200);
  });

  it('the Crawler reads the site into the agent’s knowledge; a refresh updates the edited page and removes the deleted one', async () => {
    const { page } = world.owner;
    await fetch(`${siteUrl}/__reset`, { method: 'POST' });
    await page.goto(`${inject('appUrl')}/app/na/automations`);
    await page.getByRole('heading', { name: 'Crawler' }).waitFor();
    await page.getByRole('button', { name: 'New crawl job' }).click();
    const dialog = page.getByRole('dialog', { name: 'New crawl job' });
    await dialog.getByRole('combobox', { name: 'Agent' }).click();
    await page.getByRole('option', { name: world.workspace.agentTitle }).click();
    await dialog.getByLabel('Start URL').fill(`${siteUrl}/`);
    await dialog.getByRole('button', { name: 'Create and crawl' }).click();
    const pages = page.getByRole('list', { name: 'Pages' });
    await expect.poll(() => pages.getByRole('listitem').count(), { timeout: 60_000 }).toBe(4);
    const kb = await world.workspace.db.collection(`voiceglow/${world.workspace.agentId}/kb`).get();
    expect(kb.docs.map((d) => d.get('crawlJobId'))).toEqual([expect.any(String), expect.any(String), expect.any(String), expect.any(String)]);
    await page.keyboard.press('Escape');

    await fetch(`${siteUrl}/__pages?path=/hours`, { method: 'PUT', body: JSON.stringify({ title: 'Opening hours', body: '<h1>Opening hours</h1><p>We now close at eight.</p>' }) });
    await fetch(`${siteUrl}/__pages?path=/contact`, { method: 'DELETE' });
    await page.getByRole('button', { name: `Refresh now: ${siteUrl}/` }).click();
    const jobs = page.getByRole('table', { name: 'Crawl jobs' });
    await jobs.getByText('0 added, 1 updated, 2 unchanged, 1 removed, 0 failed').waitFor({ timeout: 60_000 });
    await jobs.getByRole('button', { name: `Open crawl job ${siteUrl}/` }).click();
    const runs = page.getByRole('table', { name: 'Runs' });
    await runs.getByText('Refresh now').waitFor();
    expect(await pages.getByRole('listitem').count()).toBe(3);
  });
});
