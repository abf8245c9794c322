/**
 * Widget budgets: loader ≤ 3 KB gzip (its deferred part, fetched beside the agent, is reported beside it), chat bundle (chat.js + chat.html) ≤ 80 KB gzip — also counting the App Check
 * SDK (app-check.js) the chat imports once it starts — and
 * click-to-chat-visible ≤ 150 ms (p50 of 7) in headless Chromium: a page on one origin embeds the
 * loader from another and the visitor clicks the open button.
 *
 * "Chat visible" means usable: the chat's message box inside the iframe is on screen and enabled. It is
 * timed in the browser, from the click event's timestamp on the host page to the frame in which an
 * IntersectionObserver in the chat frame (implicit root: the top-level viewport, so a closed panel does
 * not count) first reports the box intersecting — both on the epoch clock (performance.timeOrigin). The
 * budget figure is the cold click: the pointer arrives and clicks at once (its pointer-enter comes a few
 * ms before the click, as with any mouse click), fresh profile, nothing cached. Reported alongside:
 * the hover case (pointer on the button 150 ms before clicking; the loader warms the chat up on
 * pointer-enter), the next page of the same site (chat.html from the HTTP cache), and Playwright's
 * wall clock for each, which adds its own click actionability checks and polling across the iframe.
 * The API is a small local stand-in (agent data, usage, launch message); /widget/* is served with the
 * Cache-Control firebase.json gives it.
 * `npx tsx widget/bench/widget.bench.ts` prints the figures; `runWidgetBench()` returns them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildWidget } from '../build';
import { DEFERRED_FILE } from '../src/loader/load-deferred';
import { CHROMIUM_ARGS, BENCH_CHROMIUM_PATH } from '@parley/local/chromium';

export interface BenchFigure {
  name: string;
  value: number;
  unit: 'KB' | 'ms';
  budget?: number;
  pass?: boolean;
  detail?: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const LOADER_BUDGET_KB = 3;
const CLICK_TO_CHAT_BUDGET_MS = 150;
const dist = join(here, '..', 'dist');
const AGENT = { ID: 'benchAgent000001', title: 'Bench agent', theme: 'blue-light', proactiveMessage: 'none', messageDelayMS: 0 };

/**
 * The chat is served stamped with an App Check config (the debug provider of a demo project), so every click below
 * also imports app-check.js and initializes the App Check SDK, as a published chat does; its token goes on the calls.
 */
const BENCH_APP_CHECK = 'demo-bench bench-key 1:0:web:bench debug bench-app-check-debug-token';
const APP_CHECK_MARKER = '__PARLEY_WIDGET_APP_CHECK__';
/** Calls that reached the API with the App Check token (the bench fails when none did). */
let tokenCalls = 0;

/** Mirrors firebase.json's headers for /widget/**. */
const WIDGET_CACHE_CONTROL = 'public, max-age=600, stale-while-revalidate=604800';

const gzipKB = (files: string[]) => Math.round((files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0) / 1024) * 10) / 10;

interface Probe {
  __parleyClickAt?: number;
  __parleyVisibleAt?: number;
}

/**
 * Runs in every frame of the bench's pages. Host page: the click's timestamp. Chat frame: when its
 * message box is first on screen (intersecting the top-level viewport, non-empty, enabled).
 */
const PROBE = `(() => {
  const epoch = (t) => performance.timeOrigin + t;
  if (!location.pathname.endsWith('/widget/chat.html')) {
    addEventListener('click', (e) => { if (!window.__parleyClickAt) window.__parleyClickAt = epoch(e.timeStamp); }, true);
    return;
  }
  const watch = (box) => new IntersectionObserver((entries, io) => {
    for (const e of entries) {
      if (e.isIntersecting && e.intersectionRect.width > 0 && e.intersectionRect.height > 0 && !box.disabled) {
        window.__parleyVisibleAt = epoch(e.time);
        io.disconnect();
      }
    }
  }).observe(box);
  new MutationObserver((_, mo) => {
    const box = document.querySelector('textarea');
    if (box) { mo.disconnect(); watch(box); }
  }).observe(document, { childList: true, subtree: true });
})();`;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** Serves widget/dist and the few API calls the chat makes on open. */
function widgetHost(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type, x-firebase-appcheck, x-parley-embed-origin');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (url.pathname.startsWith('/widget/')) {
      const file = join(dist, url.pathname.slice('/widget/'.length));
      if (!existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': file.endsWith('.html') ? 'text/html' : 'text/javascript', 'cache-control': WIDGET_CACHE_CONTROL });
      return void res.end(readFileSync(file, 'utf8').replaceAll(APP_CHECK_MARKER, BENCH_APP_CHECK));
    }
    if (req.headers['x-firebase-appcheck'] === 'bench-app-check-debug-token') tokenCalls++;
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === `/public/agents/${AGENT.ID}`) return json({ success: true, data: AGENT });
    if (url.pathname.endsWith('/usage')) return json({ success: true, data: { shouldContinue: true } });
    if (url.pathname.endsWith('/analytics')) return json({ success: true, monthlyMessages: 0 });
    if (url.pathname.includes('/conversations/')) return json({ success: true, data: { exists: false, control: 'ai', handoffRequested: false, updatedAt: 0, messages: [] } });
    if (url.pathname.endsWith('/chat')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: start\ndata: {"conversationId":"c"}\n\n');
      res.end(`event: done\ndata: ${JSON.stringify({ conversationId: 'c', parts: ['Hello!'], sources: [], control: 'ai', messageDelayMS: 0, failed: false })}\n\n`);
      return;
    }
    res.writeHead(404).end();
  });
}

export async function runWidgetBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  await buildWidget();
  const loaderKB = gzipKB(['loader.js']);
  const deferredKB = gzipKB([DEFERRED_FILE]); // the bubble and the panel, fetched beside the agent
  const chatKB = gzipKB(['chat.html']); // chat.js is inlined into chat.html
  const appCheckKB = gzipKB(['app-check.js']); // imported by the chat once it starts, never part of chat.html
  const withAppCheckKB = Math.round((chatKB + appCheckKB) * 10) / 10;
  const figures: BenchFigure[] = [
    {
      name: 'widget loader size (gzip)', value: loaderKB, unit: 'KB', budget: LOADER_BUDGET_KB, pass: loaderKB <= LOADER_BUDGET_KB,
      detail: `${DEFERRED_FILE} ${deferredKB} KB (bubble and panel), fetched beside the agent`,
    },
    { name: 'widget chat bundle size (gzip)', value: chatKB, unit: 'KB', budget: 80, pass: chatKB <= 80 },
    {
      name: 'widget chat + App Check SDK (gzip)', value: withAppCheckKB, unit: 'KB', budget: 80, pass: withAppCheckKB <= 80,
      detail: `app-check.js ${appCheckKB} KB, loaded beside the agent, after chat.html`,
    },
  ];
  const host = widgetHost();
  const hostUrl = await listen(host);
  // The website: another origin, one script tag.
  const site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html><body><h1>Shop</h1><script src="${hostUrl}/widget/loader.js" data-agent-id="${AGENT.ID}" data-region="na" async></script></body></html>`);
  });
  const siteUrl = (await listen(site)).replace('127.0.0.1', 'localhost');
  const browser = await chromium.launch({
    executablePath: BENCH_CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    type Way = 'cold' | 'hover' | 'next-page';
    const measure = async (way: Way): Promise<{ inPage: number; wall: number }> => {
      const context = await browser.newContext();
      await context.addInitScript(PROBE);
      const page = await context.newPage();
      if (way === 'next-page') {
        // A first page view opens the chat (so chat.html is in the HTTP cache), then the visitor moves on.
        await page.goto(siteUrl);
        await page.getByRole('button', { name: /Open chat/ }).click();
        await page.frameLocator('iframe[title^="Chat"]').getByRole('textbox').waitFor({ state: 'visible' });
      }
      await page.goto(way === 'next-page' ? `${siteUrl}/next` : siteUrl);
      const button = page.getByRole('button', { name: /Open chat/ });
      await button.waitFor();
      if (way === 'hover') {
        await button.hover();
        await page.waitForTimeout(150);
      }
      const t0 = Date.now();
      await button.click();
      const chat = page.frameLocator('iframe[title^="Chat"]');
      await chat.getByRole('textbox').waitFor({ state: 'visible' });
      const wall = Date.now() - t0;
      // The heading is there too: the chat shows the agent, not a placeholder.
      await chat.getByRole('heading', { name: AGENT.title }).waitFor({ state: 'visible' });
      const frame = page.frames().find((f) => f.url().includes('/widget/chat.html'));
      if (!frame) throw new Error('the chat frame is missing');
      const visibleAt = await (await frame.waitForFunction(() => (window as unknown as Probe).__parleyVisibleAt)).jsonValue();
      const clickAt = await page.evaluate(() => (window as unknown as Probe).__parleyClickAt);
      const inPage = Math.round(Number(visibleAt) - Number(clickAt));
      // The wall clock brackets the in-browser span; anything else means the probe measured the wrong thing.
      if (!(inPage > 0 && inPage <= wall + 5)) throw new Error(`inconsistent timing: in-page ${inPage} ms, wall clock ${wall} ms`);
      await context.close();
      return { inPage, wall };
    };
    const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const runs: Record<Way, Array<{ inPage: number; wall: number }>> = { cold: [], hover: [], 'next-page': [] };
    for (let i = 0; i < 7; i++) {
      for (const way of ['cold', 'hover', 'next-page'] as const) runs[way].push(await measure(way));
    }
    const summary = (way: Way) => {
      const inPage = runs[way].map((r) => r.inPage);
      return { p50: p50(inPage), text: `${way} p50 ${p50(inPage)} ms (samples ${inPage.join(', ')}; Playwright wall clock p50 ${p50(runs[way].map((r) => r.wall))} ms)` };
    };
    const cold = summary('cold');
    figures.push({
      name: 'widget click-to-chat-visible, cold click (p50)', value: cold.p50, unit: 'ms', budget: CLICK_TO_CHAT_BUDGET_MS, pass: cold.p50 <= CLICK_TO_CHAT_BUDGET_MS && tokenCalls > 0,
      detail: [cold.text, summary('hover').text, summary('next-page').text, `App Check on: ${tokenCalls} calls carried its token`].join('; '),
    });
  } finally {
    await browser.close();
    host.closeAllConnections();
    site.closeAllConnections();
    host.close();
    site.close();
  }
  for (const f of figures) log(`${f.pass ? 'PASS' : 'FAIL'} ${f.name}: ${f.value} ${f.unit} (budget ${f.budget})${f.detail ? ` — ${f.detail}` : ''}`);
  return figures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await runWidgetBench();
  process.exit(figures.every((f) => f.pass) ? 0 : 1);
}

export default runWidgetBench;
