// POST /events/new-user: the caller's own sign-up (the ID token's uid), recorded once and forwarded to the
// events hook.
import { paths } from '@parley/core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { testIdTokens } from '../../test/id-tokens';
import { serveApi } from '../http/serve';

import { endpoints } from './index';
import { EVENTS_COLLECTION } from './new-user';

interface Reply {
  success?: boolean;
  error?: string;
  recorded?: boolean;
}
const reply = async (res: Response): Promise<Reply> => (await res.json()) as Reply;

let api: Awaited<ReturnType<typeof serveApi>>;
/** Who the test's ID tokens sign in. */
const idTokens = testIdTokens();
const hookBodies: unknown[] = [];
const hook = createServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    hookBodies.push(JSON.parse(text));
    res.writeHead(200).end('{}');
  });
});

const TOKENS: Record<string, { uid: string; email: string; emailVerified: boolean; role?: string }> = {
  'newbie.id.token': { uid: 'newbie', email: 'newbie@example.com', emailVerified: true },
  'victim.id.token': { uid: 'victim', email: 'victim@example.com', emailVerified: true },
  'attacker.id.token': { uid: 'attacker', email: 'attacker@example.com', emailVerified: true },
  'client.id.token': { uid: 'newbie', email: 'newbie@example.com', emailVerified: true, role: 'client' },
};

beforeAll(async () => {
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  process.env.EVENTS_HOOK_URL = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  idTokens.use(async (token) => TOKENS[token] ?? null);
  api = await serveApi(endpoints, { idTokens: idTokens.verify });
  for (const uid of ['newbie', 'victim', 'attacker']) {
    await databaseFor('eu').doc(paths.user(uid)).set({ uid, email: `${uid}@example.com`, workspaceName: 'PersonalAb12c', joinedAt: 1700000000 });
  }
});
afterAll(async () => {
  idTokens.use(null);
  await api?.close();
  await new Promise((r) => hook.close(r));
});

const send = (body: unknown, bearer?: string) =>
  fetch(`${api.url}/events/new-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
const eventOf = async (uid: string) => (await databaseFor('eu').collection(EVENTS_COLLECTION).doc(`new-user-${uid}`).get()).data();

describe('POST /events/new-user', () => {
  it('records the caller’s sign-up with attribution and forwards it to the hook, once', async () => {
    const body = { userData: { region: 'eu', email: 'spoofed@example.com' }, ps_xid: 'ps-123', tolt_referral: 'tolt-9' };
    const res = await send(body, 'newbie.id.token');
    expect(await reply(res)).toEqual({ success: true, recorded: true });
    const event = (await eventOf('newbie'))!;
    expect(event).toMatchObject({ type: 'new-user', uid: 'newbie', ps_xid: 'ps-123', tolt_referral: 'tolt-9', forwarded: true });
    expect(event.userData.email).toBe('newbie@example.com');
    expect(hookBodies).toEqual([expect.objectContaining({ type: 'new-user', ps_xid: 'ps-123', userData: expect.objectContaining({ uid: 'newbie', email: 'newbie@example.com' }) })]);
    expect(await reply(await send(body, 'newbie.id.token'))).toEqual({ success: true, recorded: false });
    expect(hookBodies).toHaveLength(1);
  });

  it('will not record someone else’s sign-up: the victim’s referral stays theirs to claim', async () => {
    // The attack: claim the victim's sign-up for the attacker's referral link before the victim's page does.
    const hijack = await send({ userData: { uid: 'victim', region: 'eu' }, tolt_referral: 'attacker-link' }, 'attacker.id.token');
    expect(hijack.status).toBe(403);
    expect((await reply(hijack)).error).toBe('You can only record your own sign-up.');
    const anonymous = await send({ userData: { uid: 'victim', region: 'eu' }, tolt_referral: 'attacker-link' });
    expect(anonymous.status).toBe(401);
    expect(await eventOf('victim')).toBeUndefined();
    expect(await reply(await send({ userData: { region: 'eu' }, tolt_referral: 'friend-link' }, 'victim.id.token'))).toEqual({ success: true, recorded: true });
    expect((await eventOf('victim'))!.tolt_referral).toBe('friend-link');
  });

  it('refuses bearers that are nobody’s sign-up: a workspace secret, an agency client', async () => {
    expect((await send({ userData: { region: 'eu' } }, 'vg_someWorkspaceSecret01')).status).toBe(403);
    expect((await send({ userData: { region: 'eu' } }, 'client.id.token')).status).toBe(403);
    expect((await send({ userData: { region: 'eu' } }, 'forged.id.token')).status).toBe(401);
  });

  it('answers 404 for a user without a record and 400 for a malformed body', async () => {
    idTokens.use(async (token) => (token === 'ghost.id.token' ? { uid: 'ghost', emailVerified: true } : (TOKENS[token] ?? null)));
    const missing = await send({}, 'ghost.id.token');
    expect(missing.status).toBe(404);
    expect((await send({ ps_xid: 42 }, 'attacker.id.token')).status).toBe(400);
  });
});
