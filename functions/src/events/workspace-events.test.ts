// Outgoing workspace events against Google's Firestore emulator and a local receiving endpoint: signed with the
// workspace's events signing secret (HMAC-SHA256, timestamped), never carrying the workspace's API secret; the
// secret itself only for the workspace's owner.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventsApi, paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { seedWorkspace } from '../../test/agent-builder-env';
import { eventsSigningSecretHandler } from './events-signing-secret';
import { signEvent, verifyEventSignature } from './signature';
import { sendWorkspaceEvent } from './workspace-events';

const WORKSPACE_SECRET = 'vg_eventsOwnerSecret0001';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const endpoint = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(200).end('{}');
  });
});
let endpointUrl = '';
const as = (uid: string, email = `${uid}@example.com`) => ({ auth: { uid, token: { email, email_verified: true } as never, rawToken: 'x' } });
const signingSecretOf = async (rotate = false) => (await eventsSigningSecretHandler({ region: 'na', workspaceId: 'evOwner', rotate }, as('evOwner'))).signingSecret;

const internal: string[] = [];
// Something on our own network that an owner must not reach by naming it as the events endpoint.
const internalService = createServer((req, res) => {
  internal.push(`${req.method} ${req.url}`);
  res.writeHead(200).end('{}');
});
let internalUrl = '';

beforeAll(async () => {
  await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => internalService.listen(0, '127.0.0.1', r));
  const port = (endpoint.address() as AddressInfo).port;
  endpointUrl = `http://127.0.0.1:${port}/parley-events`;
  internalUrl = `http://127.0.0.1:${(internalService.address() as AddressInfo).port}/admin`;
  // The receiving endpoint stands in for a public site: safeFetch lets exactly this local target through.
  process.env.ALLOW_PRIVATE_URLS = `127.0.0.1:${port}`;
  await seedWorkspace('na', 'evOwner', WORKSPACE_SECRET, {
    eventsEndpoint: endpointUrl, subscribedEvents: ['new-agent'], workspaceEmails: ['evowner@example.com', 'evmember@example.com'],
  });
});
afterAll(async () => {
  delete process.env.ALLOW_PRIVATE_URLS;
  await new Promise((r) => endpoint.close(r));
  await new Promise((r) => internalService.close(r));
});

async function lastDelivery() {
  await expect.poll(() => received.length).toBeGreaterThan(0);
  return received[received.length - 1]!;
}

describe('outgoing workspace events', () => {
  it('carry no workspace secret: a receiver (or its logs) learns nothing that opens the API', async () => {
    expect(await sendWorkspaceEvent(databaseFor('na'), 'evOwner', 'new-agent', { agentId: 'a1' })).toBe(true);
    const { body, headers } = await lastDelivery();
    expect(body).not.toContain(WORKSPACE_SECRET);
    expect(JSON.stringify(headers)).not.toContain(WORKSPACE_SECRET);
    expect(JSON.parse(body)).toEqual({ type: 'new-agent', payload: { agentId: 'a1', createdAt: expect.any(Number) } });
  });

  it('are signed with the workspace signing secret; a forged or altered delivery does not verify', async () => {
    received.length = 0;
    await sendWorkspaceEvent(databaseFor('na'), 'evOwner', 'new-agent', { agentId: 'a2' });
    const { body, headers } = await lastDelivery();
    const header = headers[eventsApi.EVENT_SIGNATURE_HEADER.toLowerCase()] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const secret = await signingSecretOf();
    expect(verifyEventSignature(secret, header, body)).toBe('ok');
    expect(verifyEventSignature(secret, header, body.replace('a2', 'a3'))).toBe('mismatch');
    // Someone who knows the workspace's API secret still cannot sign an event.
    expect(verifyEventSignature(secret, signEvent(WORKSPACE_SECRET, body, Math.floor(Date.now() / 1000)), body)).toBe('mismatch');
    expect(verifyEventSignature(secret, undefined, body)).toBe('malformed');
  });

  it('carry their signing time: a delivery replayed later than the tolerance is rejected', async () => {
    const secret = await signingSecretOf();
    const body = JSON.stringify({ type: 'new-agent', payload: { agentId: 'a4' } });
    const now = Math.floor(Date.now() / 1000);
    const captured = signEvent(secret, body, now - 3600);
    expect(verifyEventSignature(secret, captured, body, now)).toBe('too-old');
    // Re-stamping the captured signature with a fresh time breaks it.
    expect(verifyEventSignature(secret, captured.replace(/^t=\d+/, `t=${now}`), body, now)).toBe('mismatch');
  });

  it('are signed with the new secret once the owner rotates it', async () => {
    const before = await signingSecretOf();
    const after = await signingSecretOf(true);
    expect(after).not.toBe(before);
    received.length = 0;
    await sendWorkspaceEvent(databaseFor('na'), 'evOwner', 'new-agent', { agentId: 'a5' });
    const { body, headers } = await lastDelivery();
    const header = headers[eventsApi.EVENT_SIGNATURE_HEADER.toLowerCase()] as string;
    expect(verifyEventSignature(after, header, body)).toBe('ok');
    expect(verifyEventSignature(before, header, body)).toBe('mismatch');
  });

  it('go only to a public http(s) endpoint (never our own network), for subscribed types', async () => {
    received.length = 0;
    expect(await sendWorkspaceEvent(databaseFor('na'), 'evOwner', 'new-lead', { leadId: 'l1' })).toBe(false);
    for (const target of ['file:///etc/passwd', 'http://169.254.169.254/computeMetadata/v1/', 'http://localhost:8080/', internalUrl]) {
      await databaseFor('na').doc(paths.user('evOwner')).set({ eventsEndpoint: target }, { merge: true });
      expect(await sendWorkspaceEvent(databaseFor('na'), 'evOwner', 'new-agent', { agentId: 'a6' })).toBe(false);
    }
    await databaseFor('na').doc(paths.user('evOwner')).set({ eventsEndpoint: endpointUrl }, { merge: true });
    expect(received).toHaveLength(0);
    expect(internal).toEqual([]);
  });
});

describe('eventsSigningSecret', () => {
  it('is for the workspace owner only, and is not the workspace secret', async () => {
    const secret = await signingSecretOf();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(WORKSPACE_SECRET);
    await expect(eventsSigningSecretHandler({ region: 'na', workspaceId: 'evOwner', rotate: false }, as('evMember', 'evmember@example.com'))).rejects.toMatchObject({
      status: 403, message: 'Only the workspace owner can do this.',
    });
    await expect(eventsSigningSecretHandler({ region: 'na', workspaceId: 'evOwner', rotate: true }, as('stranger'))).rejects.toMatchObject({ status: 403 });
    expect(await signingSecretOf()).toBe(secret);
  });
});
