// The webhook receiver stand-in: it verifies Standard Webhooks signatures as any receiver would (a delivery signed
// by the standardwebhooks library is valid, an altered or unsigned one is not) and answers as it is told.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type SinkDelivery } from './index';

const SECRET = `whsec_${Buffer.from('a-local-signing-key-of-24b').toString('base64')}`;
let sink: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  sink = await start({ port: 0 });
});
afterAll(() => sink.stop());

const control = (body: Record<string, unknown>) => fetch(`${sink.url}/__control`, { method: 'POST', body: JSON.stringify(body) });
const recorded = async (path: string) => (await (await fetch(`${sink.url}/__recorded?path=${path}`)).json()) as SinkDelivery[];

function signed(body: string, id = 'msg_1') {
  const at = new Date();
  return { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(SECRET).sign(id, at, body) };
}

describe('webhook sink', () => {
  it('checks each delivery’s signature with the secret it was given', async () => {
    await control({ path: '/hooks/a', secret: SECRET });
    const body = '{"type":"test","payload":{}}';
    expect((await fetch(`${sink.url}/hooks/a`, { method: 'POST', headers: signed(body), body })).status).toBe(200);
    await fetch(`${sink.url}/hooks/a`, { method: 'POST', headers: signed(body), body: body.replace('test', 'forged') });
    await fetch(`${sink.url}/hooks/a`, { method: 'POST', body });
    expect((await recorded('/hooks/a')).map((d) => d.signature)).toEqual(['valid', 'invalid', 'invalid']);
  });

  it('answers with the status its inbox is told, and keeps inboxes apart', async () => {
    await control({ path: '/hooks/b', status: 500 });
    expect((await fetch(`${sink.url}/hooks/b`, { method: 'POST', body: '{}' })).status).toBe(500);
    expect((await fetch(`${sink.url}/hooks/c`, { method: 'POST', body: '{}' })).status).toBe(200);
    expect(await recorded('/hooks/b')).toMatchObject([{ status: 500, signature: 'unchecked' }]);
  });
});
