// Outgoing workspace events against Google's Firestore emulator, a local receiving endpoint and the Resend
// stand-in: deliveries signed the Standard Webhooks way (checked with the `standardwebhooks` library), every
// attempt recorded, retries then one failure e-mail to the workspace's e-mails and an error log, an endpoint that
// keeps failing turned off, Replay and Send test event, and the settings saved only for a public address.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { start as startResend, type ResendFake } from '@parley/local/fakes/resend';
import { eventsApi, paths } from '@parley/core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { sendMail } from '../adapters/mailer';
import { seedWorkspace } from '../../test/agent-builder-env';
import { attemptDelivery } from './attempt';
import { creditsLowObserver } from './credits-low';
import type { EventsDeps } from './deps';
import { emitWorkspaceEvent } from './emit';
import { eventsSigningSecretHandler } from './events-signing-secret';
import { getEventDeliveryHandler } from './get-event-delivery';
import { listEventDeliveriesHandler } from './list-event-deliveries';
import { inProcessDeliveryQueue } from './queue';
import { replayEventDeliveryHandler } from './replay-event-delivery';
import { saveEventsSettingsHandler } from './save-events-settings';
import { sendTestEventHandler } from './send-test-event';
import { verifyWebhook } from './signature';

const WORKSPACE_SECRET = 'vg_eventsOwnerSecret0001';
const OWNER = 'evOwner';
const EMAILS = ['evowner@example.com', 'evmember@example.com'];

let answer = 200;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(answer, { 'content-type': 'application/json' }).end(answer === 200 ? '{"received":true}' : '{"error":"receiver is down"}');
  });
});
const internalHits: string[] = [];
const internalService = createServer((req, res) => {
  internalHits.push(`${req.method} ${req.url}`);
  res.writeHead(200).end('{}');
});
let endpointUrl = '';
let internalUrl = '';
let resend: ResendFake;

const as = (uid: string, email = `${uid}@example.com`) => ({ auth: { uid, token: { email, email_verified: true } as never, rawToken: 'x' } });
const owner = as(OWNER, 'evowner@example.com');
const member = as('evMember', 'evmember@example.com');
const db = databaseFor('na');
const queue = inProcessDeliveryQueue((task) => attemptDelivery(deps, task));
const deps: EventsDeps = {
  db: databaseFor, queue, mail: sendMail, now: Date.now, retryDelaysSeconds: [0, 0],
  logs: { db: databaseFor, mail: sendMail, now: Date.now },
};
const settings = (input: Partial<{ endpoint: string; enabled: boolean; subscribedEvents: eventsApi.EventType[] }> = {}, who = owner) =>
  saveEventsSettingsHandler(deps)({ region: 'na', workspaceId: OWNER, endpoint: endpointUrl, enabled: true, subscribedEvents: ['new-agent', 'conversation.started'], ...input }, who);
const emit = (type: eventsApi.EventType = 'conversation.started', payload: Record<string, unknown> = { agentId: 'a1', conversationId: 'c1' }) =>
  emitWorkspaceEvent(deps, { region: 'na', workspaceId: OWNER, type, payload });
const detail = async (deliveryId: string) => (await getEventDeliveryHandler(deps)({ region: 'na', workspaceId: OWNER, deliveryId }, owner)).delivery;
const signingSecret = async () => (await eventsSigningSecretHandler({ region: 'na', workspaceId: OWNER, rotate: false }, owner)).signingSecret;
const failureMails = () => resend.emails().filter((e) => e.subject.startsWith('Failed to send event to'));

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => internalService.listen(0, '127.0.0.1', r));
  const port = (receiver.address() as AddressInfo).port;
  endpointUrl = `http://127.0.0.1:${port}/parley-events`;
  internalUrl = `http://127.0.0.1:${(internalService.address() as AddressInfo).port}/admin`;
  resend = await startResend({ port: 0 });
  // The receiving endpoint stands in for a public site: the safe fetch lets exactly this local target through.
  Object.assign(process.env, { ALLOW_PRIVATE_URLS: `127.0.0.1:${port}`, RESEND_BASE_URL: resend.url, RESEND_API_KEY: 're_test_events' });
  await seedWorkspace('na', OWNER, WORKSPACE_SECRET, { email: 'evowner@example.com', workspaceEmails: EMAILS });
});
afterAll(async () => {
  delete process.env.ALLOW_PRIVATE_URLS;
  await queue.drain();
  await Promise.all([new Promise((r) => receiver.close(r)), new Promise((r) => internalService.close(r)), resend.stop()]);
});
beforeEach(async () => {
  answer = 200;
  received.length = 0;
  await settings();
});

describe('a subscribed event', () => {
  it('is delivered off the request path, signed the Standard Webhooks way, with no secret in it', async () => {
    const delivery = await emit();
    expect(delivery).toMatchObject({ type: 'conversation.started', status: 'pending', attemptCount: 0 });
    await queue.drain();
    expect(received).toHaveLength(1);
    const { headers, body } = received[0]!;
    expect(JSON.parse(body)).toEqual({ type: 'conversation.started', payload: { agentId: 'a1', conversationId: 'c1', createdAt: expect.any(Number) } });
    expect(body + JSON.stringify(headers)).not.toContain(WORKSPACE_SECRET);
    expect(headers['webhook-id']).toBe(delivery!.id);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // The receiver's check, with the Standard Webhooks library: the payload verifies, a changed one does not.
    const secret = await signingSecret();
    expect(new Webhook(secret).verify(body, headers as Record<string, string>)).toMatchObject({ type: 'conversation.started' });
    expect(() => new Webhook(secret).verify(body.replace('c1', 'c2'), headers as Record<string, string>)).toThrow();
    expect(verifyWebhook(WORKSPACE_SECRET, headers, body)).toBe('mismatch');

    const done = await detail(delivery!.id);
    expect(done).toMatchObject({ status: 'delivered', attemptCount: 1, lastStatus: 200, body });
    expect(done.attempts[0]).toMatchObject({ status: 200, ok: true, excerpt: '{"received":true}' });
  });

  it('is signed with the new secret once the owner rotates it (the old one no longer verifies)', async () => {
    const before = await signingSecret();
    const after = (await eventsSigningSecretHandler({ region: 'na', workspaceId: OWNER, rotate: true }, owner)).signingSecret;
    await emit();
    await queue.drain();
    const { headers, body } = received[0]!;
    expect(verifyWebhook(after, headers, body)).toBe('ok');
    expect(verifyWebhook(before, headers, body)).toBe('mismatch');
  });

  it('carries its signing time: a captured delivery checked later than the tolerance is refused', async () => {
    await emit();
    await queue.drain();
    const { headers, body } = received[0]!;
    const later = Number(headers['webhook-timestamp']) + eventsApi.EVENT_SIGNATURE_TOLERANCE_SECONDS + 60;
    expect(verifyWebhook(await signingSecret(), headers, body, later)).toBe('too-old');
  });
});

describe('events that are not sent', () => {
  it('an unsubscribed type, a disabled endpoint, a workspace that does not exist: nothing is delivered or recorded', async () => {
    expect(await emit('new-channel-connection')).toBeNull();
    await settings({ enabled: false });
    expect(await emit()).toBeNull();
    expect(await emitWorkspaceEvent(deps, { region: 'na', workspaceId: 'nobody', type: 'new-agent', payload: {} })).toBeNull();
    await queue.drain();
    expect(received).toHaveLength(0);
  });
});

describe('a receiver that keeps failing', () => {
  it('gets every attempt recorded, then one failure e-mail to the workspace’s e-mails only and an error log', async () => {
    answer = 500;
    const mailsBefore = failureMails().length;
    const delivery = await emit();
    await queue.drain();
    const failed = await detail(delivery!.id);
    expect(failed.status).toBe('failed');
    expect(failed.attempts.map((a) => a.status)).toEqual([500, 500, 500]);
    expect(failed.attempts[0]!.excerpt).toContain('receiver is down');
    expect(received).toHaveLength(3);
    // Each retry is the same delivery (same webhook-id), so a receiver can drop duplicates.
    expect(new Set(received.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery!.id]));

    const mails = failureMails().slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Failed to send event to ${endpointUrl}`);
    expect([...mails[0]!.to].sort()).toEqual([...EMAILS].sort());
    expect(mails[0]!.html).toContain('500 Internal Server Error');

    const logs = await db.collection(`${paths.user(OWNER)}/workspaceLogs`).where('type', '==', 'error').get();
    const log = logs.docs.map((d) => d.data()).find((l) => String(l.metadata).includes(delivery!.id));
    expect(log).toMatchObject({ channel: 'web', content: `Failed to send event conversation.started to ${endpointUrl}: 500 Internal Server Error` });
    expect(JSON.parse(log!.metadata as string)).toMatchObject({ eventType: 'conversation.started', endpoint: endpointUrl, subscribedEvents: ['new-agent', 'conversation.started'] });
  });

  it('is turned off after deliveries fail in a row, its owner told once; nothing more is sent until it is on again', async () => {
    answer = 500;
    for (let i = 0; i < eventsApi.EVENT_DISABLE_AFTER_FAILED_DELIVERIES; i++) {
      await emit();
      await queue.drain();
    }
    const now = (await db.doc(paths.user(OWNER)).get()).data()!;
    expect(now.eventsEnabled).toBe(false);
    expect(now.eventsDisabledReason).toMatch(/Turned off after \d+ deliveries in a row failed/);
    const disabledMails = resend.emails().filter((e) => e.subject === eventsApi.EVENT_MESSAGES.disabledSubject);
    expect(disabledMails).toHaveLength(1);
    expect(disabledMails[0]!.to).toEqual(['evowner@example.com']);
    received.length = 0;
    expect(await emit()).toBeNull();
    expect(received).toHaveLength(0);
    // The owner turns it on again: the count starts over and events flow.
    answer = 200;
    expect((await settings()).disabledReason).toBeNull();
    await emit();
    await queue.drain();
    expect(received).toHaveLength(1);
  });
});

describe('the deliveries list', () => {
  it('filters by type and status; Replay sends a failed delivery again once; Send test event is signed too', async () => {
    answer = 500;
    const failed = await emit('new-agent', { agentId: 'replayed' });
    await queue.drain();
    answer = 200;
    received.length = 0;
    const replay = await replayEventDeliveryHandler(deps)({ region: 'na', workspaceId: OWNER, deliveryId: failed!.id }, owner);
    await queue.drain();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'new-agent', payload: { agentId: 'replayed' } });
    expect((await detail(replay.delivery.id)).status).toBe('delivered');

    const test = await sendTestEventHandler(deps)({ region: 'na', workspaceId: OWNER }, owner);
    await queue.drain();
    expect(new Webhook(await signingSecret()).verify(received[1]!.body, received[1]!.headers as Record<string, string>)).toMatchObject({ type: 'test' });
    expect((await detail(test.delivery.id)).status).toBe('delivered');

    const list = listEventDeliveriesHandler(deps);
    const failedNewAgent = await list({ region: 'na', workspaceId: OWNER, type: 'new-agent', status: 'failed', limit: 25 }, member);
    expect(failedNewAgent.deliveries.map((d) => d.id)).toContain(failed!.id);
    expect(failedNewAgent.deliveries.every((d) => d.type === 'new-agent' && d.status === 'failed')).toBe(true);
    const page = await list({ region: 'na', workspaceId: OWNER, limit: 1 }, owner);
    expect(page).toMatchObject({ more: true, deliveries: [{ id: test.delivery.id }] });
  });

  it('Replay and Send test event are the owner’s; a stranger reads nothing', async () => {
    await expect(sendTestEventHandler(deps)({ region: 'na', workspaceId: OWNER }, member)).rejects.toMatchObject({ status: 403 });
    await expect(listEventDeliveriesHandler(deps)({ region: 'na', workspaceId: OWNER, limit: 5 }, as('stranger'))).rejects.toMatchObject({ status: 403 });
  });
});

describe('saving the endpoint', () => {
  it('refuses private, loopback and metadata addresses at the field, and members', async () => {
    for (const endpoint of ['http://169.254.169.254/computeMetadata/v1/', 'http://localhost:8080/', internalUrl, 'http://127.0.0.1:8080/']) {
      await expect(settings({ endpoint })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('endpoint: This address cannot be reached') });
    }
    await expect(settings({}, member)).rejects.toMatchObject({ status: 403, message: 'Only the workspace owner can do this.' });
    expect(internalHits).toEqual([]);
  });
});

describe('credits.low', () => {
  it('is sent once a day when a balance falls below the threshold, however many reservations report it', async () => {
    await settings({ subscribedEvents: ['credits.low'] });
    const observe = creditsLowObserver(deps);
    await observe(db, OWNER, eventsApi.CREDITS_LOW_THRESHOLD + 5);
    await observe(db, OWNER, eventsApi.CREDITS_LOW_THRESHOLD - 20);
    await observe(db, OWNER, eventsApi.CREDITS_LOW_THRESHOLD - 40);
    // Another instance (its own memory) on the same day: the day's delivery exists already.
    await creditsLowObserver(deps)(db, OWNER, 3);
    await queue.drain();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'credits.low', payload: { balance: eventsApi.CREDITS_LOW_THRESHOLD - 20, threshold: eventsApi.CREDITS_LOW_THRESHOLD } });
  });
});
