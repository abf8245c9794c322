// Telegram end to end: the owner connects a bot on the Channels page; a user writes to it from the channel
// simulator and gets the knowledge base's answer; the conversation shows in Chats under Telegram with the user's
// name; the owner takes over and the reply reaches the simulated user through Telegram's sendMessage.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { agentBubble, channelCard, channelsWorld, openChannels, simulatorAs, simulatorSend, toast, type ChannelsWorld } from './channels-support';

const QUESTION = 'What are your opening hours?';
// A token of the Telegram stand-in's shape (`{bot id}:{secret}`): the bot id is the digits.
const BOT_ID = '7100000001';
const TOKEN = `${BOT_ID}:AAjourneyTelegramToken000000001`;
const USER = { id: '424242001', name: 'Tess Telegram' };

let world: ChannelsWorld;
let phone: Session;
let page: Page;

beforeAll(async () => {
  world = await channelsWorld('channels-telegram', { knowledge: true });
  page = world.owner.page;
  phone = await openBrowser();
});
afterEach(async (ctx) => {
  await saveFailureScreenshot(world?.owner, { task: { ...ctx.task, name: `owner ${ctx.task.name}` } });
  await saveFailureScreenshot(phone, { task: { ...ctx.task, name: `simulator ${ctx.task.name}` } });
});
afterAll(async () => {
  await phone?.close();
  await world?.close();
});

describe('Telegram channel', () => {
  it('the owner connects a bot with its token', async () => {
    await openChannels(page, world.agentId);
    const card = channelCard(page, 'Telegram');
    await card.getByRole('button', { name: /^(Connect|Configure) Telegram$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Telegram' });
    await dialog.getByLabel('Bot token').fill(TOKEN);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Telegram channel saved successfully').waitFor();
    await dialog.getByText(/Connected to @/).waitFor();
    await page.keyboard.press('Escape');
    await card.getByText('Active').waitFor();
    await card.getByRole('button', { name: 'Configure Telegram' }).waitFor();
  });

  it('a Telegram user asks from the simulator and gets the knowledge base’s answer', async () => {
    await simulatorAs(phone.page, new RegExp(`^Telegram · @parley_${BOT_ID}_bot$`), USER);
    await simulatorSend(phone.page, QUESTION);
    await agentBubble(phone.page, /7am/).waitFor({ timeout: 45_000 });
  });

  it('the conversation is in Chats under Telegram; the owner takes over and the reply reaches the user', async () => {
    await page.goto(`${page.url().split('/app/')[0]}/app/na/agents/${world.agentId}/convos`);
    await page.getByRole('heading', { name: 'Chats' }).waitFor();
    const row = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button').filter({ hasText: USER.name }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByLabel('Channel: Telegram').waitFor();
    await row.click();
    const transcript = page.getByLabel('Transcript');
    await transcript.getByText(QUESTION, { exact: true }).waitFor();
    await expect.poll(() => transcript.textContent()).toContain(`${USER.name} ·`);
    await page.getByRole('button', { name: 'Take over' }).click();
    await page.getByRole('button', { name: 'Hand back to AI' }).waitFor();
    const reply = 'Hi Tess, Ana from the bakery here. We also open at 8am on Sundays!';
    await page.getByLabel('Reply as a team member').fill(reply);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await transcript.getByText(reply).waitFor();
    await agentBubble(phone.page, reply).waitFor({ timeout: 20_000 });
  });
});
