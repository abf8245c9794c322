// Chats are live: the owner has a conversation open in Chats while a visitor writes in the widget embedded
// on a website; the message appears in the list and in the transcript through Firestore listeners (the
// WebChannel Listen/channel stream), with no polling requests. Then the owner takes over and a second
// signed-in dashboard, open on the same conversation, shows the new state without a reload. Last, another visitor
// starts a new chat and it arrives in the open inbox, again without a reload.
import type { FrameLocator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { STACK_PORTS } from '../../local/stack/ports';
import { openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';
import { shopSite, type ShopSite } from '../support/shop-site';
import { journeyWorkspace, type JourneyWorkspace } from '../support/workspace';

let visitor: Session;
let owner: Session;
let secondOwner: Session;
let newVisitor: Session | undefined;
let site: ShopSite | undefined;
let siteUrl = '';
let workspace: JourneyWorkspace;
let agentId = '';

const FIRST = 'Do you bake rye bread on Saturdays?';
const SECOND = 'And can I pick a loaf up at 8am?';
const NEW_CHAT = 'Is your sourdough made without milk?';

/**
 * What the page exchanges with the Firestore emulator: every request, and the bytes that arrive on the
 * realtime streams (a WebChannel Listen/channel response stays open and carries every later change, so
 * an update shows as data on it, not as a new request). Times are Date.now(), to compare with a mark.
 */
async function watchFirestore(session: Session) {
  const requests: Array<{ at: number; method: string; url: string }> = [];
  const listenData: number[] = [];
  const listenIds = new Set<string>();
  const port = String(STACK_PORTS.firestore);
  const cdp = await session.context.newCDPSession(session.page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url);
    if (url.port !== port) return;
    requests.push({ at: Date.now(), method: e.request.method, url: url.pathname + url.search });
    if (url.pathname.endsWith('/Listen/channel')) listenIds.add(e.requestId);
  });
  cdp.on('Network.dataReceived', (e) => {
    if (listenIds.has(e.requestId)) listenData.push(Date.now());
  });
  const streaming = /\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel/;
  return {
    /** Requests since `from` other than the realtime streams: lite reads (documents GET, :runQuery) would be polling. */
    nonStreaming: (from: number) => requests.filter((r) => r.at >= from && !streaming.test(r.url)).map((r) => `${r.method} ${r.url}`),
    listenRequests: () => requests.filter((r) => r.url.includes('/Listen/channel')).length,
    listenDataSince: (from: number) => listenData.filter((t) => t >= from).length,
  };
}

async function openChats(session: Session): Promise<void> {
  const { page } = session;
  await page.goto(`${inject('appUrl')}/app/na/agents/${agentId}/convos`);
  await page.getByRole('heading', { name: 'Chats' }).waitFor();
  const row = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button').filter({ hasText: FIRST }).first();
  await row.waitFor({ timeout: 20_000 });
  await row.click();
  await page.getByLabel('Transcript').getByText(FIRST, { exact: true }).waitFor();
}

beforeAll(async () => {
  const appUrl = inject('appUrl');
  workspace = await journeyWorkspace('chats-live', 'Rye House Agent');
  agentId = workspace.agentId;
  // Chats are recorded and answered without pauses.
  await workspace.db.doc(`voiceglow/${agentId}`).set({ recordChatHistory: true, messageDelayMS: 0 }, { merge: true });

  site = await shopSite(appUrl, agentId, 'Rye House');
  siteUrl = site.url;
  visitor = await openBrowser();
  owner = await openBrowser();
  secondOwner = await openBrowser();
  for (const session of [owner, secondOwner]) {
    await signIn(session.page, appUrl, workspace.email, workspace.password);
    await session.page.waitForURL(/\/app\/na\/agents/);
  }
  // Three browsers and two sign-ins: more than the default minute on a busy machine.
}, 180_000);
afterEach(async (ctx) => {
  await saveFailureScreenshot(visitor, { task: { ...ctx.task, name: `visitor ${ctx.task.name}` } });
  await saveFailureScreenshot(owner, { task: { ...ctx.task, name: `owner ${ctx.task.name}` } });
  await saveFailureScreenshot(secondOwner, { task: { ...ctx.task, name: `second owner ${ctx.task.name}` } });
});
afterAll(async () => {
  await site?.close();
  await visitor?.close();
  await owner?.close();
  await secondOwner?.close();
  await newVisitor?.close();
  await workspace?.close();
});

describe('live chats', () => {
  let chat: FrameLocator;

  it('a visitor’s message appears in the owner’s open Chats list and transcript without polling', async () => {
    // The visitor starts a conversation on the website.
    await visitor.page.goto(siteUrl);
    await visitor.page.getByRole('button', { name: /Open chat/ }).click();
    chat = visitor.page.frameLocator('iframe[title^="Chat"]');
    await chat.locator('.row.assistant').first().waitFor();
    await chat.getByRole('textbox').fill(FIRST);
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await chat.getByText(FIRST, { exact: true }).waitFor();
    // The agent's answer (the stand-in LLM repeats the question).
    await chat.locator('.row.assistant', { hasText: FIRST }).first().waitFor({ timeout: 30_000 });

    // Both dashboards have the conversation open.
    const network = await watchFirestore(owner);
    await openChats(owner);
    await openChats(secondOwner);
    expect(network.listenRequests(), 'the Chats page listens over WebChannel').toBeGreaterThan(0);
    // Let the first snapshots land, then watch what the page sends while nothing happens.
    await owner.page.waitForTimeout(500);
    const idleFrom = Date.now();
    await owner.page.waitForTimeout(4000);
    expect(network.nonStreaming(idleFrom), 'requests while idle').toEqual([]);

    const sentAt = Date.now();
    await chat.getByRole('textbox').fill(SECOND);
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    const { page } = owner;
    await page.getByLabel('Transcript').getByText(SECOND, { exact: true }).waitFor({ timeout: 15_000 });
    // The list shows the conversation's latest message: the visitor's, or by now the answer to it.
    const row = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button').first();
    await expect.poll(async () => (await row.textContent()) ?? '').not.toContain(FIRST);
    await expect.poll(async () => Number(/(\d+) messages/.exec((await row.textContent()) ?? '')?.[1] ?? 0)).toBeGreaterThanOrEqual(4);
    expect(network.nonStreaming(sentAt), 'requests while the message arrived').toEqual([]);
    // The update came as data on the open Listen stream.
    expect(network.listenDataSince(sentAt)).toBeGreaterThan(0);
  });

  it('the owner takes over and a second signed-in dashboard shows it live', async () => {
    const second = secondOwner.page;
    const whoAnswers = second.getByRole('status', { name: 'Who answers' });
    await expect.poll(() => whoAnswers.textContent()).toBe('The AI is answering.');
    await second.getByRole('button', { name: 'Take over' }).waitFor();

    await owner.page.getByRole('button', { name: 'Take over' }).click();
    await owner.page.getByRole('button', { name: 'Hand back to AI' }).waitFor();

    // No reload in the second dashboard: its listener brings the takeover.
    await second.getByRole('button', { name: 'Hand back to AI' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => whoAnswers.textContent()).toBe('Taken over by you: the AI stays silent.');
    const row = second.getByRole('navigation', { name: 'Conversations' }).getByRole('button').first();
    await expect.poll(() => row.textContent()).toContain('Human');

    // The visitor is told a person joined; handing back shows in the second dashboard too.
    await chat.getByText('A team member is in this chat').waitFor({ timeout: 20_000 });
    await owner.page.getByRole('button', { name: 'Hand back to AI' }).click();
    await second.getByRole('button', { name: 'Take over' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => whoAnswers.textContent()).toBe('The AI is answering.');
  });

  it('a new visitor’s chat arrives in the open inbox without a reload', async () => {
    const { page } = owner;
    const conversations = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button');
    await expect.poll(() => conversations.count()).toBe(1);
    // A mark on the page's window: a reload would drop it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    newVisitor = await openBrowser();
    await newVisitor.page.goto(siteUrl);
    await newVisitor.page.getByRole('button', { name: /Open chat/ }).click();
    const newChat = newVisitor.page.frameLocator('iframe[title^="Chat"]');
    await newChat.locator('.row.assistant').first().waitFor();
    await newChat.getByRole('textbox').fill(NEW_CHAT);
    await newChat.getByRole('button', { name: 'Send', exact: true }).click();

    await conversations.filter({ hasText: NEW_CHAT }).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => conversations.count()).toBe(2);
    // Newest first: the new chat leads the list.
    expect(await conversations.first().textContent()).toContain(NEW_CHAT);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
