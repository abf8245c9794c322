// The widget chat on its own origin: a website embeds the loader from the dashboard's origin as before, and the
// chat it opens is served by the widget site (another origin), so nothing rendered for a visitor can reach a
// dashboard session. The dashboard's origin no longer serves the chat. A page that frames chat.html itself
// cannot point it at an API of its own (api=), and the chat posts its messages only to the page the loader said
// it runs on, never to '*'.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { STACK_PORTS } from '@parley/local/stack/ports';
import { openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { journeyWorkspace, type JourneyWorkspace } from '../support/workspace';

const widgetOrigin = `http://127.0.0.1:${STACK_PORTS.widget}`;
let visitor: Session;
const servers: Server[] = [];
/** Requests that reached the hostile page's own "API". */
const stolen: string[] = [];

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

let workspace: JourneyWorkspace;
let shopUrl = '';
let hostileUrl = '';
let evilApi = '';

beforeAll(async () => {
  workspace = await journeyWorkspace('widget-origin', 'Shop Agent');
  const agentId = workspace.agentId;
  const appUrl = inject('appUrl');
  shopUrl = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Shop</title><h1>Shop</h1>
<script src="${appUrl}/widget/loader.js" data-agent-id="${agentId}" data-region="na" async></script>`);
  });
  evilApi = await serve((req, res) => {
    stolen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'content-type': 'application/json' });
    res.end('{}');
  });
  // Frames the chat itself, with its own api= and a page= naming another site; records what the chat posts to it.
  hostileUrl = await serve((_req, res) => {
    const fragment = new URLSearchParams({ agent: agentId, region: 'na', api: evilApi, stream: evilApi, page: 'https://victim.example/', open: '1' });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Hostile</title><script>window.heard = []; addEventListener('message', (e) => window.heard.push(e.data));</script>
<iframe title="Framed chat" style="width:400px;height:600px" src="${widgetOrigin}/widget/chat.html#${fragment}"></iframe>`);
  });
  visitor = await openBrowser();
});
afterEach((ctx) => saveFailureScreenshot(visitor, ctx));
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await visitor?.close();
  await workspace?.close();
});

describe('the widget chat on its own origin', () => {
  it('a website embedding the loader from the dashboard gets the chat from the widget site', async () => {
    const { page } = visitor;
    await page.goto(shopUrl);
    await page.getByRole('button', { name: /Open chat/ }).click();
    const chat = page.frameLocator('iframe[title^="Chat"]');
    await chat.getByRole('heading', { name: workspace.agentTitle }).waitFor();
    const frame = page.frames().find((f) => f.url().includes('/widget/chat.html'));
    expect(new URL(frame!.url()).origin).toBe(widgetOrigin);
    expect(widgetOrigin).not.toBe(new URL(inject('appUrl')).origin);
  });

  it('the dashboard’s origin no longer serves the chat', async () => {
    const res = await fetch(`${inject('appUrl')}/widget/chat.html`);
    expect(await res.text()).not.toContain('parley-chat-css');
    expect((await fetch(`${widgetOrigin}/widget/chat.html`)).status).toBe(200);
  });

  it('a page framing chat.html cannot send the visitor’s chat to its own API, nor hear the chat', async () => {
    const { page } = visitor;
    await page.goto(hostileUrl);
    const chat = page.frameLocator('iframe[title="Framed chat"]');
    // The agent comes from the platform's API, not from the api= in the fragment.
    await chat.getByRole('heading', { name: workspace.agentTitle }).waitFor();
    const input = chat.getByRole('textbox');
    await input.fill('my card number is 4242');
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await chat.getByText('my card number is 4242', { exact: true }).waitFor();
    await page.waitForTimeout(1000);
    expect(stolen).toEqual([]);
    // The chat announces itself to the page its fragment names (victim.example), not to whoever framed it.
    expect(await page.evaluate('window.heard')).toEqual([]);
  });
});
