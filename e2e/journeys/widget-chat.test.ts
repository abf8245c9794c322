// The widget end to end: a website on another local origin embeds the widget with the one tag; a
// visitor asks a question answered from a knowledge-base document and watches it stream in; the owner
// finds the conversation in Chats, takes over and replies; the visitor sees the operator's reply.
import type { FrameLocator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';
import { shopSite, type ShopSite } from '../support/shop-site';
import { addKnowledgeText, journeyWorkspace, type JourneyWorkspace } from '../support/workspace';

const KB_TEXT = [
  'Delivery: the bakery delivers sourdough loaves within 5 km of the shop every morning for a fee of 3 euros.',
  'Opening hours: we open at 7am and close at 7pm from Monday to Saturday.',
].join('\n\n');

let visitor: Session;
let owner: Session;
let site: ShopSite | undefined;
let siteUrl = '';
let agentId = '';
let workspace: JourneyWorkspace;

beforeAll(async () => {
  const appUrl = inject('appUrl');
  workspace = await journeyWorkspace('widget-chat', 'Corner Bakery Agent');
  agentId = workspace.agentId;
  // A new workspace starts with the signup grant; the agent records chats and answers without pauses.
  await workspace.db.doc(`voiceglow/${agentId}`).set({ recordChatHistory: true, messageDelayMS: 0, proactiveMessage: 'Questions about delivery? Ask me!' }, { merge: true });
  // The knowledge-base document goes in through the knowledge feature's callable, as the dashboard does.
  expect(await addKnowledgeText(workspace, 'Bakery FAQ', KB_TEXT)).toBe(200);

  // A shop website on another origin with the one tag.
  site = await shopSite(appUrl, agentId, 'Corner Bakery');
  siteUrl = site.url;
  visitor = await openBrowser();
  owner = await openBrowser();
  await signIn(owner.page, appUrl, workspace.email, workspace.password);
  await owner.page.waitForURL(/\/app\/na\/agents/);
});
afterEach(async (ctx) => {
  // One screenshot per browser: the visitor's and the owner's.
  await saveFailureScreenshot(visitor, { task: { ...ctx.task, name: `visitor ${ctx.task.name}` } });
  await saveFailureScreenshot(owner, { task: { ...ctx.task, name: `owner ${ctx.task.name}` } });
});
afterAll(async () => {
  await site?.close();
  await visitor?.close();
  await owner?.close();
  await workspace?.close();
});

describe('widget chat', () => {
  let chat: FrameLocator;
  const question = 'Do you deliver sourdough loaves?';

  it('a visitor opens the widget on another site and gets a streamed answer from the knowledge base', async () => {
    const { page } = visitor;
    // The chat's one console line, for whoever debugs an embed, once the agent arrived.
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    await page.goto(siteUrl);
    await page.getByRole('status').filter({ hasText: 'Questions about delivery? Ask me!' }).waitFor();
    await page.getByRole('button', { name: /Open chat/ }).click();
    chat = page.frameLocator('iframe[title^="Chat"]');
    await chat.getByRole('heading', { name: workspace.agentTitle }).waitFor();
    await expect.poll(() => consoleLines).toContain('Widget data loaded succesfully.');
    // The launch message arrives first.
    await chat.locator('.row.assistant').first().waitFor();
    const input = chat.getByRole('textbox');
    await input.fill(question);
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await chat.getByText(question, { exact: true }).waitFor();
    const answer = chat.locator('.row.assistant').filter({ hasText: 'sourdough loaves within 5 km' });
    await answer.waitFor({ timeout: 30_000 });
    await expect.poll(() => answer.textContent()).toContain('Sources: Bakery FAQ');
  });

  it('the owner sees the conversation in Chats, takes over, and the visitor sees the reply', async () => {
    const { page } = owner;
    await page.goto(`${inject('appUrl')}/app/na/agents/${agentId}/convos`);
    await page.getByRole('heading', { name: 'Chats' }).waitFor();
    const row = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button').filter({ hasText: 'sourdough loaves' }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    const transcript = page.getByLabel('Transcript');
    await transcript.getByText(question, { exact: true }).waitFor();
    await expect.poll(() => transcript.textContent()).toContain('Sources: Bakery FAQ');
    await page.getByLabel('Reply as a team member').fill('Hi, this is Ana from the bakery. Yes, we deliver every morning!');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await transcript.getByText('Hi, this is Ana from the bakery.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Hand back to AI' }).waitFor();

    await chat.locator('.row.operator').filter({ hasText: 'Hi, this is Ana from the bakery.' }).waitFor({ timeout: 20_000 });
    await chat.getByText('A team member is in this chat').waitFor();
  });
});
