// Messenger end to end (against the Meta stand-in): Facebook Login in Meta's popup, the pages the user manages
// (with the linked Instagram account), Connect; a person writes to the page from the simulator and gets the
// knowledge base's answer, and so does an Instagram DM to the linked account; the page is listed across agents
// and removed.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { agentBubble, channelCard, openPopup, channelsWorld, openChannels, simulatorAs, simulatorSend, toast, type ChannelsWorld } from './channels-support';

const PAGE = 'Parley Demo Page';

let world: ChannelsWorld;
let phone: Session;
let page: Page;

beforeAll(async () => {
  world = await channelsWorld('channels-messenger', { knowledge: true });
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

describe('Messenger', () => {
  it('connects a Facebook page after Facebook Login', async () => {
    await openChannels(page, world.agentId);
    await channelCard(page, 'Messenger').getByRole('button', { name: /^(Connect|Configure) Messenger$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Messenger' });
    const popup = await openPopup(world.owner.context, dialog.getByRole('button', { name: 'Continue with Facebook' }));
    await popup.getByRole('button', { name: /^Continue as / }).click();
    const option = dialog.getByRole('list', { name: 'Your Facebook pages' }).getByRole('listitem', { name: PAGE });
    await option.getByText('Instagram: parley.demo').waitFor();
    await option.getByRole('button', { name: `Connect ${PAGE}` }).click();
    await toast(page, 'Successfully connected the page.').waitFor();
    await dialog.getByRole('list', { name: 'Connected pages' }).getByRole('listitem', { name: PAGE }).waitFor();
    await page.keyboard.press('Escape');
    await channelCard(page, 'Messenger').getByText('Active').waitFor();
  });

  it('a person writes to the page and gets an answer', async () => {
    await simulatorAs(phone.page, new RegExp(`^Messenger · ${PAGE}$`), { id: '6100000000000777', name: 'Max Messenger' });
    await simulatorSend(phone.page, 'What are your opening hours?');
    await agentBubble(phone.page, /7am/).waitFor({ timeout: 45_000 });
  });

  it('a direct message to the page’s linked Instagram account is answered too', async () => {
    await simulatorAs(phone.page, /^Instagram · @parley\.demo$/, { id: '17841400000000777', name: 'Iris Instagram' });
    await simulatorSend(phone.page, 'Do you deliver sourdough loaves?');
    await agentBubble(phone.page, /5 km/).waitFor({ timeout: 45_000 });
  });

  it('lists the page across agents and removes it', async () => {
    await page.getByRole('link', { name: 'Meta pages' }).click();
    const row = page.getByRole('table', { name: 'Meta pages' }).getByRole('row').filter({ hasText: PAGE });
    await row.getByRole('link', { name: world.agentTitle }).waitFor();
    await row.getByRole('button', { name: /^Remove / }).click();
    await toast(page, 'Successfully removed the page.').waitFor();
    await page.getByText('No page is connected yet.', { exact: false }).waitFor();
  });
});
