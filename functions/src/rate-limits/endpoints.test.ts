// Every public endpoint that used to count in one instance's memory, now attacked through two instances of the API
// (two compositions with their own memory, sharing Google's Firestore emulator), alternating request by request:
// the allowance holds across both, and the request beyond it answers 429 with Retry-After and a sentence.
// The chat itself is proven in conversations/chat-burst.integration.test.ts.
import { clientsApi, USAGE_MESSAGES } from '@parley/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../http/serve';
import { RATE_RULES } from './index';
import { resettableRateLimits, type ResettableRateLimits } from '../../test/rate-limits';

type Api = Awaited<ReturnType<typeof serveApi>>;
let instances: Array<{ api: Api; limits: ResettableRateLimits }> = [];

beforeAll(async () => {
  const endpoints = (await import('../../test/composition')).testEndpoints();
  for (let i = 0; i < 2; i++) {
    const limits = resettableRateLimits();
    instances.push({ api: await serveApi(endpoints, { limits }), limits });
  }
});
afterAll(async () => {
  for (const { api } of instances) await api.close();
  instances = [];
});
beforeEach(async () => {
  for (const { limits } of instances) await limits.reset();
});

/** Sends `n` requests one after the other, alternating between the two instances; their statuses. */
async function alternate(n: number, send: (base: string, i: number) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await send(instances[i % 2]!.api.url, i)).status);
  return statuses;
}

async function expectRefused(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await response.json()) as { error: string }).error).toBe(USAGE_MESSAGES.tooManyRequests);
}

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('two instances, one allowance', () => {
  it(`sign-up events: ${RATE_RULES.newUserIp.limit} a minute per address`, async () => {
    const from = { 'x-forwarded-for': '203.0.113.50', authorization: 'Bearer vg_not_anybody_000' };
    const send = (base: string) => postJson(`${base}/events/new-user`, { userData: {} }, from);
    const statuses = await alternate(RATE_RULES.newUserIp.limit, send);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    await expectRefused(await send(instances[0]!.api.url));
  });

  it('the public branding of an agency host: 120 a minute per address', async () => {
    const from = { 'x-forwarded-for': '203.0.113.51' };
    const send = (base: string) => fetch(`${base}/public/agency-by-host?host=nobody.example`, { headers: from });
    const statuses = await alternate(120, send);
    expect(new Set(statuses)).toEqual(new Set([404]));
    await expectRefused(await send(instances[1]!.api.url));
  });

  it('client sign-in: the same two answers as before, and 10 failed attempts per agency and e-mail, from any address', async () => {
    const send = (base: string, i: number) =>
      postJson(`${base}/public/clients/login`, { agencyId: 'agencyLimits01', email: 'ada@client.test', password: 'guess' }, { 'x-forwarded-for': `198.51.100.${i}` });
    const first = await send(instances[0]!.api.url, 0);
    expect(first.status).toBe(404);
    expect(((await first.json()) as { error: string }).error).toBe(clientsApi.CLIENTS_MESSAGES.emailNotFound);
    const statuses = await alternate(RATE_RULES.clientLoginFailEmail.limit - 1, (base, i) => send(base, i + 1));
    expect(new Set(statuses)).toEqual(new Set([404]));
    await expectRefused(await send(instances[1]!.api.url, 99));
    // Another agency's client with the same e-mail has its own allowance.
    const other = await postJson(`${instances[0]!.api.url}/public/clients/login`, { agencyId: 'agencyLimits02', email: 'ada@client.test', password: 'guess' });
    expect(other.status).toBe(404);
  });

  it(`client sign-in: ${RATE_RULES.clientLoginFailIp.limit} failed attempts per address, whatever the e-mail`, async () => {
    const from = { 'x-forwarded-for': '203.0.113.52' };
    const send = (base: string, i: number) => postJson(`${base}/public/clients/login`, { agencyId: 'agencyLimits01', email: `probe${i}@client.test`, password: 'x' }, from);
    const statuses = await alternate(RATE_RULES.clientLoginFailIp.limit, send);
    expect(new Set(statuses)).toEqual(new Set([404]));
    await expectRefused(await send(instances[0]!.api.url, 1000));
  });

  it(`sign-in codes: ${RATE_RULES.clientCodeEmail.limit} requests per agency and e-mail`, async () => {
    const send = (base: string, i: number) =>
      postJson(`${base}/public/clients/login-code`, { agencyId: 'agencyLimits01', email: 'bea@client.test' }, { 'x-forwarded-for': `192.0.2.${i}` });
    const statuses = await alternate(RATE_RULES.clientCodeEmail.limit, send);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    await expectRefused(await send(instances[1]!.api.url, 99));
  });

  it('channel webhooks: 30 bad signatures a minute per address', async () => {
    const from = { 'x-forwarded-for': '203.0.113.53' };
    const send = (base: string) => postJson(`${base}/v2/agents/AgentNobody00001/telegram-webhook`, { update_id: 1 }, from);
    const statuses = await alternate(30, send);
    expect(new Set(statuses)).toEqual(new Set([401]));
    await expectRefused(await send(instances[0]!.api.url));
  });

  it(`the legacy WhatsApp handshake: ${RATE_RULES.waHandshakeIp.limit} a minute per address`, async () => {
    const from = { 'x-forwarded-for': '203.0.113.54' };
    const send = (base: string) => fetch(`${base}/agents/AgentNobody00001/wa-webhook?hub.mode=subscribe&hub.challenge=42&hub.verify_token=AgentNobody00001`, { headers: from });
    const statuses = await alternate(RATE_RULES.waHandshakeIp.limit, send);
    expect(new Set(statuses)).toEqual(new Set([403]));
    await expectRefused(await send(instances[1]!.api.url));
  });
});
