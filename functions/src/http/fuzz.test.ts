// Every route and every callable, fed what an attacker or a broken client sends — malformed and pre-parsed bodies,
// wrong types, huge strings, bad encodings, reserved document ids, garbage headers — must answer with a 4xx (or
// succeed), never a 5xx / `internal`. The routes come from the served registry (endpoints.ts), the callables from
// the deployed exports (index.ts), so a new operation is fuzzed without being listed here.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathParamNames, type AnyEndpointContract } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { setIdTokenVerifier } from '../adapters/id-token';
import { testEndpoints } from '../../test/composition';

const endpoints = testEndpoints();
import * as deployed from '../index';
import { noRateLimits } from '../rate-limits';
import { createApiHandler } from './router';

const HUGE = 'x'.repeat(1_000_000);
const BAD_UTF8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]); // {"a":"\xff\xfe\xc3("}

/** Values of the wrong type, size or shape for any field. */
const WRONG_VALUES: unknown[] = [null, 42, -1, 1e308, true, [], {}, [HUGE], { nested: { deeper: [1, { x: HUGE }] } }, HUGE, '', '%', '__reserved__', '../../users/x', '\u0000', '😀'.repeat(1000)];

/** Path parameter values, already URL-encoded. */
const PARAM_VALUES = ['fuzzAgent0000001', '%', '%E0%A4%A', '%zz', '%00', '%2F..%2F', '__reserved__', '__x__', '.', 'x'.repeat(5000), encodeURIComponent('ÿ😀'), 'a%2Fb'];

const QUERIES = ['', '?region=us', '?region=%', '?region=na&region=eu', '?since=abc', '?since=-1', '?since=1e400', '?channel=evil', `?x=${'y'.repeat(10_000)}`, '?%zz=%zz'];

const HEADER_SETS: Record<string, string>[] = [
  {},
  { authorization: 'Bearer' },
  { authorization: 'Bearer a.b.c' },
  { authorization: 'Bearer vg_not_a_real_secret_000' },
  { authorization: `Bearer ${HUGE.slice(0, 8000)}` },
  { authorization: `Bearer vg_${HUGE.slice(0, 2000)}` },
  { origin: 'null', 'x-parley-embed-origin': '%%%', 'x-forwarded-for': 'not-an-ip, , ::1', 'x-firebase-appcheck': 'garbage' },
];

const bodyKeys = (contract: AnyEndpointContract): string[] => {
  const shape = (contract.body as Partial<z.ZodObject>).shape;
  return shape ? Object.keys(shape) : ['region', 'agentId', 'message', 'data'];
};

/** Raw bodies: malformed JSON, JSON of the wrong kind, bad encodings, and each field set to each wrong value. */
function rawBodies(contract: AnyEndpointContract): Array<string | Buffer> {
  const bodies: Array<string | Buffer> = ['{nope', '{"a":', '[]', 'null', '42', '"text"', 'true', '\u0000', BAD_UTF8, Buffer.from([0xff, 0xfe, 0xfd])];
  for (const key of bodyKeys(contract)) for (const value of WRONG_VALUES) bodies.push(JSON.stringify({ [key]: value }));
  bodies.push(JSON.stringify(Object.fromEntries(bodyKeys(contract).map((k) => [k, HUGE]))));
  return bodies;
}

/** A plain server, and one standing for Cloud Functions, whose framework has parsed the body already. */
let plain: { url: string; server: Server };
let preParsed: { url: string; server: Server };
let nextBody: unknown;

async function listen(handler: (req: IncomingMessage & { body?: unknown }, res: import('node:http').ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

beforeAll(async () => {
  // No network for ID tokens: every token is unknown.
  setIdTokenVerifier(async () => null);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const api = createApiHandler(endpoints, { limits: noRateLimits });
  plain = await listen((req, res) => void api(req, res));
  preParsed = await listen((req, res) => {
    // Drain the stream as the framework would, then hand the parsed value over.
    req.resume();
    req.on('end', () => {
      req.body = nextBody;
      void api(req, res);
    });
  });
});
afterAll(async () => {
  setIdTokenVerifier(null);
  vi.restoreAllMocks();
  for (const s of [plain, preParsed]) await new Promise<void>((resolve) => s.server.close(() => resolve()));
});

function pathWith(contract: AnyEndpointContract, value: string): string {
  return contract.path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? value : segment))
    .join('/');
}

const validPath = (contract: AnyEndpointContract) => pathWith(contract, PARAM_VALUES[0]!);

interface Outcome {
  what: string;
  status: number;
}

async function send(base: string, contract: AnyEndpointContract, path: string, body: string | Buffer | undefined, headers: Record<string, string> = {}): Promise<Outcome> {
  const res = await fetch(`${base}${path}`, {
    method: contract.method,
    headers: { 'content-type': 'application/json', ...headers },
    body: contract.method === 'GET' ? undefined : body,
  });
  await res.arrayBuffer();
  return { what: `${contract.method} ${path.slice(0, 120)} ${typeof body === 'string' ? body.slice(0, 60) : body ? '<bytes>' : ''} ${JSON.stringify(headers).slice(0, 80)}`, status: res.status };
}

const serverErrors = (outcomes: Outcome[]) => outcomes.filter((o) => o.status >= 500).map((o) => `${o.status} ${o.what}`);

const routes = endpoints.map((e) => [`${e.contract.method} ${e.contract.path}`, e.contract] as const);

describe('every route', () => {
  it.each(routes)('%s: malformed path parameters and queries answer 4xx, never 5xx', async (_name, contract) => {
    const outcomes: Outcome[] = [];
    if (pathParamNames(contract.path).length > 0) {
      for (const value of PARAM_VALUES) outcomes.push(await send(plain.url, contract, pathWith(contract, value), '{}'));
    }
    for (const query of QUERIES) outcomes.push(await send(plain.url, contract, `${validPath(contract)}${query}`, '{}'));
    expect(serverErrors(outcomes)).toEqual([]);
  });

  it.each(routes)('%s: malformed, mistyped, huge and badly encoded bodies answer 4xx, never 5xx', async (_name, contract) => {
    const outcomes: Outcome[] = [];
    for (const body of rawBodies(contract)) outcomes.push(await send(plain.url, contract, validPath(contract), body));
    // More than the router accepts at all.
    if (contract.method !== 'GET') outcomes.push(await send(plain.url, contract, validPath(contract), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)));
    expect(serverErrors(outcomes)).toEqual([]);
  });

  it.each(routes)('%s: bodies the framework parsed already (objects, strings, bytes) answer 4xx, never 5xx', async (_name, contract) => {
    const outcomes: Outcome[] = [];
    for (const parsed of [Buffer.from('{nope'), BAD_UTF8, '{nope', 'plain text', '', 42, null, [], { [bodyKeys(contract)[0]!]: { $gt: '' } }, { region: ['na', 'eu'] }]) {
      nextBody = parsed;
      outcomes.push(await send(preParsed.url, contract, validPath(contract), 'ignored'));
    }
    expect(serverErrors(outcomes)).toEqual([]);
  });

  it.each(routes)('%s: garbage credentials and headers answer 4xx, never 5xx', async (_name, contract) => {
    const outcomes: Outcome[] = [];
    for (const headers of HEADER_SETS) outcomes.push(await send(plain.url, contract, validPath(contract), '{}', headers));
    expect(serverErrors(outcomes)).toEqual([]);
  });

  it('a request URL the platform could not even parse answers 400', async () => {
    const handler = createApiHandler(endpoints, { limits: noRateLimits });
    let status = 0;
    const res = { setHeader() {}, writeHead: (s: number) => ((status = s), res), end() {}, headersSent: false } as unknown as import('node:http').ServerResponse;
    await handler({ method: 'GET', url: 'http://[', headers: {}, socket: {} } as unknown as IncomingMessage, res);
    expect(status).toBe(400);
  });
});

type Deployed = ((...args: never[]) => unknown) & { __endpoint?: { callableTrigger?: unknown }; run?: (request: CallableRequest<unknown>) => Promise<unknown> };
const callables = Object.entries(deployed as unknown as Record<string, Deployed>)
  .filter(([, fn]) => typeof fn === 'function' && !!fn.__endpoint?.callableTrigger && !!fn.run)
  .map(([name, fn]) => [name, fn] as const);

describe('every callable', () => {
  it('is enumerated from the deployed functions', () => {
    expect(callables.length).toBeGreaterThan(5);
  });

  it.each(callables)('%s: wrong types, huge strings and reserved ids answer invalid-argument or a refusal, never internal', async (_name, fn) => {
    const keys = ['region', 'agentId', 'conversationId', 'docId', 'workspaceId', 'text', 'name', 'type', 'url', 'base64Payload', 'fileName', 'agentName', 'agentTemplate'];
    const inputs: unknown[] = [undefined, null, 42, 'text', [], {}, HUGE, { region: 'na', agentId: '__reserved__' }, { region: 'na', agentId: 'a', conversationId: '__reserved_conv_id__' }];
    for (const key of keys) for (const value of WRONG_VALUES) inputs.push({ region: 'na', [key]: value });
    const internal: string[] = [];
    for (const data of inputs) {
      const request = { data, auth: { uid: 'fuzz-user', token: { email: 'fuzz@example.test' } }, rawRequest: {} } as unknown as CallableRequest<unknown>;
      const error = await fn.run!(request).then(() => null, (e: unknown) => e as { code?: string });
      if (error && (error.code === 'internal' || error.code === 'unknown' || !error.code)) internal.push(`${error.code ?? 'no code'}: ${JSON.stringify(data)?.slice(0, 100)}`);
    }
    expect(internal).toEqual([]);
  });
});
