// Tools: the owner creates the function get_order_status (GET, a query field order_id, a secret) against the local
// tools stand-in, tests it, and assigns it to an agent; a visitor on a foreign page asks "where is order 1234?", the
// LLM stand-in asks for the tool (its rule: local/fakes/llm/README.md), the stand-in receives order_id=1234 with the
// secret header, and the visitor's answer holds the order's status; Chats shows the call.
import { randomBytes } from 'node:crypto';
import { FAKE_PORTS } from '@parley/local/fakes';
import { portOverride } from '@parley/local/stack/ports';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';
import { shopSite, type ShopSite } from '../support/shop-site';
import { journeyWorkspace, type JourneyWorkspace } from '../support/workspace';

const toolsUrl = `http://127.0.0.1:${portOverride('tools', FAKE_PORTS.tools!)}`;
// This run's own secret: the stand-in's requests are told apart by it.
const SECRET = `journey-${randomBytes(6).toString('hex')}`;
const QUESTION = 'where is order 1234?';

let owner: Session;
let visitor: Session;
let workspace: JourneyWorkspace;
let site: ShopSite | undefined;
let siteUrl = '';

interface Recorded {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
}
const oursAtStandIn = async () => ((await (await fetch(`${toolsUrl}/__recorded`)).json()) as Recorded[]).filter((r) => r.headers['x-parley-secret'] === SECRET);

beforeAll(async () => {
  const appUrl = inject('appUrl');
  workspace = await journeyWorkspace('tools', 'Order Desk Agent');
  await workspace.db.doc(`voiceglow/${workspace.agentId}`).set({ recordChatHistory: true, messageDelayMS: 0 }, { merge: true });
  site = await shopSite(appUrl, workspace.agentId, 'Harbor Shop');
  siteUrl = site.url;
  owner = await openBrowser();
  visitor = await openBrowser();
  await signIn(owner.page, appUrl, workspace.email, workspace.password);
  await owner.page.waitForURL(/\/app\/na\/agents/);
}, 120_000);
afterEach(async (ctx) => {
  await saveFailureScreenshot(owner, { task: { ...ctx.task, name: `owner ${ctx.task.name}` } });
  await saveFailureScreenshot(visitor, { task: { ...ctx.task, name: `visitor ${ctx.task.name}` } });
});
afterAll(async () => {
  await site?.close();
  await owner?.close();
  await visitor?.close();
  await workspace?.close();
});

describe('tools', () => {
  it('the owner creates get_order_status against the stand-in and a metadata URL is refused at its field', async () => {
    const { page } = owner;
    await page.goto(`${inject('appUrl')}/app/na/integrations`);
    await page.getByRole('heading', { name: 'Functions' }).waitFor();
    await page.getByRole('button', { name: 'New function' }).click();
    const drawer = page.getByRole('dialog', { name: 'New function' });
    await drawer.getByLabel(/^Name/).fill('get_order_status');
    await drawer.getByLabel(/^Description/).fill('The status of a customer order, by its number.');
    await drawer.getByLabel(/^Server URL(?! secret)/).fill('http://169.254.169.254/latest/meta-data/');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('This address cannot be reached from our servers.').waitFor();
    await drawer.getByLabel(/^Server URL(?! secret)/).fill(`${toolsUrl}/orders/status`);
    await drawer.getByLabel(/^Server URL secret/).fill(SECRET);
    await drawer.getByRole('button', { name: 'Add field' }).click();
    await drawer.getByLabel('Field 1 key').fill('order_id');
    await drawer.getByLabel('Field 1 description').fill('The order number');
    await drawer.getByText('Field 1 required').click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const row = page.getByRole('table', { name: 'Functions' }).getByRole('row').filter({ hasText: 'get_order_status' });
    await row.getByText('Secret saved').waitFor();
    expect(await page.content()).not.toContain(SECRET);
  });

  it('tests it: the request with the secret redacted, then the status and body', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Test get_order_status' }).click();
    const panel = page.getByRole('dialog', { name: 'Test get_order_status' });
    await panel.getByLabel(/^order_id/).fill('1234');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByText('Status 200').waitFor();
    expect(await panel.getByLabel('Request sent').textContent()).toContain('X-Parley-Secret: [redacted]');
    expect(await panel.getByLabel('Response body').textContent()).toContain('"status":"shipped"');
    expect(await page.content()).not.toContain(SECRET);
    await page.keyboard.press('Escape');
  });

  it('assigns it to the agent on its Tools tab', async () => {
    const { page } = owner;
    await page.goto(`${inject('appUrl')}/app/na/agents/${workspace.agentId}/tools`);
    await page.getByRole('table', { name: 'Parameters of get_order_status' }).waitFor();
    await page.getByRole('checkbox', { name: 'Assign get_order_status' }).check();
    await page.getByRole('button', { name: 'Save tools' }).click();
    await page.getByText('Tools saved').waitFor();
    expect((await workspace.db.doc(`voiceglow/${workspace.agentId}`).get()).get('assignedToolsIds')).toHaveLength(1);
  });

  it('a visitor asks where order 1234 is: the stand-in gets order_id=1234 with the secret, and the answer has the status', async () => {
    const before = (await oursAtStandIn()).length;
    await visitor.page.goto(siteUrl);
    await visitor.page.getByRole('button', { name: /Open chat/ }).click();
    const chat = visitor.page.frameLocator('iframe[title^="Chat"]');
    await chat.locator('.row.assistant').first().waitFor();
    await chat.getByRole('textbox').fill(QUESTION);
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await chat.locator('.row.assistant', { hasText: 'Order 1234 shipped' }).first().waitFor({ timeout: 45_000 });
    const calls = (await oursAtStandIn()).slice(before);
    expect(calls.map((c) => [c.path, c.query])).toEqual([['/orders/status', { order_id: '1234' }]]);
  });

  it('Chats shows the tool call', async () => {
    const { page } = owner;
    await page.goto(`${inject('appUrl')}/app/na/agents/${workspace.agentId}/convos`);
    const row = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button').first();
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    const calls = page.getByLabel('Transcript').getByLabel('Tool calls');
    await calls.waitFor();
    expect(await calls.textContent()).toContain('Called get_order_status({"order_id":"1234"}) · OK 200');
    expect(await page.content()).not.toContain(SECRET);
  });
});
