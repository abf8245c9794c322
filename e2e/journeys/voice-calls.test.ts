// Calls end to end. (a) A caller rings the agent's bought number on the call simulator and asks a question from the
// knowledge base: the answer comes from it; after hanging up, Chats shows the call with its transcript and the
// credits dropped by the minutes × the rate; the end-of-call report sent again leaves the balance as it was.
// (b) A visitor on a foreign page presses the widget's call button: only then does the voice chunk load; they say a
// line through the stand-in, see the agent's answer, and hang up.
import { paths, VOICE_CREDITS_PER_MINUTE, voiceConfigSchema } from '@parley/core';
import { FAKE_PORTS } from '@parley/local/fakes';
import { STACK_PORTS } from '@parley/local/stack/ports';
import { describe, expect, inject, it } from 'vitest';
import { openWidget, useVisitorAndOwner } from '../support/visitor-and-owner';
import { addKnowledgeText } from '../support/workspace';

const KB_TEXT = [
  'Delivery: the harbor bakery delivers rye loaves within 4 km of the quay every morning for a fee of 2 euros.',
  'Opening hours: we open at 6am and close at 6pm every day but Sunday.',
].join('\n\n');
const QUESTION = 'Do you deliver rye loaves?';
const KB_ANSWER = 'rye loaves within 4 km';

const world = useVisitorAndOwner('voice-calls', 'Harbor Bakery Agent', 'Harbor Bakery', { recordChatHistory: true, messageDelayMS: 0 });

/** A callable as the dashboard calls it, as the workspace's owner; its result. */
async function call<T>(name: string, data: Record<string, unknown>): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${STACK_PORTS.functions}/demo-parley/us-central1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await world.workspace.idToken()}` },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (!res.ok || !body.result) throw new Error(`${name}: ${res.status} ${body.error?.message ?? ''}`);
  return body.result;
}

const balance = async () => (await world.workspace.db.doc(paths.user(world.workspace.uid)).get()).get('loadTokens') as number;
/**
 * The balance once the answer's charge has settled: the transcript shows the answer while its reservation still holds
 * the most the answer may cost, and the settlement gives the rest back a moment later.
 */
async function settledBalance(): Promise<number> {
  let last = await balance();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await balance();
    if (now === last) return now;
    last = now;
  }
}

describe('voice calls', () => {
  it('a caller rings the number, gets the knowledge base’s answer, and the call is in Chats, billed once', async () => {
    const { workspace, visitor, owner } = world;
    const agentId = workspace.agentId;
    expect(await addKnowledgeText(workspace, 'Bakery FAQ', KB_TEXT)).toBe(200);
    // The agent's voice settings (web calling on, for the widget below) create its assistant at the stand-in.
    await call('saveVoiceConfig', { region: 'na', agentId, voiceConfig: voiceConfigSchema.parse({ config: { enableWebCalling: true } }), settings: {} });
    // An area code of its own: numbers bought by earlier runs stay bought on the stand-ins.
    const areaCode = String(200 + Math.floor(Math.random() * 700));
    const { numbers } = await call<{ numbers: Array<{ number: string }> }>('searchPhoneNumbers', { region: 'na', workspaceId: workspace.uid, country: 'US', areaCode });
    const { phoneNumber } = await call<{ phoneNumber: { ID: string; number: string } }>('buyPhoneNumber', { region: 'na', workspaceId: workspace.uid, number: numbers[0]!.number, country: 'US' });
    await call('assignPhoneNumber', { region: 'na', phoneNumberId: phoneNumber.ID, agentId });

    // The call simulator, as a developer opens it from the mailbox.
    const sim = visitor.page;
    await sim.goto(`http://127.0.0.1:${FAKE_PORTS.vapi}/`);
    await sim.getByRole('option', { name: new RegExp(`^\\${phoneNumber.number}`) }).waitFor({ state: 'attached' });
    await sim.getByLabel('Number to ring').selectOption(phoneNumber.number);
    // 95 seconds: two started minutes.
    await sim.getByLabel(/Call length in seconds/).fill('95');
    await sim.getByRole('button', { name: 'Ring', exact: true }).click();
    await sim.getByRole('status').filter({ hasText: `In call with ${phoneNumber.number}` }).waitFor();
    await sim.getByLabel('Say as the caller').fill(QUESTION);
    await sim.getByRole('button', { name: 'Say', exact: true }).click();
    await sim.getByRole('log', { name: 'Call transcript' }).getByText(KB_ANSWER).waitFor({ timeout: 30_000 });
    const before = await settledBalance();
    await sim.getByRole('button', { name: 'Hang up' }).click();
    await sim.getByRole('status').filter({ hasText: 'Call ended' }).waitFor();
    // The end-of-call report bills the minutes once it is processed, which may be just after the simulator shows the end.
    await expect.poll(balance, { timeout: 10_000 }).toBe(before - 2 * VOICE_CREDITS_PER_MINUTE);
    expect(await settledBalance()).toBe(before - 2 * VOICE_CREDITS_PER_MINUTE);

    // Chats: the call with its transcript.
    await owner.page.goto(`${inject('appUrl')}/app/na/agents/${agentId}/convos`);
    await owner.page.getByRole('heading', { name: 'Chats' }).waitFor();
    const row = owner.page.getByRole('navigation', { name: 'Conversations' }).getByRole('button').filter({ hasText: 'rye loaves' }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    const transcript = owner.page.getByLabel('Transcript');
    await transcript.getByText(QUESTION, { exact: true }).waitFor();
    await transcript.getByText(KB_ANSWER, { exact: false }).first().waitFor();

    // The same end-of-call report once more: nothing more is charged.
    await sim.getByRole('button', { name: 'Send the end-of-call report again' }).click();
    await sim.getByRole('status').filter({ hasText: 'sent again' }).waitFor();
    expect(await balance()).toBe(before - 2 * VOICE_CREDITS_PER_MINUTE);
  });

  it('a visitor calls from the widget: the voice chunk loads only then; they say a line and hear the answer', async () => {
    const { visitor, site } = world;
    const chunkRequests: string[] = [];
    visitor.page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/widget/voice.js')) chunkRequests.push(request.url());
    });
    const chat = await openWidget(visitor, site);
    await chat.locator('.row.assistant').first().waitFor();
    const press = chat.getByRole('button', { name: 'Start a voice call' });
    await press.waitFor();
    expect(chunkRequests).toEqual([]);
    await press.click();
    const panel = chat.getByRole('region', { name: 'Start a voice call' });
    await panel.getByRole('status').filter({ hasText: 'On a call' }).waitFor({ timeout: 20_000 });
    expect(chunkRequests).toHaveLength(1);
    await panel.getByLabel('Say something').fill(QUESTION);
    await panel.getByRole('button', { name: 'Say', exact: true }).click();
    await panel.getByRole('log').getByText(KB_ANSWER, { exact: false }).waitFor({ timeout: 30_000 });
    await panel.getByRole('button', { name: 'Mute' }).click();
    await panel.getByRole('button', { name: 'Unmute' }).waitFor();
    await panel.getByRole('button', { name: 'Hang up' }).click();
    await panel.getByRole('status').filter({ hasText: 'Call ended' }).waitFor();
  });
});
