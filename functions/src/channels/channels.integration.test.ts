// Channels end to end on the test stack (the API on a node server, Google's Firestore emulator, the LLM, Telegram
// and Discord stand-ins, an in-process queue in place of Cloud Tasks): connecting, answering through the runtime
// with metering, Chats, takeover, smartInit, no credits, signatures, once-only processing under retries and
// concurrency, and tokens that never leave the functions.
import { channelsApi, paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { botToken, owner, simInbound, simThread, startChannelStack, type ChannelStack } from '../../test/channels';

/* eslint-disable @typescript-eslint/no-explicit-any -- stored documents and JSON replies are inspected loosely */
let stack: ChannelStack;
let db: Firestore;
let channels: typeof import('./index');
let telegramSave: typeof import('./telegram/save-bot');
let telegramDisconnect: typeof import('./telegram/disconnect-bot');
let discordSave: typeof import('./discord/save-channel');
let operator: typeof import('../conversations/operator');
let relay: import('../conversations').OperatorRelay;

const OWNER = 'ch-owner';
let AGENT = '';
let agentCounter = 0;
const T = channelsApi.CHANNEL_TEXTS;
const logs: string[] = [];

const conversations = async (agentId?: string) => (await db.collection(paths.conversations(agentId ?? AGENT)).get()).docs.map((d) => d.data() as any);
const events = async () => (await db.collection('channelEvents').where('agentId', '==', AGENT).get()).docs.map((d) => d.data() as any);
const balance = async () => (await db.doc(paths.user(OWNER)).get()).get('loadTokens') as number;

async function connectTelegram(id: number, agentId?: string) {
  agentId ??= AGENT;
  const result = await telegramSave.saveTelegramBot(stack.app, { region: 'na', agentId, token: botToken(id) }, owner(OWNER));
  expect(result.message).toBe(T.telegramSaved);
  return String(id);
}

async function connectDiscord(channelId = '1100000000000000001', agentId?: string) {
  agentId ??= AGENT;
  const list = (await (await fetch(`${stack.discord.url}/__sim/channels`)).json()) as { channels: Array<{ channelId: string; webhookUrl: string }> };
  const webhookUrl = list.channels.find((c) => c.channelId === channelId)!.webhookUrl;
  const result = await discordSave.saveDiscordChannel(stack.app, { region: 'na', agentId, channelId, webhookUrl }, owner(OWNER));
  expect(result).toMatchObject({ ok: true, message: T.discordSaved });
  return { channelId, webhookUrl };
}

/** WhatsApp through Embedded Signup (the stand-in's popup grants the code); answers the simulator's endpoint id. */
async function connectWhatsappNumber(agentId?: string) {
  agentId ??= AGENT;
  const { FAKE_NUMBERS } = await import('@parley/local/fakes/meta');
  const number = FAKE_NUMBERS[1]!;
  const { code } = (await (await fetch(`${stack.meta.url}/__popup/grant`, { method: 'POST', body: JSON.stringify({ kind: 'code' }) })).json()) as { code: string };
  const { getLongAccessToken } = await import('./whatsapp/signup');
  const { connectWhatsappNumber: connect } = await import('./whatsapp/connect-number');
  expect(await getLongAccessToken({ region: 'na', code }, owner(OWNER))).toMatchObject({ ok: true });
  expect(await connect(stack.app, { region: 'na', agentId, wabaId: number.wabaId, phoneId: number.id, phoneNumber: number.display_phone_number }, owner(OWNER))).toMatchObject({ ok: true });
  return `wa:${number.id}`;
}

/** The stand-in's first page (with its Instagram account) through Facebook Login; one connection per test. */
let pageConnection: { agent: string; page: Promise<{ pageId: string; igPageId?: string }> } | null = null;
function connectMetaPage(agentId?: string) {
  agentId ??= AGENT;
  if (pageConnection?.agent !== agentId) {
    pageConnection = {
      agent: agentId,
      page: (async () => {
        const { FAKE_PAGES } = await import('@parley/local/fakes/meta');
        const { accessToken } = (await (await fetch(`${stack.meta.url}/__popup/grant`, { method: 'POST', body: JSON.stringify({ kind: 'token' }) })).json()) as { accessToken: string };
        const meta = await import('./messenger/connect');
        expect(await meta.exchangeMetaToken({ region: 'na', token: accessToken }, owner(OWNER))).toMatchObject({ ok: true });
        const result = await meta.connectMetaPage(stack.app, { region: 'na', agentId: agentId!, selectedPage: { id: FAKE_PAGES[0]!.id } }, owner(OWNER));
        expect(result).toMatchObject({ ok: true });
        return result.page!;
      })(),
    };
  }
  return pageConnection.page;
}

async function seedAgent(agentId?: string, extra: Record<string, unknown> = {}) {
  agentId ??= AGENT;
  await db.doc(paths.agent(agentId)).set({ ID: agentId, title: 'Channel agent', ownerID: OWNER, agentPlatform: 'vg', recordChatHistory: true, smartInit: true, messagesLimit: 0, ...extra });
}

beforeAll(async () => {
  stack = await startChannelStack();
  db = (await import('../adapters/firestore')).databaseFor('na');
  channels = await import('./index');
  telegramSave = await import('./telegram/save-bot');
  telegramDisconnect = await import('./telegram/disconnect-bot');
  discordSave = await import('./discord/save-channel');
  operator = await import('../conversations/operator');
  relay = channels.operatorRelay(channels.channelSenders);
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logs.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      original(...args);
    });
  }
}, 60_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});
beforeEach(async () => {
  await stack.limits.reset();
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 1000 });
  // Each test has an agent of its own: its conversations and events are only that test's.
  AGENT = `AgentChannels${String(++agentCounter).padStart(3, '0')}`;
  await seedAgent();
});

describe('Telegram', () => {
  it('connects a bot: getMe, deleteWebhook, setWebhook with our URL and a secret; the token only in the private document', async () => {
    await fetch(`${stack.telegram.url}/__recorded`, { method: 'DELETE' });
    const result = await telegramSave.saveTelegramBot(stack.app, { region: 'na', agentId: AGENT, token: botToken(7001) }, owner(OWNER));
    expect(result).toMatchObject({ ok: true, message: 'Telegram channel saved successfully', bot: { botId: '7001', agentId: AGENT, webhookUrl: `${stack.api.url}/v2/agents/${AGENT}/telegram-webhook` } });
    const calls = ((await (await fetch(`${stack.telegram.url}/__recorded`)).json()) as any[]).map((c) => c.method);
    expect(calls).toEqual(['getMe', 'deleteWebhook', 'setWebhook']);
    const record = (await db.doc(paths.telegramBot('7001')).get()).data();
    expect(record).toEqual({ botId: '7001', agentId: AGENT, webhookUrl: `${stack.api.url}/v2/agents/${AGENT}/telegram-webhook`, botUsername: 'parley_7001_bot' });
    const secrets = (await db.doc(`${paths.telegramBot('7001')}/private/secrets`).get()).data()!;
    expect(secrets.botToken).toBe(botToken(7001));
    expect(secrets.webhookSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('answers a bad token with the toast Telegram’s description makes, and stores nothing', async () => {
    const result = await telegramSave.saveTelegramBot(stack.app, { region: 'na', agentId: 'AgentNoBot000001', token: 'not-a-token' }, owner(OWNER)).catch((e) => e);
    // The agent does not exist: refused before Telegram is asked.
    expect(result.status ?? 404).toBe(404);
    await seedAgent('AgentNoBot000001');
    expect(await telegramSave.saveTelegramBot(stack.app, { region: 'na', agentId: 'AgentNoBot000001', token: 'not-a-token' }, owner(OWNER))).toEqual({ ok: false, message: 'Failed to set webhook: Unauthorized' });
    expect((await db.collection('telegramBots').where('agentId', '==', 'AgentNoBot000001').get()).size).toBe(0);
  });

  it('requires a token, saying so', () => {
    const parsed = channelsApi.saveTelegramBot.input.safeParse({ region: 'na', agentId: AGENT, token: '  ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Please provide a valid token.');
  });

  it('answers a user through the runtime, metered, and the conversation appears in Chats under Telegram with the user’s name', async () => {
    const bot = await connectTelegram(7002);
    const before = await balance();
    const sent = await simInbound(stack.telegram.url, { endpointId: bot, userId: 'ada', userName: 'Ada Lovelace', text: 'What are your opening hours?' });
    expect(sent).toMatchObject({ delivered: true, status: 200 });
    await stack.drain();
    const thread = await simThread(stack.telegram.url, bot, 'ada');
    expect(thread.map((m) => m.from)).toEqual(['user', 'agent']);
    expect(thread[1]!.text.length).toBeGreaterThan(0);
    const [conversation] = await conversations();
    expect(conversation).toMatchObject({ channel: 'telegram', channelUser: { name: 'Ada Lovelace', endpointId: bot }, lastRole: 'assistant', messageCount: 2 });
    expect(await balance()).toBeLessThan(before);
    expect((await db.collection(paths.creditUsageLogs(OWNER)).get()).size).toBeGreaterThan(0);
  });

  it('walks an agent’s flow as the widget does: each answer in its step, and the end’s message to close', async () => {
    await seedAgent(AGENT, {
      enableNodes: true,
      nodes: [
        { id: 'start', type: 'start', next: 'date' },
        { id: 'date', type: 'default', name: 'collect the date', instructions: 'Ask for a date.', toolIds: [], edges: [{ id: 'e1', target: 'bye', condition: 'the visitor gave a date' }] },
        { id: 'bye', type: 'end', name: 'Booked', message: 'You are booked. See you then!' },
      ],
    });
    const bot = await connectTelegram(7009);
    for (const text of ['Hello, I need a visit.', 'The date is 2026-12-03.']) {
      await simInbound(stack.telegram.url, { endpointId: bot, userId: 'flo', userName: 'Flo', text });
      await stack.drain();
    }
    const thread = await simThread(stack.telegram.url, bot, 'flo');
    expect(thread.filter((m) => m.from === 'agent').map((m) => m.text)).toEqual([expect.stringMatching(/^\[collect the date\] /), 'You are booked. See you then!']);
  });

  it('in a group chat answers only when the bot is mentioned', async () => {
    const bot = await connectTelegram(7003);
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'grp', userName: 'Bea', text: 'hello everyone', chatType: 'group' });
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'grp', userName: 'Bea', text: '@parley_7003_bot what are your prices?', chatType: 'group' });
    await stack.drain();
    const convs = await conversations();
    expect(convs).toHaveLength(1);
    const messages = (await db.collection(paths.conversationMessages(AGENT, convs[0].ID)).get()).docs.map((d) => d.data());
    expect(messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual(['what are your prices?']);
  });

  it('disconnects: Telegram forgets the webhook, the bot and its token are deleted, past conversations stay', async () => {
    const bot = await connectTelegram(7004);
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'cy', userName: 'Cy', text: 'hi' });
    await stack.drain();
    expect(await telegramDisconnect.disconnectTelegramBot({ region: 'na', agentId: AGENT }, owner(OWNER))).toEqual({ ok: true, message: T.telegramDisconnected });
    const endpoints = (await (await fetch(`${stack.telegram.url}/__sim/endpoints`)).json()) as any;
    expect(endpoints.endpoints.map((e: any) => e.id)).not.toContain(bot);
    expect((await db.doc(paths.telegramBot(bot)).get()).exists).toBe(false);
    expect((await db.doc(`${paths.telegramBot(bot)}/private/secrets`).get()).exists).toBe(false);
    expect(await conversations()).toHaveLength(1);
  });
});

describe('one conversation shape', () => {
  it('the widget, a Telegram message and the owner’s test chat create conversations with the same fields (a channel names its user); the test chat’s stays out of Chats', async () => {
    const post = (query: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      fetch(`${stack.api.url}/public/agents/${AGENT}/chat${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post('', { message: 'Do you open on Sundays?', conversationId: 'conv-shape-widget-1' })).status).toBe(200);
    const bot = await connectTelegram(7090);
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'shape', userName: 'Shay', text: 'Do you open on Sundays?' });
    await stack.drain();
    // The dashboard's test chat (the owner trying a draft) answers, and keeps its conversation apart from the inbox's.
    const { idTokens } = await import('../../test/composition');
    idTokens.use(async (token) => (token === 'owner.id.token' ? { uid: OWNER } : null));
    try {
      const tried = await post('?channel=test', { message: 'Do you open on Sundays?', conversationId: 'conv-shape-test-01' }, { authorization: 'Bearer owner.id.token' });
      expect(tried.status).toBe(200);
    } finally {
      idTokens.use(null);
    }
    const byChannel = Object.fromEntries((await conversations()).map((c) => [c.channel, c]));
    expect(Object.keys(byChannel).sort()).toEqual(['telegram', 'widget']);
    expect(Object.keys(byChannel.telegram).sort()).toEqual([...Object.keys(byChannel.widget), 'channelUser'].sort());
    expect(byChannel.telegram.channelUser).toMatchObject({ name: 'Shay', endpointId: bot });
    const tested = (await db.doc(paths.testConversation(AGENT, 'conv-shape-test-01')).get()).data()!;
    expect(tested.channel).toBe('test');
    expect(Object.keys(tested).sort()).toEqual(Object.keys(byChannel.widget).sort());
  });
});

describe('Discord', () => {
  it('connects a channel only with a webhook that posts to it ("Please fill out all fields." when one is missing)', async () => {
    expect(await discordSave.saveDiscordChannel(stack.app, { region: 'na', agentId: AGENT, channelId: '1100000000000000001', webhookUrl: ' ' }, owner(OWNER))).toEqual({ ok: false, message: 'Please fill out all fields.' });
    const list = (await (await fetch(`${stack.discord.url}/__sim/channels`)).json()) as any;
    const support = list.channels.find((c: any) => c.channelId === '1100000000000000002').webhookUrl;
    expect(await discordSave.saveDiscordChannel(stack.app, { region: 'na', agentId: AGENT, channelId: '1100000000000000001', webhookUrl: support }, owner(OWNER))).toEqual({ ok: false, message: discordSave.WEBHOOK_OF_ANOTHER_CHANNEL });
    expect(await discordSave.saveDiscordChannel(stack.app, { region: 'na', agentId: AGENT, channelId: '1100000000000000001', webhookUrl: 'https://example.com/hook' }, owner(OWNER))).toEqual({ ok: false, message: discordSave.NOT_A_DISCORD_WEBHOOK });
    await connectDiscord();
    expect((await db.doc(paths.discordChannel('1100000000000000001')).get()).data()).toEqual({ ID: '1100000000000000001', agentID: AGENT, channelId: '1100000000000000001' });
  });

  it('answers /ask with a deferred reply, then the answer as the follow-up; the operator’s reply goes through the webhook', async () => {
    const { channelId } = await connectDiscord();
    await fetch(`${stack.discord.url}/__recorded`, { method: 'DELETE' });
    const sent = await simInbound(stack.discord.url, { endpointId: channelId, userId: 'grace', userName: 'Grace', text: 'Do you ship abroad?' });
    expect(sent).toMatchObject({ delivered: true, status: 200 });
    await stack.drain();
    const recorded = (await (await fetch(`${stack.discord.url}/__recorded`)).json()) as any[];
    expect(recorded.find((r) => r.kind === 'interaction').body.answer).toEqual({ type: 5 });
    expect(recorded.filter((r) => r.kind === 'follow-up' && r.status === 200)).toHaveLength(1);
    const [conversation] = await conversations();
    expect(conversation).toMatchObject({ channel: 'discord', channelUser: { name: 'Grace', endpointId: channelId } });
    await operator.sendOperatorMessage(relay, { region: 'na', agentId: AGENT, conversationId: conversation.ID, text: 'A person here: yes, we do.' }, owner(OWNER));
    const thread = await simThread(stack.discord.url, channelId, 'grace');
    expect(thread.map((m) => [m.from, m.from === 'agent' && m.text.startsWith('A person') ? m.text : m.from])).toEqual([
      ['user', 'user'], ['agent', 'agent'], ['agent', 'A person here: yes, we do.'],
    ]);
    expect(((await (await fetch(`${stack.discord.url}/__recorded`)).json()) as any[]).filter((r) => r.kind === 'webhook')).toHaveLength(1);
  });
});

describe('every channel', () => {
  it('stays silent while an operator has the conversation, and answers again once it is handed back', async () => {
    const bot = await connectTelegram(7010);
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'dan', userName: 'Dan', text: 'first' });
    await stack.drain();
    const [conversation] = await conversations();
    await operator.sendOperatorMessage(relay, { region: 'na', agentId: AGENT, conversationId: conversation.ID, text: 'Hi Dan, Sam here.' }, owner(OWNER));
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'dan', userName: 'Dan', text: 'thanks Sam' });
    await stack.drain();
    expect((await simThread(stack.telegram.url, bot, 'dan')).map((m) => m.from === 'agent' && m.text === 'Hi Dan, Sam here.' ? 'operator' : m.from)).toEqual(['user', 'agent', 'operator', 'user']);
    await operator.setConversationControl({ region: 'na', agentId: AGENT, conversationId: conversation.ID, control: 'ai' }, owner(OWNER));
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'dan', userName: 'Dan', text: 'one more question' });
    await stack.drain();
    expect((await simThread(stack.telegram.url, bot, 'dan')).at(-1)!.from).toBe('agent');
  });

  it('with smartInit off, a new conversation starts with the launch message', async () => {
    await seedAgent(AGENT, { smartInit: false, vg_initMessages: ['Welcome to Parley!'] });
    const bot = await connectTelegram(7011);
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'eve', userName: 'Eve', text: 'hello' });
    await stack.drain();
    const thread = await simThread(stack.telegram.url, bot, 'eve');
    expect(thread.map((m) => m.from)).toEqual(['user', 'agent', 'agent']);
    expect(thread[1]!.text).toBe('Welcome to Parley!');
  });

  it('without credits tells the user once, notifies the owner, and keeps the messages for the team', async () => {
    await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 0 });
    const bot = await connectTelegram(7012);
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'fay', userName: 'Fay', text: 'hello?' });
    await stack.drain();
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'fay', userName: 'Fay', text: 'anyone?' });
    await stack.drain();
    expect((await simThread(stack.telegram.url, bot, 'fay')).map((m) => m.text)).toEqual(['hello?', T.noCredits, 'anyone?']);
    const notes = (await db.collection('notifications-1').where('ownerID', '==', OWNER).get()).docs.map((d) => d.data());
    // One out-of-credits note a day per workspace; beside it, this agent's new-conversation note (the team has a message).
    const outOfCredits = notes.filter((n) => n.title === 'Out of credits');
    expect(outOfCredits).toHaveLength(1);
    expect(outOfCredits[0]).toMatchObject({ agentId: AGENT, body: T.noCreditsNotification('Telegram') });
    expect(notes.filter((n) => n.agentId === AGENT && n.title === 'New conversation')).toHaveLength(1);
    const [conversation] = await conversations();
    const messages = (await db.collection(paths.conversationMessages(AGENT, conversation.ID)).get()).docs.map((d) => d.get('text'));
    expect(messages).toEqual(expect.arrayContaining(['hello?', 'anyone?']));
    expect(await balance()).toBe(0);
  });

  it("an agent of an org with billing: the org's credits pay the answers; once they are gone the user is told and the owner notified", async () => {
    const orgId = `org${AGENT}`;
    await db.doc(paths.org(orgId)).set({ ID: orgId, name: 'Gil & Co', ownerID: OWNER, widgetIDs: [AGENT], allowBilling: true, loadTokens: 500 });
    // The owner is told once a day: forget today's note from an earlier test.
    for (const note of (await db.collection('notifications-1').where('ownerID', '==', OWNER).get()).docs) if (note.get('title') === 'Out of credits') await note.ref.delete();
    (await import('../credits/notices')).forgetToldOwners();
    const bot = await connectTelegram(7013);
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'gil', userName: 'Gil', text: 'What are your opening hours?' });
    await stack.drain();
    expect((await simThread(stack.telegram.url, bot, 'gil')).map((m) => m.from)).toEqual(['user', 'agent']);
    expect((await db.doc(paths.org(orgId)).get()).get('loadTokens')).toBeLessThan(500);
    expect(await balance()).toBe(1000);
    await db.doc(paths.org(orgId)).set({ loadTokens: 0 }, { merge: true });
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'gil', userName: 'Gil', text: 'And on Sundays?' });
    await stack.drain();
    expect((await simThread(stack.telegram.url, bot, 'gil')).map((m) => m.text).slice(2)).toEqual(['And on Sundays?', T.noCredits]);
    const notes = (await db.collection('notifications-1').where('ownerID', '==', OWNER).get()).docs.map((d) => d.data());
    const told = notes.filter((n) => n.title === 'Out of credits' && n.agentId === AGENT);
    expect(told).toHaveLength(1);
    // The owner is told which organization ran out, not that the workspace did.
    expect(told[0]).toMatchObject({ body: T.noOrgCreditsNotification('Telegram', 'Gil & Co') });
    expect(await balance()).toBe(1000);
  });

  it('refuses a bad or missing signature on each webhook with 401 and stores nothing', async () => {
    const bot = await connectTelegram(7020);
    const eventsBefore = (await events()).length;
    const update = { update_id: 990001, message: { message_id: 1, from: { id: 5, is_bot: false, first_name: 'Mal' }, chat: { id: 5, type: 'private' }, date: 1, text: 'let me in' } };
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${stack.api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const cases: Array<[string, Promise<Response>]> = [
      ['telegram, wrong secret', post(`/v2/agents/${AGENT}/telegram-webhook`, update, { 'x-telegram-bot-api-secret-token': 'wrong' })],
      ['telegram, no secret', post(`/v2/agents/${AGENT}/telegram-webhook`, update, {})],
      ['telegram, another agent', post(`/v2/agents/AgentNobody00001/telegram-webhook`, update, { 'x-telegram-bot-api-secret-token': 'x' })],
      ['discord, no signature', post('/v2/channels/discord/interactions', { type: 2, id: '1', application_id: '1', token: 't', channel_id: '1100000000000000001', data: { name: 'ask', options: [{ name: 'question', value: 'hi' }] } }, {})],
      ['discord, forged signature', post('/v2/channels/discord/interactions', { type: 1, id: '1', application_id: '1', token: 't' }, { 'x-signature-ed25519': 'ab'.repeat(64), 'x-signature-timestamp': '1700000000' })],
    ];
    for (const [name, response] of cases) expect([name, (await response).status]).toEqual([name, 401]);
    await stack.drain();
    expect((await events()).length).toBe(eventsBefore);
    expect(await conversations()).toHaveLength(0);
    void bot;
  });

  it('answers Google Business Chat with 410: the service was discontinued', async () => {
    const res = await fetch(`${stack.api.url}/agents/${AGENT}/gc-webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({ success: false, error: T.googleChatDiscontinued });
  });

  it('answers the same message delivered 3 times (Telegram retrying, concurrently) once', async () => {
    const bot = await connectTelegram(7030);
    const secret = (await db.doc(`${paths.telegramBot(bot)}/private/secrets`).get()).get('webhookSecret') as string;
    const update = { update_id: 424242, message: { message_id: 77, from: { id: 31, is_bot: false, first_name: 'Gus' }, chat: { id: 31, type: 'private', first_name: 'Gus' }, date: 1, text: 'only once please' } };
    const deliver = () => fetch(`${stack.api.url}/v2/agents/${AGENT}/telegram-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret }, body: JSON.stringify(update) });
    const statuses = await Promise.all([deliver(), deliver(), deliver()]).then((r) => r.map((x) => x.status));
    expect(statuses).toEqual([200, 200, 200]);
    await stack.drain();
    expect((await deliver()).status).toBe(200);
    await stack.drain();
    expect((await simThread(stack.telegram.url, bot, '31')).filter((m) => m.from === 'agent')).toHaveLength(1);
    expect((await events()).filter((e) => e.providerMessageId === '424242')).toHaveLength(1);
    const [conversation] = await conversations();
    expect(conversation.messageCount).toBe(2);
  });

  it('refuses an address that guessed wrong 30 times even with the right secret (429), keeps nothing of it, and answers Telegram once', async () => {
    const bot = await connectTelegram(7035);
    const secret = (await db.doc(`${paths.telegramBot(bot)}/private/secrets`).get()).get('webhookSecret') as string;
    const update = { update_id: 434343, message: { message_id: 78, from: { id: 32, is_bot: false, first_name: 'Ida' }, chat: { id: 32, type: 'private', first_name: 'Ida' }, date: 1, text: 'guess who' } };
    const deliver = (token: string, from: string) =>
      fetch(`${stack.api.url}/v2/agents/${AGENT}/telegram-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': token, 'x-forwarded-for': from }, body: JSON.stringify(update) });
    for (let i = 0; i < 30; i++) expect((await deliver(`wrong-${i}`, '203.0.113.77')).status).toBe(401);
    const guessed = await deliver(secret, '203.0.113.77');
    expect(guessed.status).toBe(429);
    expect(Number(guessed.headers.get('retry-after'))).toBeGreaterThan(0);
    await stack.drain();
    expect((await events()).filter((e) => e.providerMessageId === '434343')).toHaveLength(0);
    // Telegram's own delivery of the same update is accepted and answered once.
    expect((await deliver(secret, '149.154.167.200')).status).toBe(200);
    await stack.drain();
    expect((await simThread(stack.telegram.url, bot, '32')).filter((m) => m.from === 'agent')).toHaveLength(1);
    expect((await events()).filter((e) => e.providerMessageId === '434343')).toHaveLength(1);
  });

  // One row per channel: each sends `count` messages from distinct users at once; every one is answered exactly once.
  const CHANNEL_ROWS: Array<{ name: string; count: number; connect(): Promise<string>; fakeUrl(): string }> = [
    { name: 'telegram', count: 25, connect: () => connectTelegram(7040), fakeUrl: () => stack.telegram.url },
    { name: 'discord', count: 25, connect: async () => (await connectDiscord('1100000000000000002')).channelId, fakeUrl: () => stack.discord.url },
    { name: 'whatsapp', count: 20, connect: connectWhatsappNumber, fakeUrl: () => stack.meta.url },
    { name: 'messenger', count: 15, connect: async () => `page:${(await connectMetaPage()).pageId}`, fakeUrl: () => stack.meta.url },
    { name: 'instagram', count: 15, connect: async () => `ig:${(await connectMetaPage()).igPageId}`, fakeUrl: () => stack.meta.url },
  ];

  it('answers 100 concurrent messages across channels: none lost, none doubled', async () => {
    const targets = await Promise.all(CHANNEL_ROWS.map(async (row) => ({ row, endpointId: await row.connect() })));
    const sends = targets.flatMap(({ row, endpointId }) =>
      Array.from({ length: row.count }, (_, i) => ({ row, endpointId, userId: `${row.name}-user-${i}` })),
    );
    expect(sends).toHaveLength(100);
    const results = await Promise.all(sends.map((s) => simInbound(s.row.fakeUrl(), { endpointId: s.endpointId, userId: s.userId, userName: s.userId, text: `question from ${s.userId}` })));
    expect(results.every((r) => r.delivered)).toBe(true);
    await stack.drain();
    const threads = await Promise.all(sends.map((s) => simThread(s.row.fakeUrl(), s.endpointId, s.userId)));
    expect(threads.map((t) => t.filter((m) => m.from === 'agent').length)).toEqual(sends.map(() => 1));
    expect(await conversations()).toHaveLength(100);
    expect((await events()).filter((e) => e.state === 'done')).toHaveLength(100);
  }, 120_000);

  it('never shows a token in a client-readable document, a response or a log line', async () => {
    const bot = await connectTelegram(7050);
    const { webhookUrl } = await connectDiscord();
    await simInbound(stack.telegram.url, { endpointId: bot, userId: 'hal', userName: 'Hal', text: 'hi' });
    await simInbound(stack.discord.url, { endpointId: '1100000000000000001', userId: 'ivy', userName: 'Ivy', text: 'hi' });
    await stack.drain();
    const webhookSecret = (await db.doc(`${paths.telegramBot(bot)}/private/secrets`).get()).get('webhookSecret') as string;
    const webhookToken = webhookUrl.split('/').at(-1)!;
    const secrets = [botToken(7050), webhookSecret, webhookToken];
    const readable = [
      (await db.doc(paths.telegramBot(bot)).get()).data(),
      (await db.doc(paths.discordChannel('1100000000000000001')).get()).data(),
      ...(await conversations()),
      await (await import('./settings/list-connections')).listChannelConnections(channels.connectionListers, { region: 'na' }, owner(OWNER)),
      await telegramSave.saveTelegramBot(stack.app, { region: 'na', agentId: AGENT, token: botToken(7050) }, owner(OWNER)),
    ];
    const text = JSON.stringify(readable) + logs.join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
