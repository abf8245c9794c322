// Shared steps of the channel journeys (channels-*.test.ts): the journey's own agent with a knowledge-base document,
// the signed-in owner, the Channels page and the channel simulator page (local/fakes/simulator).
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { portOverride } from '@parley/local/stack/ports';
import { openBrowser, signIn, type Session } from '../support/browser';
import { addKnowledgeText, journeyWorkspace } from '../support/workspace';

export const KB_TEXT = [
  'Opening hours: we open at 7am and close at 7pm from Monday to Saturday.',
  'Delivery: the bakery delivers sourdough loaves within 5 km of the shop every morning for a fee of 3 euros.',
].join('\n\n');

export const simulatorUrl = (): string => `http://127.0.0.1:${portOverride('simulator', 9411)}/`;
export const fakeUrl = (name: 'meta' | 'telegram' | 'discord', port: number): string => `http://127.0.0.1:${portOverride(name, port)}`;

export interface ChannelsWorld {
  admin: App;
  db: Firestore;
  agentId: string;
  agentTitle: string;
  owner: Session;
  close(): Promise<void>;
}

/** A new workspace's agent (answers at once, records chats), optionally with the bakery's FAQ, and its owner signed in. */
export async function channelsWorld(name: string, opts: { knowledge?: boolean } = {}): Promise<ChannelsWorld> {
  const workspace = await journeyWorkspace(name, `${name} agent`);
  const { db, agentId } = workspace;
  await db.doc(`voiceglow/${agentId}`).set({ recordChatHistory: true, messageDelayMS: 0, smartInit: true }, { merge: true });
  if (opts.knowledge) expect(await addKnowledgeText(workspace, 'Bakery FAQ', KB_TEXT)).toBe(200);
  const owner = await openBrowser();
  await signIn(owner.page, inject('appUrl'), workspace.email, workspace.password);
  await owner.page.waitForURL(/\/app\/na\/agents/);
  return {
    admin: workspace.admin,
    db,
    agentId,
    agentTitle: workspace.agentTitle,
    owner,
    close: async () => {
      await owner.close();
      await workspace.close();
    },
  };
}

/** The agent's Channels page, its cards loaded. */
export async function openChannels(page: Page, agentId: string, query = ''): Promise<void> {
  await page.goto(`${inject('appUrl')}/app/na/agents/${agentId}/channels${query}`);
  await page.getByRole('heading', { name: 'Channels', level: 1 }).waitFor();
  await page.getByRole('list', { name: 'Channels' }).waitFor();
}

export const channelCard = (page: Page, name: string) => page.getByRole('list', { name: 'Channels' }).getByRole('listitem', { name, exact: true });

/** A toast with exactly this text. */
export const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

/** The simulator: picks the connected endpoint whose option matches, as the given user. */
export async function simulatorAs(page: Page, option: RegExp, user: { id: string; name: string }): Promise<void> {
  await page.goto(simulatorUrl());
  const select = page.getByLabel('Connected channel');
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh channels' }).click();
        await page.waitForTimeout(300);
        return (await select.locator('option').allTextContents()).some((t) => option.test(t));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const label = (await select.locator('option').allTextContents()).find((t) => option.test(t))!;
  await select.selectOption({ label });
  await page.getByLabel('Your name').fill(user.name);
  await page.getByLabel('Your user id').fill(user.id);
  await page.getByLabel('Your user id').dispatchEvent('change');
}

/** Writes as the simulated user and waits until the stand-in delivered it to the functions. */
export async function simulatorSend(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => page.getByRole('status', { name: 'Delivery status' }).textContent(), { timeout: 15_000 }).toMatch(/^Delivered to the agent/);
}

/** A message in the simulated phone's thread from the agent (the AI or an operator). */
export const agentBubble = (page: Page, text: string | RegExp) => page.getByRole('log', { name: 'Conversation' }).locator('[data-from="agent"]').filter({ hasText: text });

/**
 * Clicks a button that opens Meta's login popup once it is enabled (it waits for Meta's SDK, whose settings come
 * from a callable that may be starting cold in the Functions emulator), and answers the popup.
 */
export async function openPopup(context: BrowserContext, button: Locator): Promise<Page> {
  await expect.poll(() => button.isEnabled(), { timeout: 60_000 }).toBe(true);
  const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await popup.waitForLoadState();
  return popup;
}
