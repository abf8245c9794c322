// WhatsApp's Legacy Method: the owner copies the webhook URL and the verify token (the agent id) into their own
// Meta app, Meta's handshake reaches {api}/agents/{agentId}/wa-webhook (played by the Meta stand-in, as the App
// Dashboard does when the URL is saved), the connected banner shows, and Run Test sends a message to the test
// number through the owner's own token.
import { paths } from '@parley/core';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveFailureScreenshot } from '../support/browser';
import { channelCard, channelsWorld, fakeUrl, openChannels, toast, type ChannelsWorld } from './channels-support';

// The Meta stand-in's legacy app: its number, permanent token and app secret (local/fakes/meta/world.ts).
const LEGACY = { wabaId: '2000000000000009', numberId: '3000000000000009', token: 'EAALEGACYlocaltoken000000000000000000', appSecret: 'legacy-app-secret-local' };
const TEST_NUMBER = '+15550108888';
const meta = fakeUrl('meta', 9405);

let world: ChannelsWorld;
let page: Page;

beforeAll(async () => {
  world = await channelsWorld('channels-whatsapp-legacy');
  page = world.owner.page;
  await world.db.doc(`voiceglow/${world.agentId}`).set({ waVerifyPassed: false }, { merge: true });
});
afterEach(async (ctx) => {
  await saveFailureScreenshot(world?.owner, ctx);
});
afterAll(async () => {
  await world?.close();
});

const dialog = () => page.getByRole('dialog', { name: 'WhatsApp' });

describe('WhatsApp Legacy Method', () => {
  let webhookUrl = '';

  it('shows the webhook URL and verify token, and saves the owner’s app credentials', async () => {
    await openChannels(page, world.agentId, '?channel=whatsapp');
    await dialog().getByText('Legacy Method (Deprecated)').click();
    webhookUrl = (await dialog().getByLabel('Webhook URL').textContent()) ?? '';
    expect(webhookUrl).toBe(`${new URL(page.url()).origin}/agents/${world.agentId}/wa-webhook`);
    expect(await dialog().getByLabel('Verify token').textContent()).toBe(world.agentId);
    await dialog().getByLabel('Access token').fill(LEGACY.token);
    await dialog().getByLabel('Business account ID').fill(LEGACY.wabaId);
    await dialog().getByLabel('Phone number ID').fill(LEGACY.numberId);
    await dialog().getByLabel('Test number').fill(TEST_NUMBER);
    await dialog().getByLabel('App secret').fill(LEGACY.appSecret);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Whatsapp channel saved successfully').waitFor();
    // The token went to the agent's private document, never the agent itself.
    const agent = (await world.db.doc(`voiceglow/${world.agentId}`).get()).data() ?? {};
    expect(agent.whatsappNumberId).toBe(LEGACY.numberId);
    expect(agent.whatsappToken).toBeUndefined();
    expect(agent.whatsappAppSecret).toBeUndefined();
  });

  it('Meta’s verify handshake passes with the agent id, and the connected banner shows', async () => {
    // Opening the Legacy Method is what lets Meta's handshake mark the agent: wait until the dashboard recorded it.
    const started = world.db.doc(paths.agentWhatsappLegacy(world.agentId));
    for (let i = 0; i < 100 && !(await started.get()).exists; i++) await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await started.get()).get('startedAt')).toEqual(expect.any(Number));
    // A wrong verify token is refused.
    const wrong = await fetch(`${meta}/__sim/verify-webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: webhookUrl, verifyToken: 'not-the-agent' }) });
    expect(await wrong.json()).toMatchObject({ verified: false, status: 403 });
    const right = await fetch(`${meta}/__sim/verify-webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: webhookUrl, verifyToken: world.agentId }) });
    expect(await right.json()).toMatchObject({ verified: true, status: 200 });
    await dialog().getByRole('status', { name: 'WhatsApp connected' }).waitFor({ timeout: 15_000 });
  });

  it('Run Test sends the test message to the test number', async () => {
    // Only this journey sends from the legacy app's number; the stand-in's record is shared with the other journeys.
    const sendsToTestNumber = async () => {
      const recorded = (await (await fetch(`${meta}/__recorded`)).json()) as { requests: Array<{ method: string; path: string; body?: unknown }> };
      return recorded.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/${LEGACY.numberId}/messages`) && JSON.stringify(r.body).includes(TEST_NUMBER.slice(1)));
    };
    const before = (await sendsToTestNumber()).length;
    await dialog().getByRole('button', { name: 'Run Test' }).click();
    await toast(page, 'Message sent successfully').waitFor();
    expect(await sendsToTestNumber()).toHaveLength(before + 1);
    await page.keyboard.press('Escape');
    await channelCard(page, 'WhatsApp').getByText('Active').waitFor();
  });
});
