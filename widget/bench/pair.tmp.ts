// Temporary: paired before/after comparison (alternating, same browser), in-page click→box-visible.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
const DIRS: Record<string, string> = { after: '/work/main/widget/dist', before: '/tmp/wbefore/widget/dist', extra: process.env.EXTRA_DIST ?? '/tmp/wdiag/extra' };
const AGENT = { ID: 'benchAgent000001', title: 'Bench agent', theme: 'blue-light', proactiveMessage: 'none', messageDelayMS: 0 };
const listen = (server: Server): Promise<string> => new Promise((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const host = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  res.setHeader('access-control-allow-origin', '*');
  const m = /^\/(after|before|extra)\/(.+)$/.exec(url.pathname);
  if (m) {
    const file = join(DIRS[m[1]!]!, m[2]!);
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.endsWith('.html') ? 'text/html' : 'text/javascript' });
    return void res.end(readFileSync(file));
  }
  const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (url.pathname === `/public/agents/${AGENT.ID}`) return json({ success: true, data: AGENT });
  if (url.pathname.endsWith('/usage')) return json({ success: true, data: { shouldContinue: true } });
  if (url.pathname.endsWith('/analytics')) return json({ success: true });
  if (url.pathname.includes('/conversations/')) return json({ success: true, data: { exists: false, control: 'ai', handoffRequested: false, updatedAt: 0, messages: [] } });
  if (url.pathname.endsWith('/chat')) { res.writeHead(200, { 'content-type': 'text/event-stream' }); res.end(`event: done\ndata: ${JSON.stringify({ conversationId: 'c', parts: ['Hello!'], sources: [], control: 'ai', messageDelayMS: 0, failed: false })}\n\n`); return; }
  res.writeHead(404).end();
});
const hostUrl = await listen(host);
const site = createServer((req, res) => { const v = (req.url ?? '/').slice(1) || 'after'; res.writeHead(200, { 'content-type': 'text/html' }); res.end(`<!doctype html><html><body><h1>Shop</h1><script src="${hostUrl}/${v}/loader.js" data-agent-id="${AGENT.ID}" data-region="na" async></script></body></html>`); });
const siteUrl = (await listen(site)).replace('127.0.0.1', 'localhost');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const PROBE = `(() => {
  const epoch = (t) => performance.timeOrigin + t;
  if (!location.pathname.endsWith('/chat.html')) { addEventListener('click', (e) => { if (!window.__c) window.__c = epoch(e.timeStamp); }, true); return; }
  const watch = (box) => new IntersectionObserver((es, io) => { for (const e of es) if (e.isIntersecting && e.intersectionRect.width > 0 && !box.disabled) { window.__v = epoch(e.time); window.__vnow = epoch(performance.now()); io.disconnect(); } }).observe(box);
  new MutationObserver((_, mo) => { const b = document.querySelector('textarea'); if (b) { mo.disconnect(); watch(b); } }).observe(document, { childList: true, subtree: true });
})();`;
const variants = (process.env.V ?? 'before,after').split(',');
const res: Record<string, number[]> = {}; const resNow: Record<string, number[]> = {};
for (let i = 0; i < Number(process.env.N ?? 10); i++) for (const v of variants) {
  const context = await browser.newContext(); await context.addInitScript(PROBE);
  const page = await context.newPage(); await page.goto(`${siteUrl}/${v}`);
  const button = page.getByRole('button', { name: /Open chat/ }); await button.waitFor();
  await button.click();
  await page.frameLocator('iframe[title^="Chat"]').getByRole('textbox').waitFor({ state: 'visible' });
  const frame = page.frames().find((f) => f.url().includes('chat.html'))!;
  await frame.waitForFunction(() => (window as any).__v);
  const [v1, vn] = await frame.evaluate(() => [(window as any).__v, (window as any).__vnow]);
  const c = await page.evaluate(() => (window as any).__c);
  (res[v] ??= []).push(Math.round(v1 - c)); (resNow[v] ??= []).push(Math.round(vn - c));
  await context.close();
}
const p50 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const v of variants) console.log(`${v}: p50 ${p50(res[v]!)} (callback-time p50 ${p50(resNow[v]!)}) samples ${res[v]!.join(',')}`);
await browser.close(); host.closeAllConnections(); site.closeAllConnections(); host.close(); site.close();
