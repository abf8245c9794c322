// The Vapi stand-in as the real server SDK sees it (assistants, numbers, calls, Vapi's 400 shape), and a simulated
// inbound call: assistant-request to the number's server with its secret header, the caller's line sent to the
// assistant's custom LLM (streamed), the end-of-call report on hang-up.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VapiClient, VapiError } from '@vapi-ai/server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMailbox } from '../resend/mailbox';
import { FAKE_VAPI_KEY, OWN_VAPI_KEY_PREFIX, start, type VapiRecord } from './index';

/* eslint-disable @typescript-eslint/no-explicit-any -- webhook bodies are inspected loosely */

let fake: Awaited<ReturnType<typeof start>>;
let ours: { url: string; close(): void; received: Array<{ path: string; headers: IncomingMessage['headers']; body: any }> };
let vapi: VapiClient;

beforeAll(async () => {
  fake = await start({ port: 0 });
  vapi = new VapiClient({ token: FAKE_VAPI_KEY, baseUrl: fake.url, maxRetries: 0 });
  // Our side: a webhook that answers assistant-request with the assistant, and a custom LLM that streams one answer.
  const received: typeof ours.received = [];
  let assistantId = '';
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text || '{}');
      received.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/set') assistantId = body.id;
      if (req.url?.endsWith('/chat/completions')) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const piece of ['We open ', 'at nine.']) res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
        return res.end('data: [DONE]\n\n');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body.message?.type === 'assistant-request' ? { assistantId } : { ok: true }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  ours = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close(), received };
});
afterAll(async () => {
  ours?.close();
  await fake?.stop();
});

describe('vapi stand-in', () => {
  it('refuses an unknown voice provider with Vapi’s 400', async () => {
    const error = await vapi.assistants.create({ voice: { provider: 'nobody', voiceId: 'x' } } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiError);
    expect((error as VapiError).statusCode).toBe(400);
    expect(JSON.stringify((error as VapiError).body)).toContain('voice.provider must be one of');
  });

  it('rings a number: assistant-request with the secret header, the caller’s line to the custom LLM, the report on hang-up', async () => {
    const assistant = await vapi.assistants.create({
      name: 'Desk', voice: { provider: 'deepgram', voiceId: 'asteria' }, transcriber: { provider: 'deepgram', model: 'nova-2' },
      model: { provider: 'custom-llm', url: `${ours.url}/llm`, model: 'parley', headers: { authorization: 'Bearer vs_1' } },
      server: { url: `${ours.url}/webhook`, headers: { 'x-vapi-secret': 's3' } },
    } as never);
    await fetch(`${ours.url}/set`, { method: 'POST', body: JSON.stringify({ id: assistant.id }) });
    await vapi.phoneNumbers.create({ provider: 'twilio', number: '+14155550100', twilioAccountSid: 'AC1', twilioAuthToken: 't', server: { url: `${ours.url}/webhook`, headers: { 'x-vapi-secret': 's3' } } } as never);
    const ring = (await (await fetch(`${fake.url}/__sim/ring`, { method: 'POST', body: JSON.stringify({ number: '+14155550100', from: '+15005550006' }) })).json()) as { callId: string };
    const said = (await (await fetch(`${fake.url}/__sim/calls/${ring.callId}/say`, { method: 'POST', body: JSON.stringify({ text: 'When do you open?' }) })).json()) as { reply: string };
    expect(said.reply).toBe('We open at nine.');
    await fetch(`${fake.url}/__sim/calls/${ring.callId}/hangup`, { method: 'POST', body: JSON.stringify({ durationSeconds: 90 }) });
    const types = ours.received.filter((r) => r.path === '/webhook').map((r) => r.body.message.type);
    expect(types).toEqual(['assistant-request', 'status-update', 'transcript', 'transcript', 'status-update', 'end-of-call-report']);
    expect(ours.received.filter((r) => r.path === '/webhook').every((r) => r.headers['x-vapi-secret'] === 's3')).toBe(true);
    const llm = ours.received.find((r) => r.path === '/llm/chat/completions')!;
    expect(llm.headers.authorization).toBe('Bearer vs_1');
    expect(llm.body).toMatchObject({ stream: true, call: { id: ring.callId }, messages: [{ role: 'user', content: 'When do you open?' }] });
    const report = ours.received.at(-1)!.body.message;
    expect(report).toMatchObject({ durationSeconds: 90, endedReason: 'customer-ended-call', cost: 0.15, call: { id: ring.callId } });
    expect(report.artifact.transcript).toBe('User: When do you open?\nAI: We open at nine.');
    expect((await vapi.calls.get({ id: ring.callId })).status).toBe('ended');
  });

  it('serves the call simulator page with labelled controls, linked from the mailbox, and lists the connected numbers', async () => {
    const html = await (await fetch(`${fake.url}/`)).text();
    for (const label of ['<label for="number">Number to ring</label>', '<label for="line">Say as the caller</label>', '>Ring</button>', '>Hang up</button>', '>Send the end-of-call report again</button>', 'aria-label="Call transcript"']) {
      expect(html).toContain(label);
    }
    expect(renderMailbox([])).toContain(`>Call simulator</a>`);
    const listed = (await (await fetch(`${fake.url}/__sim/numbers`)).json()) as { numbers: Array<{ number: string }> };
    expect(listed.numbers.map((n) => n.number)).toContain('+14155550100');
  });

  it('streams a web call’s answer to the caller piece by piece (?stream=1), as the widget’s local transport reads it', async () => {
    const [assistant] = await vapi.assistants.list();
    const call = (await (await fetch(`${fake.url}/call/web`, { method: 'POST', headers: { authorization: `Bearer ${FAKE_VAPI_KEY}` }, body: JSON.stringify({ assistantId: assistant!.id }) })).json()) as { id: string; webCallUrl: string };
    expect(call.webCallUrl).toBe(`${fake.url}/__web/${call.id}`);
    await fetch(`${fake.url}/__sim/calls/${call.id}/start`, { method: 'POST' });
    const res = await fetch(`${fake.url}/__sim/calls/${call.id}/say?stream=1`, { method: 'POST', body: JSON.stringify({ text: 'Hours?' }) });
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toBe('We open at nine.');
  });

  it('serves short sample sounds as valid MP3 frames, a few KB each', async () => {
    const res = await fetch(`${fake.url}/voice/sounds/asteria.mp3`);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0xff, 0xfb, 0x90, 0xc0]);
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes.length).toBeLessThan(8000);
    expect((await fetch(`${fake.url}/voice/sounds/..%2Fsecret.mp3`)).status).not.toBe(200);
  });

  it('keeps each key its own account, refuses an unknown key with 401, and records which key each request used', async () => {
    const ownKey = `${OWN_VAPI_KEY_PREFIX}test-1234`;
    const own = new VapiClient({ token: ownKey, baseUrl: fake.url, maxRetries: 0 });
    const made = await own.assistants.create({ name: 'Own account' } as never);
    await expect(vapi.assistants.get({ id: made.id })).rejects.toMatchObject({ statusCode: 404 });
    expect((await own.assistants.list()).map((a) => a.id)).toEqual([made.id]);
    const wrong = new VapiClient({ token: 'sk-not-a-vapi-key', baseUrl: fake.url, maxRetries: 0 });
    await expect(wrong.assistants.list()).rejects.toMatchObject({ statusCode: 401 });
    const recorded = (await (await fetch(`${fake.url}/__recorded`)).json()) as VapiRecord[];
    expect(recorded.filter((r) => r.kind === 'api' && r.method === 'POST' && r.path === '/assistant').at(-1)?.key).toBe(ownKey);
  });
});
