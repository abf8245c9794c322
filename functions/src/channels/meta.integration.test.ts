// Meta channels end to end on the test stack (the API on a node server, Google's Firestore emulator, the LLM fake,
// the Meta stand-in sending signed webhooks to the API, an in-process queue in place of Cloud Tasks): Embedded
// Signup and numbers, the test message and the 24-hour window, templates, Messenger and Instagram pages, the
// Legacy Method, signatures, once-only processing, and tokens that never leave the functions.
import { channelsApi, paths } from '@parley/core';
import { start as startMeta, FAKE_LEGACY, FAKE_NUMBERS, FAKE_PAGES, FAKE_WABA_ID, type MetaFake } from '@parley/local/fakes/meta';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { owner, startChannelStack, type ChannelStack } from '../../test/channels';

/* eslint-disable @typescript-eslint/no-explicit-any -- stored documents and JSON replies are inspected loosely */
let stack: ChannelStack;
let meta: MetaFake;
let db: Firestore;
let signup: typeof import('./whatsapp/signup');
let connectNumber: typeof import('./whatsapp/connect-number');
let manage: typeof import('./whatsapp/manage-numbers');
let testMessage: typeof import('./whatsapp/test-message');
let template: typeof import('./whatsapp/template');
let legacy: typeof import('./whatsapp/legacy');
let pages: typeof import('./messenger/connect');
let clientConfig: typeof import('./meta/client-config');
let operator: typeof import('../conversations/operator');
let relay: import('../conversations').OperatorRelay;

const T = channelsApi.META_TEXTS;
const OWNER = 'meta-owner';
const STRANGER = 'meta-stranger';
let AGENT = '';
let counter = 0;
const logs: string[] = [];
const answers: unknown[] = [];
const NUMBER = FAKE_NUMBERS[0]!;
const PAGE = FAKE_PAGES[0]!;
// Each test writes from a number of its own (the stand-in keeps every thread).
let CUSTOMER = '';

const conversations = async () => (await db.collection(paths.conversations(AGENT)).get()).docs.map((d) => d.data() as any);
const agentMessages = (endpointId: string, userId: string) => meta.thread(endpointId, userId).filter((m) => m.from === 'agent');
const keep = <T>(value: T): T => {
  answers.push(value);
  return value;
};

async function popupGrant(kind: 'code' | 'token'): Promise<{ code?: string; accessToken?: string }> {
  const res = await fetch(`${meta.url}/__popup/grant`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind }) });
  return (await res.json()) as { code?: string; accessToken?: string };
}

async function connectWhatsapp(agentId = AGENT, number = NUMBER) {
  const { code } = await popupGrant('code');
  expect(keep(await signup.getLongAccessToken({ region: 'na', code: code! }, owner(OWNER)))).toEqual({ ok: true, message: signup.SIGNED_IN_WITH_META });
  const result = keep(await connectNumber.connectWhatsappNumber(stack.app, { region: 'na', agentId, wabaId: number.wabaId, phoneId: number.id, phoneNumber: number.display_phone_number }, owner(OWNER)));
  expect(result).toMatchObject({ ok: true, message: T.numberConnected });
  return result;
}

async function connectPage(agentId = AGENT) {
  const { accessToken } = await popupGrant('token');
  expect(keep(await pages.exchangeMetaToken({ region: 'na', token: accessToken! }, owner(OWNER)))).toMatchObject({ ok: true });
  const result = keep(await pages.connectMetaPage(stack.app, { region: 'na', agentId, selectedPage: { id: PAGE.id, name: PAGE.name } }, owner(OWNER)));
  expect(result).toMatchObject({ ok: true, message: T.pageConnected });
  return result;
}

async function waitFor<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function postWebhook(path: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${stack.api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return res.status;
}

beforeAll(async () => {
  stack = await startChannelStack();
  meta = await startMeta({ port: 0, statusDelayMs: 5 });
  const fakeModule = await import('@parley/local/fakes/meta');
  Object.assign(process.env, fakeModule.functionsEnv(meta.url));
  db = (await import('../adapters/firestore')).databaseFor('na');
  await import('./index');
  signup = await import('./whatsapp/signup');
  connectNumber = await import('./whatsapp/connect-number');
  manage = await import('./whatsapp/manage-numbers');
  testMessage = await import('./whatsapp/test-message');
  template = await import('./whatsapp/template');
  legacy = await import('./whatsapp/legacy');
  pages = await import('./messenger/connect');
  clientConfig = await import('./meta/client-config');
  operator = await import('../conversations/operator');
  const channels = await import('./index');
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
  await meta?.stop();
  await stack?.stop();
});
beforeEach(async () => {
  await stack.limits.reset();
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 1000 });
  AGENT = `AgentMeta${String(++counter).padStart(3, '0')}`;
  CUSTOMER = `1555000${String(counter).padStart(4, '0')}`;
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Meta agent', ownerID: OWNER, agentPlatform: 'vg', recordChatHistory: true, smartInit: true, messagesLimit: 0 });
});

describe('WhatsApp Embedded Signup', () => {
  it('exchanges the code, lists the numbers, connects one (registered, WABA subscribed, app webhook verified); the token stays private', async () => {
    const { code } = await popupGrant('code');
    expect(await signup.getLongAccessToken({ region: 'na', code: code! }, owner(OWNER))).toEqual({ ok: true, message: signup.SIGNED_IN_WITH_META });
    // A code is good once, like Meta's.
    expect((await signup.getLongAccessToken({ region: 'na', code: code! }, owner(OWNER))).message).toBe(T.waError('This authorization code has been used.'));
    const details = keep(await signup.getDetailsOfWhatsappNumber({ region: 'na', wabaId: FAKE_WABA_ID }, owner(OWNER)));
    expect(details).toMatchObject({ ok: true, message: T.numberInfoFetched });
    expect(details.data.map((n) => n.display_phone_number)).toEqual(FAKE_NUMBERS.map((n) => n.display_phone_number));
    expect(details.data[0]).toMatchObject({ id: NUMBER.id, verified_name: NUMBER.verified_name, status: 'CONNECTED' });

    const result = await connectWhatsapp();
    expect(result.newAddedNumber).toEqual({ agentId: AGENT, wabaId: NUMBER.wabaId, phoneId: NUMBER.id, phoneNumber: NUMBER.display_phone_number });
    expect(meta.registeredNumbers()).toContain(NUMBER.id);
    expect(meta.subscribedWabas()).toContain(FAKE_WABA_ID);
    const register = meta.requests().find((r) => r.path === `/${NUMBER.id}/register`)!;
    expect(register.body).toMatchObject({ messaging_product: 'whatsapp', pin: expect.stringMatching(/^\d{6}$/) });
    expect(meta.requests().some((r) => r.path === '/local-meta-app/subscriptions' && (r.body as any).object === 'whatsapp_business_account')).toBe(true);
    expect((await fetch(`${meta.url}/__sim/endpoints`).then((r) => r.json()) as any).endpoints).toContainEqual({ id: `wa:${NUMBER.id}`, channel: 'whatsapp', label: `${NUMBER.display_phone_number} (${NUMBER.verified_name})` });

    expect((await db.doc(paths.waNumber(NUMBER.id)).get()).data()).toEqual(result.newAddedNumber);
    expect((await db.doc(`${paths.waNumber(NUMBER.id)}/private/secrets`).get()).get('longAccessToken')).toMatch(/^EAABIZ/);
    expect(await manage.getWhatsappNumbers({ region: 'na', agentId: AGENT }, owner(OWNER))).toEqual({ numbers: [result.newAddedNumber] });
  });

  it('refuses a stranger every number call for the agent', async () => {
    await connectWhatsapp();
    await expect(manage.getWhatsappNumbers({ region: 'na', agentId: AGENT }, owner(STRANGER))).rejects.toMatchObject({ status: 403 });
    await expect(manage.removeWhatsappNumber({ region: 'na', agentId: AGENT, phoneId: NUMBER.id }, owner(STRANGER))).rejects.toMatchObject({ status: 403 });
    await expect(testMessage.sendWhatsappTestMessage({ region: 'na', agentId: AGENT, phoneId: NUMBER.id, to: `+${CUSTOMER}`, message: 'hi' }, owner(STRANGER))).rejects.toMatchObject({ status: 403 });
    // Numbers need the stranger's own Embedded Signup first.
    expect(await connectNumber.connectWhatsappNumber(stack.app, { region: 'na', agentId: AGENT, wabaId: FAKE_WABA_ID, phoneId: NUMBER.id, phoneNumber: '' }, owner(STRANGER)).catch((e) => e.status)).toBe(403);
  });

  it('answers a customer’s text through the runtime, once even when Meta delivers it 3 times; Chats shows WhatsApp and the name', async () => {
    await connectWhatsapp();
    const sent = await meta.inbound({ endpointId: `wa:${NUMBER.id}`, userId: CUSTOMER, userName: 'Wanda', text: 'What are your opening hours?', repeat: 3 });
    expect(sent).toMatchObject({ delivered: true, status: 200 });
    await stack.drain();
    const replies = agentMessages(`wa:${NUMBER.id}`, CUSTOMER);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text.length).toBeGreaterThan(0);
    const [conversation] = await conversations();
    expect(conversation).toMatchObject({ channel: 'whatsapp', channelUser: { id: CUSTOMER, name: 'Wanda', endpointId: NUMBER.id } });
    const sendCall = meta.requests().filter((r) => r.path === `/${NUMBER.id}/messages`).at(-1)!;
    expect(sendCall.body).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to: CUSTOMER, type: 'text', text: { preview_url: false, body: replies[0]!.text } });
    expect(sendCall.auth).toBe('business');
  });

  it('answers a button reply like text, and a picture with the polite fallback once', async () => {
    await connectWhatsapp();
    await meta.inbound({ endpointId: `wa:${NUMBER.id}`, userId: CUSTOMER, userName: 'Wanda', type: 'image', repeat: 2 });
    await stack.drain();
    expect(agentMessages(`wa:${NUMBER.id}`, CUSTOMER).map((m) => m.text)).toEqual([T.unsupportedMessage]);
    await meta.inbound({ endpointId: `wa:${NUMBER.id}`, userId: CUSTOMER, userName: 'Wanda', type: 'interactive', text: 'Opening hours' });
    await stack.drain();
    expect(agentMessages(`wa:${NUMBER.id}`, CUSTOMER)).toHaveLength(2);
  });

  it('status callbacks move the conversation’s delivery forward: sent, delivered, then read when the customer looks', async () => {
    await connectWhatsapp();
    await meta.inbound({ endpointId: `wa:${NUMBER.id}`, userId: CUSTOMER, userName: 'Wanda', text: 'Hello there' });
    await stack.drain();
    const delivered = await waitFor(async () => (await conversations())[0]?.channelDelivery, (d) => d?.status === 'delivered');
    expect(delivered).toMatchObject({ status: 'delivered', messageId: agentMessages(`wa:${NUMBER.id}`, CUSTOMER)[0]!.messageId });
    await fetch(`${meta.url}/__sim/thread?endpointId=wa:${NUMBER.id}&userId=${CUSTOMER}`);
    expect(await waitFor(async () => (await conversations())[0]?.channelDelivery?.status, (s) => s === 'read')).toBe('read');
  });

  it('sends the test message only inside the 24-hour window, with its validation messages', async () => {
    await connectWhatsapp();
    const base = { region: 'na' as const, agentId: AGENT, phoneId: NUMBER.id };
    await expect(testMessage.sendWhatsappTestMessage({ ...base, to: '', message: 'x' }, owner(OWNER))).rejects.toMatchObject({ code: 'invalid-argument', message: 'Please provide a valid phone number and ensure the ID is reachable.' });
    await expect(testMessage.sendWhatsappTestMessage({ ...base, to: CUSTOMER, message: 'x' }, owner(OWNER))).rejects.toMatchObject({ message: 'Please include the country code in the phone number.' });
    await expect(testMessage.sendWhatsappTestMessage({ ...base, to: `+${CUSTOMER}`, message: ' ' }, owner(OWNER))).rejects.toMatchObject({ message: 'Please enter a message to send.' });
    await expect(testMessage.sendWhatsappTestMessage({ ...base, phoneId: '999', to: `+${CUSTOMER}`, message: 'x' }, owner(OWNER))).rejects.toMatchObject({ message: 'Please provide a valid phone number and ensure the ID is reachable.' });

    const fresh = '15550001234';
    expect(await testMessage.sendWhatsappTestMessage({ ...base, to: `+${fresh}`, message: 'Hello from the test form' }, owner(OWNER)))
      .toEqual({ ok: false, message: 'You must initiate the conversation with this number before sending a message.' });
    expect(agentMessages(`wa:${NUMBER.id}`, fresh)).toEqual([]);
    await meta.inbound({ endpointId: `wa:${NUMBER.id}`, userId: fresh, userName: 'Tess', text: 'hi' });
    await stack.drain();
    const ok = await testMessage.sendWhatsappTestMessage({ ...base, to: `+${fresh}`, message: 'Hello from the test form' }, owner(OWNER));
    expect(ok).toMatchObject({ ok: true, message: T.messageSent, messageId: expect.stringMatching(/^wamid\./) });
    expect(agentMessages(`wa:${NUMBER.id}`, fresh).at(-1)!.text).toBe('Hello from the test form');
  });

  it('an operator reply outside the 24-hour window says the customer must write first and is not stored as sent', async () => {
    await connectWhatsapp();
    await meta.inbound({ endpointId: `wa:${NUMBER.id}`, userId: CUSTOMER, userName: 'Wanda', text: 'Can a person call me?' });
    await stack.drain();
    const [conversation] = await conversations();
    // 25 hours later.
    await db.doc(`${paths.waNumber(NUMBER.id)}/contacts/${CUSTOMER}`).set({ lastInboundAt: Date.now() - 25 * 3600 * 1000 }, { merge: true });
    const before = agentMessages(`wa:${NUMBER.id}`, CUSTOMER).length;
    await expect(operator.sendOperatorMessage(relay, { region: 'na', agentId: AGENT, conversationId: conversation.ID, text: 'Hi, Sam here.' }, owner(OWNER)))
      .rejects.toMatchObject({ message: 'You must initiate the conversation with this number before sending a message.' });
    expect(agentMessages(`wa:${NUMBER.id}`, CUSTOMER)).toHaveLength(before);
    const texts = (await db.collection(paths.conversationMessages(AGENT, conversation.ID)).get()).docs.map((d) => d.get('text'));
    expect(texts).not.toContain('Hi, Sam here.');
    // Inside the window the same reply goes out.
    await db.doc(`${paths.waNumber(NUMBER.id)}/contacts/${CUSTOMER}`).set({ lastInboundAt: Date.now() }, { merge: true });
    await operator.sendOperatorMessage(relay, { region: 'na', agentId: AGENT, conversationId: conversation.ID, text: 'Hi, Sam here.' }, owner(OWNER));
    expect(agentMessages(`wa:${NUMBER.id}`, CUSTOMER).at(-1)!.text).toBe('Hi, Sam here.');
  });

  it('creates a template; an invalid one is "Invalid template info"', async () => {
    await connectWhatsapp();
    const base = { region: 'na' as const, agentId: AGENT, wabaId: FAKE_WABA_ID, language: 'en' as const, category: 'UTILITY' as const };
    await expect(template.createWhatsappTemplate({ ...base, name: 'Order Update', bodyText: 'Hi' }, owner(OWNER))).rejects.toMatchObject({ code: 'invalid-argument', message: 'Invalid template info' });
    await expect(template.createWhatsappTemplate({ ...base, name: 'order_update', bodyText: '' }, owner(OWNER))).rejects.toMatchObject({ message: 'Invalid template info' });
    const created = await template.createWhatsappTemplate({ ...base, name: `order_update_${counter}`, bodyText: 'Your order {{1}} is on its way.' }, owner(OWNER));
    expect(created).toMatchObject({ ok: true, message: T.templateCreated, status: 'PENDING' });
    const again = await template.createWhatsappTemplate({ ...base, name: `order_update_${counter}`, bodyText: 'Again' }, owner(OWNER));
    expect(again).toEqual({ ok: false, message: T.waErrorOccurred('Message template already exists') });
    expect(meta.requests().find((r) => r.path === `/${FAKE_WABA_ID}/message_templates`)!.body).toMatchObject({ language: 'en', category: 'UTILITY', components: [{ type: 'BODY' }] });
  });

  it('removes a number: record and token deleted, WABA unsubscribed when none of its numbers is left, past chats kept', async () => {
    await connectWhatsapp();
    await meta.inbound({ endpointId: `wa:${NUMBER.id}`, userId: CUSTOMER, userName: 'Wanda', text: 'hello' });
    await stack.drain();
    expect(await manage.removeWhatsappNumber({ region: 'na', agentId: AGENT, phoneId: NUMBER.id }, owner(OWNER))).toEqual({ ok: true, message: T.numberRemoved, phoneId: NUMBER.id });
    expect((await db.doc(paths.waNumber(NUMBER.id)).get()).exists).toBe(false);
    expect((await db.doc(`${paths.waNumber(NUMBER.id)}/private/secrets`).get()).exists).toBe(false);
    expect(meta.subscribedWabas()).not.toContain(FAKE_WABA_ID);
    expect(await conversations()).toHaveLength(1);
    await expect(manage.removeWhatsappNumber({ region: 'na', agentId: AGENT, phoneId: NUMBER.id }, owner(OWNER))).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe('Messenger and Instagram', () => {
  it('exchanges the login token server-side, lists pages without tokens, connects (page token private, page subscribed)', async () => {
    const { accessToken } = await popupGrant('token');
    const exchanged = await pages.exchangeMetaToken({ region: 'na', token: accessToken! }, owner(OWNER));
    expect(exchanged).toMatchObject({ ok: true, message: pages.FACEBOOK_CONNECTED, expiresAt: expect.any(Number) });
    expect(JSON.stringify(exchanged)).not.toContain('EAA');
    expect((await db.doc(`${paths.user(OWNER)}/private/meta`).get()).get('userAccessToken')).toMatch(/^EAALONG/);
    const listed = keep(await pages.tokenToPages({ region: 'na' }, owner(OWNER)));
    expect(listed.pages).toEqual([
      { id: PAGE.id, name: PAGE.name, photoUrl: PAGE.pictureUrl, instagram: { id: PAGE.instagram!.id, name: PAGE.instagram!.username } },
      { id: FAKE_PAGES[1]!.id, name: FAKE_PAGES[1]!.name, photoUrl: FAKE_PAGES[1]!.pictureUrl },
    ]);
    const connected = keep(await pages.connectMetaPage(stack.app, { region: 'na', agentId: AGENT, selectedPage: { id: PAGE.id } }, owner(OWNER)));
    expect(connected).toEqual({ ok: true, message: 'Successfully connected the page.', page: { pageId: PAGE.id, pageName: PAGE.name, agentId: AGENT, igPageId: PAGE.instagram!.id, igPageName: PAGE.instagram!.username } });
    expect(meta.subscribedPages()).toContain(PAGE.id);
    expect((await db.doc(paths.metaPage(PAGE.id)).get()).data()).toEqual(connected.page);
    expect((await db.doc(`${paths.metaPage(PAGE.id)}/private/secrets`).get()).get('pageAccessToken')).toMatch(/^EAAPAGE/);
    expect(await pages.checkPageSubscriptions({ region: 'na', agentId: AGENT }, owner(OWNER))).toEqual({ pages: [{ ...connected.page, subscribed: true }] });
  });

  it('refuses a page the user does not manage: "Failed to connect the page. {message}"', async () => {
    const { accessToken } = await popupGrant('token');
    await pages.exchangeMetaToken({ region: 'na', token: accessToken! }, owner(OWNER));
    expect(await pages.connectMetaPage(stack.app, { region: 'na', agentId: AGENT, selectedPage: { id: '1999999999999999' } }, owner(OWNER)))
      .toEqual({ ok: false, message: `Failed to connect the page. ${pages.PAGE_NOT_MANAGED}` });
    expect(await pages.connectMetaPage(stack.app, { region: 'na', agentId: AGENT, selectedPage: { id: PAGE.id } }, owner('never-signed-in')).catch((e) => e.status)).toBe(403);
  });

  it('answers Messenger and Instagram DMs through the Send API, once each; echoes and the page’s own messages are ignored', async () => {
    await connectPage();
    await meta.inbound({ endpointId: `page:${PAGE.id}`, userId: '7000000000000001', userName: 'Mia', text: 'Do you ship to Canada?', repeat: 3 });
    await meta.inbound({ endpointId: `ig:${PAGE.instagram!.id}`, userId: '8000000000000001', userName: 'Ivy', text: 'Are you open on Sundays?' });
    await stack.drain();
    expect(agentMessages(`page:${PAGE.id}`, '7000000000000001')).toHaveLength(1);
    expect(agentMessages(`ig:${PAGE.instagram!.id}`, '8000000000000001')).toHaveLength(1);
    // Instagram echoes our own reply back: it is not a customer message.
    await waitFor(() => meta.webhooks().filter((w) => w.object === 'instagram').length, (n) => n >= 2);
    await stack.drain();
    const list = await conversations();
    expect(list.map((c) => c.channel).sort()).toEqual(['instagram', 'messenger']);
    expect(stack.enqueued.length).toBeGreaterThanOrEqual(2);
    const ig = list.find((c) => c.channel === 'instagram');
    expect((await db.collection(paths.conversationMessages(AGENT, ig.ID)).where('role', '==', 'user').get()).size).toBe(1);
    const send = meta.requests().filter((r) => r.path === '/me/messages').at(-1)!;
    expect(send).toMatchObject({ auth: 'page', body: { recipient: { id: expect.any(String) }, messaging_type: 'RESPONSE', message: { text: expect.any(String) } } });
  });

  it('Chats shows a Messenger and an Instagram user by their profile name, read once per user with the page’s token', async () => {
    await connectPage();
    const psid = `71${CUSTOMER}`;
    const igsid = `81${CUSTOMER}`;
    await meta.inbound({ endpointId: `page:${PAGE.id}`, userId: psid, userName: 'Mia van Dijk', text: 'Do you ship to Canada?' });
    await meta.inbound({ endpointId: `ig:${PAGE.instagram!.id}`, userId: igsid, userName: '@ivy.shop', text: 'Are you open on Sundays?' });
    await stack.drain();
    await meta.inbound({ endpointId: `page:${PAGE.id}`, userId: psid, userName: 'Mia van Dijk', text: 'And to Mexico?' });
    await stack.drain();
    const list = await conversations();
    expect(list.find((c) => c.channel === 'messenger')?.channelUser).toEqual({ id: psid, name: 'Mia van Dijk', endpointId: PAGE.id });
    expect(list.find((c) => c.channel === 'instagram')?.channelUser).toEqual({ id: igsid, name: '@ivy.shop', endpointId: PAGE.id });
    expect(agentMessages(`page:${PAGE.id}`, psid)).toHaveLength(2);
    expect(agentMessages(`ig:${PAGE.instagram!.id}`, igsid)).toHaveLength(1);
    const reads = meta.requests().filter((r) => r.method === 'GET' && (r.path === `/${psid}` || r.path === `/${igsid}`));
    expect(reads.map((r) => [r.path, r.auth, r.query.fields])).toEqual([[`/${psid}`, 'page', 'first_name,last_name'], [`/${igsid}`, 'page', 'name,username']]);
  });

  it('a refused profile read shows the user by id, and the user is still answered', async () => {
    await connectPage();
    const psid = `72${CUSTOMER}`;
    await meta.inbound({ endpointId: `page:${PAGE.id}`, userId: psid, userName: 'Hidden Person', text: 'Hello?', profileRefused: true });
    await stack.drain();
    expect(agentMessages(`page:${PAGE.id}`, psid)).toHaveLength(1);
    const conversation = (await conversations()).find((c) => c.channel === 'messenger');
    expect(conversation?.channelUser).toEqual({ id: psid, name: psid, endpointId: PAGE.id });
    expect(meta.requests().filter((r) => r.path === `/${psid}`)).toHaveLength(1);
  });

  it('an operator reply after 24 hours goes out tagged HUMAN_AGENT; after 7 days the operator is told why it cannot', async () => {
    await connectPage();
    const psid = `73${CUSTOMER}`;
    await meta.inbound({ endpointId: `page:${PAGE.id}`, userId: psid, userName: 'Mo', text: 'Can someone call me back?' });
    await stack.drain();
    const conversation = (await conversations()).find((c) => c.channel === 'messenger');
    const reply = (text: string) => operator.sendOperatorMessage(relay, { region: 'na', agentId: AGENT, conversationId: conversation.ID, text }, owner(OWNER));
    meta.ageConversation(`page:${PAGE.id}`, psid, 30 * 3600 * 1000);
    await reply('Sorry for the wait, Sam here.');
    expect(agentMessages(`page:${PAGE.id}`, psid).at(-1)!.text).toBe('Sorry for the wait, Sam here.');
    const sends = meta.requests().filter((r) => r.path === '/me/messages' && (r.body as any)?.recipient?.id === psid && (r.body as any)?.message);
    expect(sends.slice(-2).map((r) => [(r.body as any).messaging_type, (r.body as any).tag])).toEqual([['RESPONSE', undefined], ['MESSAGE_TAG', 'HUMAN_AGENT']]);
    meta.ageConversation(`page:${PAGE.id}`, psid, 7 * 24 * 3600 * 1000);
    const { MESSENGER_WINDOW_CLOSED } = await import('./messenger/page-sender');
    await expect(reply('Still there?')).rejects.toMatchObject({ message: MESSENGER_WINDOW_CLOSED });
    expect(agentMessages(`page:${PAGE.id}`, psid).at(-1)!.text).toBe('Sorry for the wait, Sam here.');
    const texts = (await db.collection(paths.conversationMessages(AGENT, conversation.ID)).get()).docs.map((d) => d.get('text'));
    expect(texts).toContain('Sorry for the wait, Sam here.');
    expect(texts).not.toContain('Still there?');
  });

  it('removes a page: unsubscribed at Meta, record and token deleted', async () => {
    await connectPage();
    expect(await pages.removeMetaPage({ region: 'na', agentId: AGENT, pageId: PAGE.id }, owner(OWNER))).toEqual({ ok: true, message: 'Successfully removed the page.' });
    expect(meta.subscribedPages()).not.toContain(PAGE.id);
    expect((await db.doc(paths.metaPage(PAGE.id)).get()).exists).toBe(false);
    expect((await db.doc(`${paths.metaPage(PAGE.id)}/private/secrets`).get()).exists).toBe(false);
    await expect(pages.removeMetaPage({ region: 'na', agentId: AGENT, pageId: PAGE.id }, owner(OWNER))).rejects.toMatchObject({ message: 'Failed to remove the page.' });
  });
});

describe('Meta webhooks', () => {
  it('answers the app handshake with our verify token only', async () => {
    const { appVerifyToken } = await import('./meta/app-webhook');
    const ok = await fetch(`${stack.api.url}/v2/meta/webhook?hub.mode=subscribe&hub.challenge=12345&hub.verify_token=${appVerifyToken()}`);
    expect([ok.status, await ok.text()]).toEqual([200, '12345']);
    expect((await fetch(`${stack.api.url}/v2/meta/webhook?hub.mode=subscribe&hub.challenge=12345&hub.verify_token=wrong`)).status).toBe(403);
  });

  it('refuses a missing or wrong X-Hub-Signature-256 with 401 and stores nothing', async () => {
    await connectWhatsapp();
    await connectPage();
    const { metaJson, signatureHeaders } = await import('@parley/local/fakes/meta');
    const wa = { object: 'whatsapp_business_account', entry: [{ id: FAKE_WABA_ID, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: NUMBER.id }, contacts: [{ wa_id: CUSTOMER, profile: { name: 'Eve' } }], messages: [{ from: CUSTOMER, id: 'wamid.forged', timestamp: '1', type: 'text', text: { body: 'forged' } }] } }] }] };
    const page = { object: 'page', entry: [{ id: PAGE.id, time: 1, messaging: [{ sender: { id: '7000000000000009' }, recipient: { id: PAGE.id }, timestamp: 1, message: { mid: 'm_forged', text: 'forged' } }] }] };
    const body = metaJson(wa);
    const cases: Array<[string, number]> = [
      ['no signature', await postWebhook('/v2/meta/webhook', body, {})],
      ['signed with another secret', await postWebhook('/v2/meta/webhook', body, signatureHeaders('not-our-secret', body))],
      ['signature of another body', await postWebhook('/v2/meta/webhook', body, signatureHeaders('local-meta-secret', metaJson(page)))],
      ['the body re-serialised', await postWebhook('/v2/meta/webhook', JSON.stringify({ ...wa, extra: 'é/' }), signatureHeaders('local-meta-secret', metaJson({ ...wa, extra: 'é/' })))],
      ['legacy without the app secret saved', await postWebhook(`/agents/${AGENT}/wa-webhook`, body, signatureHeaders('local-meta-secret', body))],
      ['legacy with the platform secret', await postWebhook(`/agents/${AGENT}/wa-webhook`, body, {})],
    ];
    expect(cases.map(([name, status]) => [name, status])).toEqual(cases.map(([name]) => [name, 401]));
    expect((await db.collection('channelEvents').where('agentId', '==', AGENT).get()).size).toBe(0);
    expect(await conversations()).toEqual([]);
    // The same bytes, signed as Meta signs them, are accepted.
    expect(await postWebhook('/v2/meta/webhook', body, signatureHeaders('local-meta-secret', body))).toBe(200);
    await stack.drain();
    expect((await conversations()).map((c) => c.channel)).toEqual(['whatsapp']);
  });
});

describe('Legacy Method', () => {
  it('passes the handshake with the agent id as verify token (waVerifyPassed), answers signed events, and runs the test', async () => {
    const url = `${stack.api.url}/agents/${AGENT}/wa-webhook`;
    // The attack: anyone can send the handshake with an agent's id. Before its owner opens the Legacy Method it marks nothing.
    const unasked = (await (await fetch(`${meta.url}/__sim/verify-webhook`, { method: 'POST', body: JSON.stringify({ url, verifyToken: AGENT }) })).json()) as any;
    expect(unasked).toMatchObject({ verified: false, status: 403 });
    expect((await db.doc(paths.agent(AGENT)).get()).get('waVerifyPassed')).toBeUndefined();
    // Only the agent's workspace starts its set-up.
    await expect(legacy.startWhatsappLegacySetup({ region: 'na', agentId: AGENT }, owner('stranger-uid'))).rejects.toThrow();
    await legacy.startWhatsappLegacySetup({ region: 'na', agentId: AGENT }, owner(OWNER));
    const wrong = (await (await fetch(`${meta.url}/__sim/verify-webhook`, { method: 'POST', body: JSON.stringify({ url, verifyToken: 'not-the-agent' }) })).json()) as any;
    expect(wrong.verified).toBe(false);
    expect((await db.doc(paths.agent(AGENT)).get()).get('waVerifyPassed')).toBeUndefined();
    const right = (await (await fetch(`${meta.url}/__sim/verify-webhook`, { method: 'POST', body: JSON.stringify({ url, verifyToken: AGENT }) })).json()) as any;
    expect(right.verified).toBe(true);
    expect((await db.doc(paths.agent(AGENT)).get()).get('waVerifyPassed')).toBe(true);

    // Run Test before the fields are saved, then after (as the legacy Save stores them: token private).
    expect(await legacy.runWhatsappLegacyTest({ region: 'na', agentId: AGENT }, owner(OWNER))).toEqual({ ok: false, message: T.waSendFailed(legacy.LEGACY_NOT_SAVED), waVerifyPassed: true });
    await db.doc(paths.agent(AGENT)).set({ whatsappNumberId: FAKE_LEGACY.number.id, whatsappBusniessId: FAKE_LEGACY.wabaId, waTestNumber: '+1 555 000 7777' }, { merge: true });
    await db.doc(paths.agentSecrets(AGENT)).set({ whatsappToken: FAKE_LEGACY.accessToken, whatsappAppSecret: FAKE_LEGACY.appSecret }, { merge: true });
    expect(await legacy.runWhatsappLegacyTest({ region: 'na', agentId: AGENT }, owner(OWNER))).toEqual({ ok: true, message: T.messageSent, waVerifyPassed: true });
    expect(meta.thread(`wa:${FAKE_LEGACY.number.id}`, '15550007777').at(-1)).toMatchObject({ from: 'agent', text: T.legacyTestMessage });

    const inbound = (await (await fetch(`${meta.url}/__sim/legacy-inbound`, { method: 'POST', body: JSON.stringify({ url, userId: '15550007777', userName: 'Lee', text: 'Is the legacy line working?' }) })).json()) as any;
    expect(inbound).toMatchObject({ delivered: true, status: 200 });
    await stack.drain();
    expect(meta.thread(`wa:${FAKE_LEGACY.number.id}`, '15550007777').filter((m) => m.from === 'agent')).toHaveLength(2);
    expect((await conversations())[0]).toMatchObject({ channel: 'whatsapp', channelUser: { id: '15550007777', name: 'Lee' } });
  });
});

describe('the browser’s Meta settings', () => {
  it('names the local stand-in as the SDK and the only login origin, with the configuration id and v18.0', () => {
    expect(clientConfig.metaClientConfig()).toEqual({
      appId: 'local-meta-app',
      configId: 'local-embedded-signup-config',
      graphVersion: 'v18.0',
      sdkUrl: `${meta.url}/sdk.js`,
      loginOrigins: [meta.url],
      sessionInfoVersion: 2,
      pageScopes: [...channelsApi.META_PAGE_SCOPES],
    });
  });
});

describe('tokens', () => {
  it('never appear in an answer, a client-readable document or a log line', async () => {
    const secrets = [
      ...(await db.collectionGroup('private').get()).docs
        .filter((d) => /^(waNumbers|metaPages|users)\//.test(d.ref.path) && /secrets|meta$/.test(d.ref.path))
        .flatMap((d) => Object.values(d.data()).filter((v): v is string => typeof v === 'string' && /^EAA/.test(v))),
    ];
    expect(secrets.length).toBeGreaterThan(2);
    const readable = [
      ...(await db.collection(paths.waNumbers()).get()).docs.map((d) => d.data()),
      ...(await db.collection(paths.metaPages()).get()).docs.map((d) => d.data()),
      ...(await db.collectionGroup('conversations').get()).docs.map((d) => d.data()),
      ...(await db.collectionGroup('messages').get()).docs.map((d) => d.data()),
    ];
    const haystacks = [JSON.stringify(answers), JSON.stringify(readable), logs.join('\n')];
    for (const secret of secrets) for (const text of haystacks) expect(text).not.toContain(secret);
    for (const text of haystacks) expect(text).not.toContain('local-meta-secret');
  });
});
