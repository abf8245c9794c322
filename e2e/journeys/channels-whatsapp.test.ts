// WhatsApp Embedded Signup end to end (against the Meta stand-in): Continue With Meta opens Meta's popup, the number
// picked there comes back as WA_EMBEDDED_SIGNUP FINISH, the code is exchanged and the WABA's numbers listed; the
// owner connects one; a customer writes to it from the simulator and is answered; a test message goes out (and is
// refused for a number that never wrote: WhatsApp's 24-hour window); the number shows across agents and is removed.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { agentBubble, channelCard, openPopup, channelsWorld, openChannels, simulatorAs, simulatorSend, toast, type ChannelsWorld } from './channels-support';

const NUMBER = '+1 555-010-0001';
const CUSTOMER = { id: '15550107001', name: 'Wanda WhatsApp' };

let world: ChannelsWorld;
let phone: Session;
let page: Page;

beforeAll(async () => {
  world = await channelsWorld('channels-whatsapp', { knowledge: true });
  // WhatsApp shows Active only through this journey's number (no verified legacy webhook).
  await world.db.doc(`voiceglow/${world.agentId}`).set({ waVerifyPassed: false }, { merge: true });
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

const dialog = () => page.getByRole('dialog', { name: 'WhatsApp' });

describe('WhatsApp Embedded Signup', () => {
  it('connects a number through Meta’s popup', async () => {
    await openChannels(page, world.agentId);
    await channelCard(page, 'WhatsApp').getByRole('button', { name: /^(Connect|Configure) WhatsApp$/ }).click();
    const popup = await openPopup(world.owner.context, dialog().getByRole('button', { name: 'Continue With Meta' }));
    // The SDK opened Embedded Signup: the configuration id, response type code and sessionInfoVersion 2.
    const opened = new URL(popup.url());
    expect(opened.searchParams.get('response_type')).toBe('code');
    expect(opened.searchParams.get('config_id')).toBeTruthy();
    expect(JSON.parse(opened.searchParams.get('extras') ?? '{}')).toMatchObject({ sessionInfoVersion: 2 });
    await popup.getByRole('button', { name: 'Finish' }).click();

    await toast(page, 'Number info fetched successfully').waitFor();
    const found = dialog().getByRole('list', { name: 'Numbers found' });
    await found.getByRole('listitem', { name: NUMBER }).getByRole('button', { name: `Connect ${NUMBER}` }).click();
    await toast(page, 'Number is connected successfully').or(toast(page, `Successfully connected to ${NUMBER}`)).waitFor();
    await dialog().getByRole('list', { name: 'Connected Whatsapp Numbers' }).getByRole('listitem', { name: NUMBER }).waitFor();
    const events = JSON.parse(String(await page.evaluate('JSON.stringify(window.dataLayer || [])'))) as Array<{ event: string }>;
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['channels_viewed', 'whatsapp_channel_added']));
    await page.keyboard.press('Escape');
    await channelCard(page, 'WhatsApp').getByText('Active').waitFor();
  });

  it('a customer writes to the number and is answered', async () => {
    await simulatorAs(phone.page, /^WhatsApp · \+1 555-010-0001/, CUSTOMER);
    await simulatorSend(phone.page, 'What are your opening hours?');
    await agentBubble(phone.page, /7am/).waitFor({ timeout: 45_000 });
  });

  it('sends a test message to a customer who wrote, and is refused for one who never did', async () => {
    await channelCard(page, 'WhatsApp').getByRole('button', { name: 'Configure WhatsApp' }).click();
    const number = dialog().getByRole('list', { name: 'Connected Whatsapp Numbers' }).getByRole('listitem', { name: NUMBER });
    await number.getByRole('button', { name: 'Send Test Message' }).click();
    const form = number.getByRole('form', { name: 'Send Test Message' });
    await form.getByLabel('Phone number').fill('+15550107999');
    await form.getByLabel('Message').fill('Hello from the bakery');
    await form.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'You must initiate the conversation with this number before sending a message.').waitFor();

    await number.getByRole('button', { name: 'Send Test Message' }).click();
    await form.getByLabel('Phone number').fill(`+${CUSTOMER.id}`);
    await form.getByLabel('Message').fill('Your sourdough is ready for pick-up.');
    await form.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Message sent successfully').waitFor();
    await form.waitFor({ state: 'detached' });
    await agentBubble(phone.page, 'Your sourdough is ready for pick-up.').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
  });

  it('lists the number across agents and removes it', async () => {
    await page.getByRole('link', { name: 'WhatsApp numbers' }).click();
    await page.getByRole('heading', { name: 'WhatsApp numbers', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'WhatsApp numbers' });
    const row = table.getByRole('row').filter({ hasText: NUMBER });
    await row.getByRole('link', { name: world.agentTitle }).waitFor();
    await row.getByRole('button', { name: `Remove ${NUMBER}` }).click();
    await toast(page, 'Number removed successfully').waitFor();
    await page.getByText('No number is connected yet.', { exact: false }).waitFor();
    await openChannels(page, world.agentId);
    await expect.poll(() => channelCard(page, 'WhatsApp').getByText('Active').count()).toBe(0);
  });
});
