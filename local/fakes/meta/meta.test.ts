// The Meta stand-in on its own: Graph errors in Meta's shape, the token exchanges, webhooks signed as Meta signs
// them after the subscription handshake, the 24-hour window reported by a status webhook, the SDK and popup.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_NUMBERS, FAKE_PAGES, FAKE_WABA_ID, start, type MetaFake } from './index';

let fake: MetaFake;
let receiver: Server;
let receiverUrl = '';
const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];

const graph = (path: string, init: RequestInit = {}) => fetch(`${fake.url}/v18.0${path}`, init).then(async (r) => ({ status: r.status, json: (await r.json()) as any })); // eslint-disable-line @typescript-eslint/no-explicit-any
const grant = async (kind: 'code' | 'token') => (await (await fetch(`${fake.url}/__popup/grant`, { method: 'POST', body: JSON.stringify({ kind }) })).json()) as { code?: string; accessToken?: string };

beforeAll(async () => {
  fake = await start({ port: 0, statusDelayMs: 1 });
  // A webhook receiver that answers the handshake and records deliveries.
  receiver = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'GET') {
      res.end(url.searchParams.get('hub.verify_token') === 'vt' ? url.searchParams.get('hub.challenge') ?? '' : 'no');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await fake.stop();
  await new Promise((r) => receiver.close(r));
});

describe('Meta stand-in', () => {
  it('answers errors in Graph’s shape and refuses unknown tokens', async () => {
    const res = await graph('/me/accounts', { headers: { authorization: 'Bearer nope' } });
    expect(res).toMatchObject({ status: 400, json: { error: { message: expect.stringContaining('Invalid OAuth access token'), type: 'OAuthException', code: 190, fbtrace_id: expect.any(String) } } });
    const secret = await graph('/oauth/access_token?client_id=local-meta-app&client_secret=wrong&code=x');
    expect(secret.json.error).toMatchObject({ message: 'Error validating client secret.', code: 1 });
  });

  it('verifies the callback before subscribing, then delivers signed, Meta-escaped webhooks', async () => {
    const app = { authorization: 'Bearer local-meta-app|local-meta-secret', 'content-type': 'application/json' };
    const refused = await graph('/local-meta-app/subscriptions', { method: 'POST', headers: app, body: JSON.stringify({ object: 'whatsapp_business_account', callback_url: receiverUrl, verify_token: 'wrong', fields: 'messages' }) });
    expect(refused.json.error.code).toBe(2200);
    expect((await graph('/local-meta-app/subscriptions', { method: 'POST', headers: app, body: JSON.stringify({ object: 'whatsapp_business_account', callback_url: receiverUrl, verify_token: 'vt', fields: 'messages' }) })).json).toEqual({ success: true });

    const { code } = await grant('code');
    const token = (await graph(`/oauth/access_token?client_id=local-meta-app&client_secret=local-meta-secret&code=${code}`)).json.access_token as string;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const number = FAKE_NUMBERS[0]!;
    expect((await graph(`/${number.id}/register`, { method: 'POST', headers: auth, body: JSON.stringify({ messaging_product: 'whatsapp', pin: '123456' }) })).json).toEqual({ success: true });
    await graph(`/${FAKE_WABA_ID}/subscribed_apps`, { method: 'POST', headers: auth });

    const sent = await fake.inbound({ endpointId: `wa:${number.id}`, userId: '+1 555 000 1111', userName: 'Zoë', text: 'Café / bar?' });
    expect(sent.delivered).toBe(true);
    const delivery = received.at(-1)!;
    expect(delivery.body).toContain('Caf\\u00e9 \\/ bar?');
    expect(delivery.headers['x-hub-signature-256']).toBe(`sha256=${createHmac('sha256', 'local-meta-secret').update(delivery.body).digest('hex')}`);
    expect(JSON.parse(delivery.body).entry[0].changes[0].value).toMatchObject({
      metadata: { phone_number_id: number.id },
      contacts: [{ profile: { name: 'Zoë' }, wa_id: '15550001111' }],
      messages: [{ from: '15550001111', type: 'text', text: { body: 'Café / bar?' } }],
    });
  });

  it('accepts free-form text outside the 24-hour window and reports it failed (131047), like Meta', async () => {
    const { code } = await grant('code');
    const token = (await graph(`/oauth/access_token?client_id=local-meta-app&client_secret=local-meta-secret&code=${code}`)).json.access_token as string;
    const number = FAKE_NUMBERS[0]!;
    const res = await graph(`/${number.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '15550002222', type: 'text', text: { preview_url: false, body: 'Hi' } }),
    });
    expect(res.json.messages[0].id).toMatch(/^wamid\./);
    const until = Date.now() + 3000;
    while (!received.some((r) => r.body.includes('131047')) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    const failed = JSON.parse(received.find((r) => r.body.includes('131047'))!.body).entry[0].changes[0].value.statuses[0];
    expect(failed).toMatchObject({ id: res.json.messages[0].id, status: 'failed', recipient_id: '15550002222', errors: [{ code: 131047, title: 'Re-engagement message' }] });
  });

  it('answers Messenger and Instagram profile reads for simulated users with their page’s token only, and records them', async () => {
    const { accessToken } = await grant('token');
    const long = (await graph(`/oauth/access_token?grant_type=fb_exchange_token&client_id=local-meta-app&client_secret=local-meta-secret&fb_exchange_token=${accessToken}`)).json.access_token as string;
    const accounts = (await graph('/me/accounts', { headers: { authorization: `Bearer ${long}` } })).json.data as Array<{ id: string; access_token: string }>;
    const [page, other] = [FAKE_PAGES[0]!, FAKE_PAGES[1]!].map((p) => ({ authorization: `Bearer ${accounts.find((a) => a.id === p.id)!.access_token}` }));
    await fake.inbound({ endpointId: `page:${FAKE_PAGES[0]!.id}`, userId: '7100000000000001', userName: 'Mia van Dijk', text: 'Hi' });
    await fake.inbound({ endpointId: `ig:${FAKE_PAGES[0]!.instagram!.id}`, userId: '8100000000000001', userName: 'Ivy Stone', text: 'Hi' });
    await fake.inbound({ endpointId: `ig:${FAKE_PAGES[0]!.instagram!.id}`, userId: '8100000000000002', userName: '@ivy.shop', text: 'Hi' });
    await fake.inbound({ endpointId: `page:${FAKE_PAGES[0]!.id}`, userId: '7100000000000002', userName: 'Hidden', text: 'Hi', profileRefused: true });

    expect((await graph('/7100000000000001?fields=first_name,last_name', { headers: page })).json).toEqual({ id: '7100000000000001', first_name: 'Mia', last_name: 'van Dijk' });
    expect((await graph('/8100000000000001?fields=name,username', { headers: page })).json).toEqual({ id: '8100000000000001', name: 'Ivy Stone', username: 'ivy.stone' });
    expect((await graph('/8100000000000002?fields=name,username', { headers: page })).json).toEqual({ id: '8100000000000002', username: 'ivy.shop' });
    expect((await graph('/7100000000000002?fields=first_name,last_name', { headers: page })).json.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect((await graph('/7100000000000001?fields=first_name,last_name', { headers: other })).json.error).toMatchObject({ code: 100 });
    expect((await graph('/7100000000000001?fields=first_name', { headers: { authorization: `Bearer ${long}` } })).json.error).toMatchObject({ code: 200 });
    expect(fake.requests().filter((r) => r.path === '/7100000000000001').at(0)).toMatchObject({ method: 'GET', auth: 'page', query: { fields: 'first_name,last_name' } });
  });

  it('serves the SDK and a popup that posts WA_EMBEDDED_SIGNUP to the opener', async () => {
    const sdk = await (await fetch(`${fake.url}/sdk.js`)).text();
    expect(sdk).toContain('window.FB = FB');
    expect(sdk).toContain(fake.url);
    const popup = await (await fetch(`${fake.url}/dialog/oauth?config_id=cfg&response_type=code&opener_origin=http://127.0.0.1:5000`)).text();
    expect(popup).toContain('WA_EMBEDDED_SIGNUP');
    expect(popup).toContain(FAKE_NUMBERS[0]!.display_phone_number);
    expect(popup).toMatch(/Finish/);
    const login = await (await fetch(`${fake.url}/dialog/oauth?response_type=token&opener_origin=http://127.0.0.1:5000`)).text();
    expect(login).toContain('Continue as Local Tester');
  });
});
