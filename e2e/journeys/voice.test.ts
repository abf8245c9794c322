// The voice dashboard end to end: the owner picks a voice and a transcriber on the Voice tab and saves, and the voice
// stand-in holds an assistant with exactly those settings; buys a number on Phone numbers and assigns it to the
// agent; a purchase past the plan's two slots is refused with how to get more; a browser call from the Test call tab
// is answered; the agent's /channels/voice page shows the number. Every screen is checked by axe (support/check-accessibility.ts).
import { PLAN_LIMIT_MESSAGES } from '@parley/core';
import { FAKE_VAPI_KEY } from '@parley/local/fakes/vapi';
import { FAKE_PORTS } from '@parley/local/fakes';
import { portOverride } from '@parley/local/stack/ports';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { saveFailureScreenshot } from '../support/browser';
import { channelsWorld, type ChannelsWorld } from './channels-support';

// An area code of its own per run, so no other journey on this stack holds the numbers it buys.
const AREA = String(700 + Math.floor(Math.random() * 200));
let world: ChannelsWorld;
let page: Page;
const app = (path: string) => `${inject('appUrl')}/app/na${path}`;
const vapiUrl = () => `http://127.0.0.1:${portOverride('vapi', FAKE_PORTS.vapi!)}`;

beforeAll(async () => {
  world = await channelsWorld('voice');
  page = world.owner.page;
});
afterEach((ctx) => saveFailureScreenshot(world?.owner, ctx));
afterAll(async () => {
  await world?.close();
});

async function choose(label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Voice dashboard', () => {
  it('saves a voice and a transcriber, and the stand-in holds an assistant with exactly those settings', async () => {
    await page.goto(app(`/agents/${world.agentId}/voice?tab=voiceLibrary`));
    await choose('Language', 'en-GB');
    await choose('Gender', 'Male');
    await page.getByRole('button', { name: 'Choose the voice Helios' }).click();
    await page.getByRole('tab', { name: 'Transcriber' }).click();
    await page.getByLabel('Model').fill('nova-3');
    await page.getByLabel('Utterance threshold (ms)').fill('120');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Voice settings saved.').waitFor();
    const assistantId = (await world.db.doc(`voiceglow/${world.agentId}`).get()).get('vapi.id') as string;
    const res = await fetch(`${vapiUrl()}/assistant/${assistantId}`, { headers: { authorization: `Bearer ${FAKE_VAPI_KEY}` } });
    expect(await res.json()).toMatchObject({ voice: { provider: 'deepgram', voiceId: 'helios' }, transcriber: { provider: 'deepgram', model: 'nova-3', endpointing: 120 } });
  });

  it('buys a number and assigns it; one past the two slots is refused with how to get more', async () => {
    await page.goto(app('/twilio-numbers'));
    await page.getByText('0 of 2 phone number slots used.').waitFor();
    await page.getByLabel('Area code').fill(AREA);
    await page.getByRole('button', { name: 'Search' }).click();
    const forSale = page.getByRole('table', { name: 'Numbers for sale' }).getByRole('button', { name: /^Buy / });
    await forSale.first().waitFor();
    const numbers = (await forSale.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))).map((l) => l.replace('Buy ', ''));
    await page.getByRole('button', { name: `Buy ${numbers[0]}` }).click();
    await page.getByText('1 of 2 phone number slots used.').waitFor();
    await choose(`Agent answering ${numbers[0]}`, world.agentTitle);
    await expect.poll(async () => (await world.db.collection('phoneNumbers').where('number', '==', numbers[0]).get()).docs[0]?.get('agentId'), { timeout: 20_000 }).toBe(world.agentId);
    await page.getByRole('button', { name: `Buy ${numbers[1]}` }).click();
    await page.getByText('2 of 2 phone number slots used.').waitFor();
    await page.getByRole('button', { name: `Buy ${numbers[2]}` }).click();
    await page.getByRole('alert').filter({ hasText: PLAN_LIMIT_MESSAGES.phoneNumbers(2) }).waitFor();
  });

  it('talks to the agent in the browser from the Test call tab, through the widget’s call panel', async () => {
    await page.goto(app(`/agents/${world.agentId}/voice?tab=testCall`));
    await page.getByRole('button', { name: 'Call in the browser' }).click();
    const panel = page.getByRole('region', { name: 'Call in the browser' });
    await panel.getByRole('status').filter({ hasText: 'On a call' }).waitFor({ timeout: 20_000 });
    const answers = panel.getByRole('log').locator('[data-role="assistant"]');
    const before = await answers.count();
    await panel.getByLabel('Say something').fill('Hello, can you hear me?');
    await panel.getByRole('button', { name: 'Say', exact: true }).click();
    await panel.getByRole('log').getByText('Hello, can you hear me?').waitFor();
    await expect.poll(() => answers.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    await panel.getByRole('button', { name: 'Hang up' }).click();
    await panel.getByRole('status').filter({ hasText: 'Call ended' }).waitFor();
  });

  it('shows the agent’s number on its voice channel page', async () => {
    await page.goto(app(`/agents/${world.agentId}/channels/voice`));
    const list = page.getByRole('list', { name: 'Phone numbers of this agent' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    await page.getByRole('link', { name: 'Open the Voice tab' }).waitFor();
  });
});
