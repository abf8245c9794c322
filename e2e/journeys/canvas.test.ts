// The Canvas journey: the owner turns the multi-step flow on from the Prompt page, switches to the Canvas, builds
// start → "collect the date" → "confirm" → end, is refused a publish while the first step cannot be reached (the
// refusal names it), connects it, and publishes; the agent then holds the flow it shows. Then the owner chats with
// it in the test debugger: the local LLM takes each path by its README's rule, the debugger shows every move, the
// answers come from the step reached, and the chat ends with the end's closing message.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { flipSwitch, openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';
import { journeyWorkspace, type JourneyWorkspace } from '../support/workspace';

let session: Session;
let owner: JourneyWorkspace;

// The owner's own workspace and a browser; both closed after the journey.
beforeAll(async () => {
  [session, owner] = await Promise.all([openBrowser(), journeyWorkspace('canvas')]);
});
afterEach((ctx) => saveFailureScreenshot(session, ctx));
afterAll(() => Promise.all([session?.close(), owner?.close()]));

/** Picks an option of one of the inspector's choosers. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Adds a node from the canvas toolbar; the inspector opens on it. */
async function addNode(page: Page, button: 'Add step' | 'Add end', field: string, value: string) {
  await page.getByRole('toolbar', { name: 'Canvas tools' }).getByRole('button', { name: button }).click();
  await page.getByRole('complementary', { name: 'Inspector' }).getByRole('textbox', { name: field }).fill(value);
}

describe('canvas', () => {
  it('builds a flow, is refused while a step is unreachable, then publishes it', async () => {
    const { page } = session;
    await signIn(page, inject('appUrl'), owner.email, owner.password);
    await page.waitForURL(/\/app\/na\/agents/, { timeout: 60_000 });
    await page.goto(`${inject('appUrl')}/app/na/agents/${owner.agentId}/nodes`);
    await page.getByRole('heading', { name: 'Prompt', exact: true }).waitFor();
    await flipSwitch(page, 'Multi-step flow');
    // Nodes on with only a start: the Prompt and the Canvas show the same agent, and one button moves between them.
    await page.getByRole('link', { name: 'Switch to Canvas View' }).click();
    await page.waitForURL(/\/prompt$/);
    await page.getByRole('heading', { name: 'Canvas', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Switch to Prompt View' }).waitFor();

    await addNode(page, 'Add step', 'Step name', 'collect the date');
    await addNode(page, 'Add step', 'Step name', 'confirm');
    await addNode(page, 'Add end', 'End name', 'booked');
    await page.getByRole('textbox', { name: 'Closing message' }).fill('Your booking is confirmed. See you then!');
    // With steps on the canvas the simple view no longer shows the whole agent: no switch.
    expect(await page.getByRole('link', { name: /Switch to/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Auto-layout' }).click();

    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await page.getByRole('group', { name: 'Step "collect the date"' }).click();
    await choose(page, 'Add a path to', 'Step: confirm');
    await inspector.getByRole('textbox', { name: 'Condition for the path to "confirm"' }).fill('the visitor gave a date');
    await page.getByRole('group', { name: 'Step "confirm"' }).click();
    await choose(page, 'Add a path to', 'End: booked');
    await inspector.getByRole('textbox', { name: 'Condition for the path to "booked"' }).fill('the visitor confirmed');

    const unreachable = 'The step "collect the date" cannot be reached from the start. Connect a path to it, or delete it.';
    await page.getByRole('region', { name: 'Before you publish' }).getByText(unreachable).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('The flow cannot be published yet').waitFor();
    await page.getByRole('alert').getByText(unreachable).waitFor();
    expect((await owner.db.doc(`voiceglow/${owner.agentId}`).get()).get('enableNodes')).not.toBe(true);

    await page.getByRole('group', { name: 'Start' }).click();
    await choose(page, 'First step', 'collect the date');
    await page.getByText('The flow is ready to publish.').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    // The publish is a callable through the emulators: on a loaded machine its first call can take longer than 20 s.
    await page.getByRole('button', { name: 'Published' }).waitFor({ timeout: 60_000 });

    const stored = (await owner.db.doc(`voiceglow/${owner.agentId}`).get()).data()!;
    expect(stored.enableNodes).toBe(true);
    const nodes = stored.nodes as Array<{ id: string; type: string; name?: string; next?: string; edges?: Array<{ target: string; condition: string }> }>;
    const byName = (name: string) => nodes.find((n) => n.name === name)!;
    expect(nodes.find((n) => n.type === 'start')!.next).toBe(byName('collect the date').id);
    expect(byName('collect the date').edges).toMatchObject([{ target: byName('confirm').id, condition: 'the visitor gave a date' }]);
    expect(byName('confirm').edges).toMatchObject([{ target: byName('booked').id, condition: 'the visitor confirmed' }]);
  });

  it('walks the published flow step by step in the test debugger and ends with the closing message', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Show Test' }).click();
    const debuggerPanel = page.getByRole('complementary', { name: 'Test your agent' });
    const conversation = debuggerPanel.getByRole('region', { name: 'Test conversation' });
    // The launch greeting has come (its trace says who answered): the chat is open.
    await conversation.getByText('launch', { exact: true }).waitFor();
    const send = async (message: string) => {
      await debuggerPanel.getByRole('textbox', { name: 'Test message' }).fill(message);
      await debuggerPanel.getByRole('button', { name: 'Send' }).click();
      await conversation.getByText(message, { exact: true }).waitFor();
    };

    // A first message that says nothing of a date stays in the first step, and the answer is written there.
    await send('Hello, I would like an appointment.');
    await conversation.getByText('[collect the date] You asked: "Hello, I would like an appointment."', { exact: false }).waitFor();
    await debuggerPanel.getByText('Step: collect the date').waitFor();

    // Giving a date takes the path to "confirm": the move is shown, and the same turn is answered in the new step.
    await send('The date is 2026-12-03.');
    await conversation.getByText('Moved to step “confirm”').waitFor();
    await conversation.getByText('[confirm] You asked: "The date is 2026-12-03."', { exact: false }).waitFor();
    await debuggerPanel.getByText('Step: confirm').last().waitFor();

    // Confirming reaches the end: the answer is the end's closing message.
    await send('Yes, I confirmed.');
    await conversation.getByText('Moved to step “booked”').waitFor();
    await conversation.getByText('Your booking is confirmed. See you then!', { exact: true }).waitFor();
    await debuggerPanel.getByText('Step: booked').waitFor();
  });
});
