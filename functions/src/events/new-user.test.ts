// POST /events/new-user: recorded once per real user and forwarded to the events hook.
import { paths } from '@parley/core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { serveApi } from '../http/serve';

import { endpoints } from './index';
import { EVENTS_COLLECTION } from './new-user';

interface Reply {
  success?: boolean;
  error?: string;
  id?: string;
  recorded?: boolean;
  workspace?: { workspaceEmails?: string[] };
}
const reply = async (res: Response): Promise<Reply> => (await res.json()) as Reply;

let api: Awaited<ReturnType<typeof serveApi>>;
const hookBodies: unknown[] = [];
const hook = createServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    hookBodies.push(JSON.parse(text));
    res.writeHead(200).end('{}');
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  process.env.EVENTS_HOOK_URL = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  api = await serveApi(endpoints);
  await databaseFor('eu').doc(paths.user('newbie')).set({ uid: 'newbie', email: 'newbie@example.com', workspaceName: 'PersonalAb12c', joinedAt: 1700000000 });
});
afterAll(async () => {
  await api?.close();
  await new Promise((r) => hook.close(r));
});

const send = (body: unknown) => fetch(`${api.url}/events/new-user`, { method: 'POST', body: JSON.stringify(body) });

describe('POST /events/new-user', () => {
  it('records the event with attribution and forwards it to the hook, once', async () => {
    const body = { userData: { uid: 'newbie', region: 'eu', email: 'spoofed@example.com' }, ps_xid: 'ps-123', tolt_referral: 'tolt-9' };
    const res = await send(body);
    expect(await reply(res)).toEqual({ success: true, recorded: true });
    const event = (await databaseFor('eu').collection(EVENTS_COLLECTION).doc('new-user-newbie').get()).data()!;
    expect(event).toMatchObject({ type: 'new-user', uid: 'newbie', ps_xid: 'ps-123', tolt_referral: 'tolt-9', forwarded: true });
    expect(event.userData.email).toBe('newbie@example.com');
    expect(hookBodies).toEqual([expect.objectContaining({ type: 'new-user', ps_xid: 'ps-123', userData: expect.objectContaining({ uid: 'newbie', email: 'newbie@example.com' }) })]);
    expect(await reply(await send(body))).toEqual({ success: true, recorded: false });
    expect(hookBodies).toHaveLength(1);
  });

  it('ignores users that do not exist and rejects malformed bodies', async () => {
    const missing = await send({ userData: { uid: 'ghost' } });
    expect(missing.status).toBe(404);
    expect((await send({ ps_xid: 'x' })).status).toBe(400);
  });
});
