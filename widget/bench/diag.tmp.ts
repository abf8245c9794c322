import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildWidget } from '../build';
const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const AGENT = { ID: 'benchAgent000001', title: 'Bench agent', theme: 'blue-light', proactiveMessage: 'none', messageDelayMS: 0 };
function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}
const host = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  res.setHeader('access-control-allow-origin', '*');
  if (url.pathname.startsWith('/widget/')) {
    const file = join(dist, url.pathname.slice('/widget/'.length));
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.endsWith('.html') ? 'text/html' : 'text/javascript' });
    return void res.end(readFileSync(file));
  }
  const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (url.pathname === `/public/agents/${AGENT.ID}`) return json({ success: true, data: AGENT });
  if (url.pathname.endsWith('/usage')) return json({ success: true, data: { shouldContinue: true } });
  if (url.pathname.endsWith('/analytics')) return json({ success: true, monthlyMessages: 0 });
  if (url.pathname.includes('/conversations/')) return json({ success: true, data: { exists: false, control: 'ai', handoffRequested: false, updatedAt: 0, messages: [] } });
  if (url.pathname.endsWith('/chat')) { res.writeHead(200, { 'content-type': 'text/event-stream' }); res.end(`event: done\ndata: ${JSON.stringify({ conversationId: 'c', parts: ['Hello!'], sources: [], control: 'ai', messageDelayMS: 0, failed: false })}\n\n`); return; }
  res.writeHead(404).end();
});
if (process.env.SKIPBUILD !== '1') await buildWidget();
const hostUrl = await listen(host);
const site = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end(`<!doctype html><html><body><h1>Shop</h1><script src="${hostUrl}/widget/loader.js" data-agent-id="${AGENT.ID}" data-region="na" async></script></body></html>`); });
const siteUrl = (await listen(site)).replace('127.0.0.1', 'localhost');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...(process.env.EXTRA ? process.env.EXTRA.split(' ') : [])] });
const INIT = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  if (location.pathname.endsWith('chat.html')) {
    const w = window; w.__t = { origin: performance.timeOrigin, start: now() };
    document.addEventListener('DOMContentLoaded', () => w.__t.dcl = now());
    const watch = (box) => new IntersectionObserver((entries, io) => { for (const e of entries) if (e.isIntersecting && e.intersectionRect.width > 0) { w.__t.input = performance.timeOrigin + e.time; io.disconnect(); } }).observe(box);
    new MutationObserver((_, mo) => { const box = document.querySelector('textarea'); if (box) { mo.disconnect(); w.__t.box = now(); watch(box); } }).observe(document, { childList: true, subtree: true });
  } else {
    addEventListener('click', (e) => { window.__click = performance.timeOrigin + e.timeStamp; }, true);
  }
})();`;
const rows: string[] = [];
for (let i = 0; i < Number(process.env.N ?? 5); i++) for (const hover of [false, true]) {
  const context = await browser.newContext();
  await context.addInitScript(INIT);
  const page = await context.newPage();
  await page.goto(siteUrl);
  const button = page.getByRole('button', { name: /Open chat/ });
  await button.waitFor();
  if (hover) { await button.hover(); await page.waitForTimeout(150); }
  if (process.env.KB === '1' && !hover) { await button.focus(); }
  const t0 = Date.now();
  if (process.env.KB === '1' && !hover) await page.keyboard.press('Enter'); else await button.click();
  const tClickDone = Date.now();
  await page.frameLocator('iframe[title^="Chat"]').getByRole('textbox').waitFor({ state: 'visible' });
  const t1 = Date.now();
  const click = await page.evaluate(() => (window as any).__click);
  const frame = page.frames().find((f) => f.url().includes('chat.html'))!;
  const t = await frame.evaluate(() => { const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming; return { ...(window as any).__t, resp: n.responseStart, s0: performance.getEntriesByName('s0')[0]?.startTime, s1: performance.getEntriesByName('s1')[0]?.startTime, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime, respEnd: n.responseEnd, di: n.domInteractive }; });
  rows.push(`${hover ? 'hover' : 'cold '} pw=${t1 - t0} clickcall=${tClickDone - t0} clickEvt→navStart=${Math.round(t.origin - click)} respStart=${Math.round(t.resp)} respEnd=${Math.round(t.respEnd)} initScript=${Math.round(t.start - t.origin)} box=${Math.round(t.box - t.origin)} io=${Math.round(t.input - t.origin)} s0=${Math.round(t.s0)} s1=${Math.round(t.s1)} dcl=${Math.round(t.dcl - t.origin)} fcp=${Math.round(t.fcp)} inputVisible(rel click)=${Math.round(t.input - click)} pwSeen-after-visible=${Math.round(t1 - t.input)}`);
  await context.close();
}
console.log(rows.join('\n'));
await browser.close(); host.closeAllConnections(); site.closeAllConnections(); host.close(); site.close();
