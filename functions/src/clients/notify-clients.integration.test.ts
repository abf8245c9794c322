// Client notifications end to end, caused the way users cause them (the API on a node server, Google's Firestore
// emulator, the LLM, Telegram and Resend stand-ins, the in-process answer queue): a widget visitor opening a chat,
// asking for a human, and a Telegram user's first message each write their notification once and e-mail the
// agent's clients by notifyIf / notifyThrough from the agency's domain — with no Firestore trigger involved.
import { paths } from '@parley/core';
import { start as startResend, type ResendFake } from '@parley/local/fakes/resend';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botToken, owner, simInbound, simThread, startChannelStack, type ChannelStack } from '../../test/channels';
import { llmEnv } from '../../test/runtime';

/* eslint-disable @typescript-eslint/no-explicit-any -- stored documents and JSON replies are inspected loosely */
let stack: ChannelStack;
let resend: ResendFake;
let db: Firestore;

const OWNER = 'notify-owner';
const AGENT = 'AgentNotified001';

const post = (path: string, body: unknown) =>
  fetch(`${stack.api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const chat = (body: Record<string, unknown>) => post(`/public/agents/${AGENT}/chat`, body);
const handoff = (conversationId: string) => post(`/public/agents/${AGENT}/conversations/${conversationId}/handoff`, {});

const notifications = async (level: 1 | 2) =>
  (await db.collection(paths.notifications(level)).where('agentId', '==', AGENT).get()).docs.map((d) => d.data() as any);
/** Who was e-mailed about a conversation (the link names it), in order. */
const mailedAbout = (conversationId: string) =>
  resend.emails().filter((m) => String(m.html).includes(`conversation=${conversationId}`)).map((m) => ({ to: m.to, from: m.from, subject: m.subject }));

const client = (ID: string, notifyThrough: string, notifyIf: string) => ({
  ID, orgId: 'orgNotify', email: `${ID}@client.test`, widgetIDs: [AGENT], canAccess: ['/convos'], notificationsSettings: { notifyThrough, notifyIf },
});

beforeAll(async () => {
  stack = await startChannelStack();
  resend = await startResend({ port: 0 });
  // PARLEY_APP_URL stays the channel stack's (Telegram's webhook goes there); e-mailed links use its port.
  Object.assign(process.env, { RESEND_API_KEY: 're_test_key_123', RESEND_BASE_URL: resend.url });
  db = (await import('../adapters/firestore')).databaseFor('na');
  const { useEngine } = await import('../../test/composition');
  const { runtimeDeps } = await import('../../test/composition');
  useEngine(runtimeDeps({ llm: () => llmEnv(stack.llm.url), agentCacheMs: 0 }));
  const docs: Record<string, Record<string, unknown>> = {
    [paths.agency('agNotify')]: { ID: 'agNotify', userId: OWNER, name: 'Acme Agency', resendEmailDomain: 'acme.test', resendEmailDomainStatus: 'verified', VGsubDomain: 'acme.localhost', isVerifiedSubDomain: true },
    [paths.org('orgNotify')]: { ID: 'orgNotify', name: 'Bakery Co', ownerID: OWNER, widgetIDs: [AGENT] },
    [paths.client('cAll')]: client('cAll', 'email', 'all'),
    [paths.client('cRequests')]: client('cRequests', 'all', 'requestsOnly'),
    [paths.client('cPush')]: client('cPush', 'push', 'all'),
    [paths.client('cNone')]: client('cNone', 'email', 'none'),
  };
  const batch = db.batch();
  for (const [path, data] of Object.entries(docs)) batch.set(db.doc(path), data);
  await batch.commit();
}, 60_000);
afterAll(async () => {
  (await import('../../test/composition')).useEngine(null);
  await resend?.stop();
  await stack?.stop();
});
beforeEach(async () => {
  await stack.limits.reset();
  await fetch(`${resend.url}/__recorded`, { method: 'DELETE' });
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 1000 });
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Bakery', ownerID: OWNER, agentPlatform: 'vg', recordChatHistory: true, enableHumanHandoff: true, smartInit: true, messagesLimit: 0 });
});

describe('a widget conversation', () => {
  it('opening the chat tells the workspace and the clients who want every conversation, once, however many tabs race to start it', async () => {
    const conversationId = 'conv-notify-00001';
    // Two tabs send the conversation's first message at the same moment: both find it new.
    const first = await Promise.all([chat({ message: 'Hello there', conversationId }), chat({ message: 'Anyone here?', conversationId })]);
    expect(first.map((r) => r.status)).toEqual([200, 200]);
    await chat({ message: 'Do you bake rye bread?', conversationId });

    const level1 = (await notifications(1)).filter((n) => n.urlPathname.endsWith(conversationId));
    expect(level1).toEqual([
      expect.objectContaining({
        ID: `conversation-${AGENT}-${conversationId}`, ownerID: OWNER, agentId: AGENT, notificationLevel: 1, notifyOnly: [], seen: false,
        title: 'New conversation', body: 'A visitor started a chat with Bakery', urlPathname: `/app/na/agents/${AGENT}/convos?conversation=${conversationId}`,
      }),
    ]);
    // requestsOnly, push and none hear nothing by e-mail of a plain new conversation.
    expect(mailedAbout(conversationId)).toEqual([{ to: ['cAll@client.test'], from: 'Acme Agency <noreply@acme.test>', subject: 'New conversation: Bakery' }]);
    // The link opens the conversation on the agency's own host.
    const link = new URL(process.env.PARLEY_APP_URL!);
    link.hostname = 'acme.localhost';
    expect(String(resend.emails()[0]!.html)).toContain(`${link.origin}/app/na/agents/${AGENT}/convos?conversation=${conversationId}`);
  });

  it('the launch message starts it too (the chat opened before anything was typed)', async () => {
    await db.doc(paths.agent(AGENT)).set({ smartInit: false }, { merge: true });
    const conversationId = 'conv-notify-launch1';
    expect((await chat({ action: 'launch', conversationId })).status).toBe(200);
    expect((await chat({ message: 'Hi', conversationId })).status).toBe(200);
    expect((await notifications(1)).filter((n) => n.urlPathname.endsWith(conversationId))).toHaveLength(1);
    expect(mailedAbout(conversationId).map((m) => m.to)).toEqual([['cAll@client.test']]);
  });

  it('asking for a human tells everyone who wants requests, once, however often the visitor asks', async () => {
    const conversationId = 'conv-notify-handoff';
    await chat({ message: 'I need a person', conversationId });
    await fetch(`${resend.url}/__recorded`, { method: 'DELETE' });
    const statuses = [(await handoff(conversationId)).status, ...(await Promise.all([handoff(conversationId), handoff(conversationId)])).map((r) => r.status)];
    expect(statuses).toEqual([200, 200, 200]);

    const level2 = await notifications(2);
    expect(level2).toEqual([
      expect.objectContaining({
        ID: `handoff-${AGENT}-${conversationId}`, ownerID: OWNER, notificationLevel: 2, title: 'Handoff requested', body: 'A visitor asked for a human on Bakery',
        urlPathname: `/app/na/agents/${AGENT}/convos?conversation=${conversationId}`,
      }),
    ]);
    // notifyIf all and requestsOnly both let a handoff through; notifyThrough all e-mails too; push and none do not.
    expect(mailedAbout(conversationId).map((m) => m.to[0]).sort()).toEqual(['cAll@client.test', 'cRequests@client.test']);
    expect(mailedAbout(conversationId).every((m) => m.subject === 'Handoff requested: Bakery')).toBe(true);
  });

  it('a conversation the agent does not record (no history) creates nothing, so nobody is told', async () => {
    await db.doc(paths.agent(AGENT)).set({ recordChatHistory: false }, { merge: true });
    const conversationId = 'conv-notify-unrecord';
    expect((await chat({ message: 'Hello', conversationId })).status).toBe(200);
    expect((await notifications(1)).filter((n) => n.urlPathname.endsWith(conversationId))).toEqual([]);
    expect(mailedAbout(conversationId)).toEqual([]);
  });
});

describe('a channel conversation', () => {
  it('a Telegram user’s first message tells the workspace and the clients once; the next messages do not', async () => {
    expect(await (await import('../channels/telegram/save-bot')).saveTelegramBot(stack.app, { region: 'na', agentId: AGENT, token: botToken(7901) }, owner(OWNER))).toMatchObject({ ok: true });
    await simInbound(stack.telegram.url, { endpointId: '7901', userId: 'tg-ada', userName: 'Ada', text: 'Are you open on Sunday?' });
    await stack.drain();
    await simInbound(stack.telegram.url, { endpointId: '7901', userId: 'tg-ada', userName: 'Ada', text: 'And on Monday?' });
    await stack.drain();
    expect((await simThread(stack.telegram.url, '7901', 'tg-ada')).map((m) => m.from)).toEqual(['user', 'agent', 'user', 'agent']);

    const conversation = (await db.collection(paths.conversations(AGENT)).where('channel', '==', 'telegram').get()).docs.map((d) => d.data() as any);
    expect(conversation).toHaveLength(1);
    const conversationId = conversation[0].ID as string;
    expect((await notifications(1)).filter((n) => n.urlPathname.endsWith(conversationId))).toEqual([
      expect.objectContaining({ ID: `conversation-${AGENT}-${conversationId}`, ownerID: OWNER, notificationLevel: 1, title: 'New conversation' }),
    ]);
    expect(mailedAbout(conversationId).map((m) => m.to)).toEqual([['cAll@client.test']]);
  });
});
