// Leads: the owner turns on "Collect leads" in the agent's settings; a visitor on a shop's website is asked for
// name and e-mail before the first message (a mistyped e-mail is refused and typed again), then chats; the owner
// sees the lead on the Leads page, filters it, exports a CSV holding it, opens its conversation (Chats' lead filter
// in the URL) and deletes it after the confirmation. Everything asserted is this journey's own workspace's.
import type { FrameLocator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { flipSwitch, openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';
import { shopSite, type ShopSite } from '../support/shop-site';
import { journeyWorkspace, type JourneyWorkspace } from '../support/workspace';

let visitor: Session;
let owner: Session;
let site: ShopSite | undefined;
let workspace: JourneyWorkspace;
let agentId = '';
let leadsUrl = '';

const NAME = 'Zoë Ruiz, buyer';
const EMAIL = 'zoe.ruiz@example.com';
const QUESTION = 'Do you deliver wedding cakes on Sundays?';

beforeAll(async () => {
  const appUrl = inject('appUrl');
  workspace = await journeyWorkspace('leads', 'Cake Shop Agent');
  agentId = workspace.agentId;
  await workspace.db.doc(`voiceglow/${agentId}`).set({ recordChatHistory: true, messageDelayMS: 0 }, { merge: true });
  leadsUrl = `${appUrl}/app/na/agents/${agentId}/leads`;
  site = await shopSite(appUrl, agentId, 'Cake Shop');
  visitor = await openBrowser();
  owner = await openBrowser();
  await signIn(owner.page, appUrl, workspace.email, workspace.password);
  await owner.page.waitForURL(/\/app\/na\/agents/);
}, 180_000);
afterEach(async (ctx) => {
  await saveFailureScreenshot(visitor, { task: { ...ctx.task, name: `visitor ${ctx.task.name}` } });
  await saveFailureScreenshot(owner, { task: { ...ctx.task, name: `owner ${ctx.task.name}` } });
});
afterAll(async () => {
  await site?.close();
  await visitor?.close();
  await owner?.close();
  await workspace?.close();
});

describe('leads', () => {
  it('the owner turns on Collect leads (name and e-mail, at the start) and saves', async () => {
    const { page } = owner;
    await page.goto(`${inject('appUrl')}/app/na/agents/${agentId}/settings?tab=core`);
    await flipSwitch(page, 'Collect leads');
    await page.getByRole('checkbox', { name: 'Name' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'E-mail' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /At the start/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved successfully').waitFor();
    const stored = (await workspace.db.doc(`voiceglow/${agentId}`).get()).get('collectLeads');
    expect(stored).toMatchObject({ enabled: true, fields: { name: true, email: true, phone: false }, when: 'start' });
  });

  it('a visitor is asked before the first message; a mistyped e-mail is asked again; then they chat', async () => {
    const { page } = visitor;
    await page.goto(site!.url);
    await page.getByRole('button', { name: /Open chat/ }).click();
    const chat: FrameLocator = page.frameLocator('iframe[title^="Chat"]');
    const form = chat.getByRole('form', { name: 'Before we start, how can we reach you?' });
    await form.waitFor({ timeout: 20_000 });
    expect(await chat.getByRole('textbox', { name: 'Type your message…' }).count()).toBe(0);
    await form.getByLabel('Name').fill(NAME);
    await form.getByLabel('E-mail').fill('zoe.ruiz@example');
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByRole('alert').filter({ hasText: 'Please enter a valid e-mail address.' }).waitFor();
    expect(await workspace.db.collection(`voiceglow/${agentId}/leads`).get()).toHaveProperty('size', 0);
    await form.getByLabel('E-mail').fill(EMAIL);
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.waitFor({ state: 'detached' });
    await chat.getByRole('textbox').fill(QUESTION);
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await chat.locator('.row.assistant', { hasText: QUESTION }).first().waitFor({ timeout: 30_000 });
  });

  it('the owner sees the lead, filters it, and exports a CSV holding it', async () => {
    const { page } = owner;
    await page.goto(leadsUrl);
    const table = page.getByRole('table', { name: 'Leads' });
    const row = table.getByRole('row').filter({ hasText: EMAIL });
    await row.waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await row.textContent()).toContain(NAME);
    expect(await row.textContent()).toContain('Web widget');

    // Another channel: nothing.
    await page.goto(`${leadsUrl}?channel=whatsapp`);
    await page.getByText('No lead matches these filters.').waitFor();
    // Typing a search writes it into the URL.
    await page.goto(leadsUrl);
    await row.waitFor();
    await page.getByLabel('Search leads').fill('nobody@example.com');
    await page.getByText('No lead matches these filters.').waitFor();
    expect(page.url()).toContain('q=nobody%40example.com');
    // By its e-mail, as the owner types it.
    await page.goto(`${leadsUrl}?q=${encodeURIComponent(EMAIL.toUpperCase())}`);
    await row.waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^leads-${agentId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    // The browser runs apart from the test (a remote connection): the file is read through its stream.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Created,Name,E-mail,Phone,Channel,Page,Country,Conversation');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${NAME}",${EMAIL},,widget,`);
  });

  it('the lead opens its conversation, and Chats lists it with the lead filter from the URL', async () => {
    const { page } = owner;
    await page.goto(leadsUrl);
    await page.getByRole('link', { name: `Open the conversation of ${NAME}` }).click();
    await page.waitForURL(/\/convos\?conversation=/);
    await page.getByLabel('Transcript').getByText(QUESTION, { exact: true }).waitFor();
    await page.goto(`${inject('appUrl')}/app/na/agents/${agentId}/convos?lead=with`);
    const conversations = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button');
    await conversations.filter({ hasText: NAME }).first().waitFor();
    expect(await conversations.count()).toBe(1);
    await page.goto(`${inject('appUrl')}/app/na/agents/${agentId}/convos?lead=without`);
    await page.getByText('No conversation matches these filters.').waitFor();
  });

  it('the owner deletes the lead after the confirmation', async () => {
    const { page } = owner;
    await page.goto(leadsUrl);
    await page.getByRole('button', { name: `Delete ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this lead?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(/No leads yet/).waitFor();
    expect((await workspace.db.collection(`voiceglow/${agentId}/leads`).get()).size).toBe(0);
  });
});
