// The Channels page's switched-off cards and its forms' validation messages, as the owner meets them: Google
// Business Chat deprecated, Email coming soon, Voice its own page; the Telegram, Discord, WhatsApp test message
// and template messages; and the agent action menu opening a channel's modal.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveFailureScreenshot } from '../support/browser';
import { channelCard, channelsWorld, openPopup, openChannels, toast, type ChannelsWorld } from './channels-support';

const NUMBER = '+1 555-010-0002';

let world: ChannelsWorld;
let page: Page;

beforeAll(async () => {
  world = await channelsWorld('channels-forms');
  page = world.owner.page;
});
afterEach(async (ctx) => {
  await saveFailureScreenshot(world?.owner, ctx);
});
afterAll(async () => {
  await world?.close();
});

describe('Channels: cards and validation', () => {
  it('Google Business Chat is deprecated, Email coming soon, both disabled; Voice opens its page', async () => {
    await openChannels(page, world.agentId);
    const google = channelCard(page, 'Google Business Chat');
    expect(await google.getByRole('button', { name: 'Deprecated: Google Business Chat' }).isDisabled()).toBe(true);
    await google.getByText('Deprecated').first().waitFor();
    const email = channelCard(page, 'Email');
    expect(await email.getByRole('button', { name: 'Coming soon: Email' }).isDisabled()).toBe(true);
    await email.getByText('Coming soon').first().waitFor();
    await channelCard(page, 'Voice').getByRole('link', { name: 'Open Voice' }).click();
    await page.waitForURL(`**/app/na/agents/${world.agentId}/channels/voice`);
    await page.getByRole('heading', { name: 'Voice', level: 1 }).waitFor();
  });

  it('Telegram needs a token and Discord both fields', async () => {
    await openChannels(page, world.agentId);
    await channelCard(page, 'Telegram').getByRole('button', { name: /^(Connect|Configure) Telegram$/ }).click();
    const telegram = page.getByRole('dialog', { name: 'Telegram' });
    await telegram.getByRole('button', { name: 'Save' }).click();
    await telegram.getByText('Please provide a valid token.').waitFor();
    await page.keyboard.press('Escape');

    await channelCard(page, 'Discord').getByRole('button', { name: /^(Connect|Configure) Discord$/ }).click();
    const discord = page.getByRole('dialog', { name: 'Discord' });
    const install = new URL((await discord.getByRole('link', { name: 'Add the bot to your server' }).getAttribute('href')) ?? '');
    expect(install.searchParams.get('permissions')).toBe('32');
    await discord.getByLabel('Channel ID').fill('123456789012345678');
    await discord.getByRole('button', { name: 'Save' }).click();
    await discord.getByText('Please fill out all fields.').waitFor();
    await page.keyboard.press('Escape');
  });

  it('the WhatsApp test message and template forms say what is missing', async () => {
    await openChannels(page, world.agentId, '?channel=whatsapp');
    const dialog = page.getByRole('dialog', { name: 'WhatsApp' });
    const popup = await openPopup(world.owner.context, dialog.getByRole('button', { name: 'Continue With Meta' }));
    await popup.getByLabel(new RegExp(NUMBER.replace(/[+]/g, '\\+'))).check();
    await popup.getByRole('button', { name: 'Finish' }).click();
    await dialog.getByRole('list', { name: 'Numbers found' }).getByRole('button', { name: `Connect ${NUMBER}` }).click();
    const number = dialog.getByRole('list', { name: 'Connected Whatsapp Numbers' }).getByRole('listitem', { name: NUMBER });
    await number.waitFor();

    await number.getByRole('button', { name: 'Send Test Message' }).click();
    const form = number.getByRole('form', { name: 'Send Test Message' });
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Please provide a valid phone number and ensure the ID is reachable.').waitFor();
    await form.getByLabel('Phone number').fill('15550100002');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Please include the country code in the phone number.').waitFor();
    await form.getByLabel('Phone number').fill('+15550100002');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Please enter a message to send.').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    await dialog.getByRole('button', { name: 'Create Template' }).click();
    const template = dialog.getByRole('form', { name: 'Create Template' });
    await template.getByLabel('Template name').fill('Order Ready');
    expect(await template.getByLabel('Template name').inputValue()).toBe('order_ready');
    await template.getByRole('button', { name: 'Create' }).click();
    await template.getByText('Invalid template info').waitFor();

    await number.getByRole('button', { name: `Remove ${NUMBER}` }).click();
    await toast(page, 'Number removed successfully').waitFor();
    await page.keyboard.press('Escape');
  });

  it('the agent action menu opens a channel’s modal', async () => {
    await page.getByRole('button', { name: 'Agent actions' }).click();
    await page.getByRole('menuitem', { name: 'Telegram' }).click();
    await page.getByRole('dialog', { name: 'Telegram' }).getByLabel('Bot token').waitFor();
  });
});
