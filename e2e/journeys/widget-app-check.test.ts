// Firebase App Check, enforced: the local stack runs its functions with PARLEY_APP_CHECK=enforce. The widget's chat
// loads the App Check SDK beside itself and sends its token with every call, so a visitor on a website chats as
// before; a script calling the chat endpoint itself — without a token, or with one it made up — is refused before
// anything is stored or any model is asked.
import type { Firestore } from 'firebase-admin/firestore';
import type { Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAKE_PORTS } from '@parley/local/fakes';
import { LOCAL_APP_CHECK_DEBUG_TOKEN } from '@parley/local/stack/parley-config';
import { STACK_PORTS } from '@parley/local/stack/ports';
import { openBrowser, saveFailureScreenshot, type Session } from '../support/browser';
import { shopSite, type ShopSite } from '../support/shop-site';
import { journeyWorkspace, type JourneyWorkspace } from '../support/workspace';

const REFUSED = 'This request could not be verified. Please reload the page and try again.';
const widgetOrigin = `http://127.0.0.1:${STACK_PORTS.widget}`;
const llmUrl = `http://127.0.0.1:${FAKE_PORTS.llm}`;

let visitor: Session;
let site: ShopSite | undefined;
let siteUrl = '';
let workspace: JourneyWorkspace;
let db: Firestore;
let agentId = '';

const ATTACK = 'Spend this shop’s credits';
// The model stand-in serves every journey: only calls carrying this journey's attack message count.
const attackCalls = async () => ((await (await fetch(`${llmUrl}/__recorded`)).json()) as { body?: unknown }[]).filter((r) => JSON.stringify(r.body ?? '').includes(ATTACK)).length;
const storedConversations = async () => (await db.collection(`voiceglow/${agentId}/conversations`).count().get()).data().count;

beforeAll(async () => {
  workspace = await journeyWorkspace('app-check', 'Garden Shop Agent');
  agentId = workspace.agentId;
  db = workspace.db;
  // Conversations are recorded, so "nothing stored" is a real observation; answers come without pauses.
  await db.doc(`voiceglow/${agentId}`).set({ recordChatHistory: true, messageDelayMS: 0 }, { merge: true });
  site = await shopSite(inject('appUrl'), agentId, 'Garden Shop');
  siteUrl = site.url;
  visitor = await openBrowser();
});
afterEach((ctx) => saveFailureScreenshot(visitor, ctx));
afterAll(async () => {
  await site?.close();
  await visitor?.close();
  await workspace?.close();
});

describe('App Check on the widget', () => {
  it('the chat on a website sends its App Check token with every call and gets its answer', async () => {
    const { page } = visitor;
    const apiCalls: Request[] = [];
    let sdkLoaded = '';
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.endsWith('/widget/app-check.js')) sdkLoaded = url.origin;
      if (req.method() !== 'OPTIONS' && req.frame().url().includes('/widget/chat.html') && /\/(public\/)?agents\//.test(url.pathname)) apiCalls.push(req);
    });
    const before = await storedConversations();
    await page.goto(siteUrl);
    await page.getByRole('button', { name: /Open chat/ }).click();
    const chat = page.frameLocator('iframe[title^="Chat"]');
    await chat.getByRole('heading', { name: workspace.agentTitle }).waitFor();
    const question = 'Which roses grow well in shade?';
    await chat.getByRole('textbox').fill(question);
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await chat.locator('.row.assistant').filter({ hasText: `You asked: "${question}"` }).waitFor({ timeout: 30_000 });
    // The SDK came from the widget's own site, and every call carried the token it handed out.
    expect(sdkLoaded).toBe(widgetOrigin);
    const sent = apiCalls.filter((req) => /\/(chat|usage|analytics)$/.test(new URL(req.url()).pathname));
    expect(sent.map((req) => new URL(req.url()).pathname.split('/').pop())).toEqual(expect.arrayContaining(['usage', 'chat', 'analytics']));
    for (const req of apiCalls.filter((r) => !/\/public\/agents\/[^/]+$/.test(new URL(r.url()).pathname))) {
      expect(await req.headerValue('x-firebase-appcheck'), req.url()).toBe(LOCAL_APP_CHECK_DEBUG_TOKEN);
    }
    // The visitor's conversation was stored as usual, and no call was refused.
    expect(await storedConversations()).toBe(before + 1);
    expect(visitor.problems.filter((p) => p.startsWith('HTTP 401'))).toEqual([]);
  });

  it('a request without a token, or with a forged one, gets 401 and stores nothing', async () => {
    const conversations = await storedConversations();
    const apiBases = [inject('appUrl'), `http://127.0.0.1:${STACK_PORTS.functions}/demo-parley/us-central1/api`];
    // A made-up JWT-shaped token, and the debug token's look-alikes.
    const forged = [
      'eyJhbGciOiJSUzI1NiIsImtpZCI6ImZha2UifQ.eyJzdWIiOiIxOjA6d2ViOnBhcmxleS1sb2NhbCIsImF1ZCI6WyJwcm9qZWN0cy9kZW1vLXBhcmxleSJdfQ.c2ln',
      `${LOCAL_APP_CHECK_DEBUG_TOKEN}x`,
      LOCAL_APP_CHECK_DEBUG_TOKEN.toUpperCase(),
    ];
    for (const base of apiBases) {
      for (const [i, token] of [undefined, ...forged].entries()) {
        const conversationId = `app-check-attack-${i}-${base.length}`;
        const res = await fetch(`${base}/public/agents/${agentId}/chat?region=na`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: siteUrl, ...(token ? { 'x-firebase-appcheck': token } : {}) },
          body: JSON.stringify({ region: 'na', message: ATTACK, conversationId, stream: true }),
        });
        expect(res.status, `${base} ${token ?? 'no token'}`).toBe(401);
        expect(((await res.json()) as { error: string }).error).toBe(REFUSED);
        expect((await db.doc(`voiceglow/${agentId}/conversations/${conversationId}`).get()).exists).toBe(false);
        // Reading a conversation (polling), a handoff and analytics are refused the same way.
        const poll = await fetch(`${base}/public/agents/${agentId}/conversations/${conversationId}?region=na&since=0`, { headers: token ? { 'x-firebase-appcheck': token } : {} });
        expect(poll.status).toBe(401);
        const analytics = await fetch(`${base}/agents/${agentId}/analytics`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { 'x-firebase-appcheck': token } : {}) },
          body: JSON.stringify({ region: 'na', record: 'open' }),
        });
        expect(analytics.status).toBe(401);
      }
    }
    expect(await storedConversations()).toBe(conversations);
    expect(await attackCalls()).toBe(0);
  });
});
