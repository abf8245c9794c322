// The endpoint wrapper: one parse of params, query and body with the contract (400 naming the field), errors
// mapped to statuses, and stored data that does not fit its schema answered 500 and logged with its path.
import { apiErrorBodySchema, defineContract, regionSchema } from '@parley/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseStored } from '../adapters/stored-data';
import { defineEndpoint, HttpError } from './endpoint';
import { serveApi } from './serve';

const thing = defineContract({
  kind: 'endpoint',
  name: 'saveThing',
  method: 'POST',
  path: '/v2/things/:thingId',
  auth: 'public',
  params: z.object({ thingId: z.string().regex(/^[a-z]+$/) }),
  query: z.object({ region: regionSchema.default('na'), limit: z.coerce.number().int().max(5).default(1) }),
  body: z.object({ name: z.string().min(1), count: z.number().int().max(10) }),
  output: z.object({ id: z.string(), region: regionSchema, limit: z.number(), name: z.string(), count: z.number() }),
});
const echo = defineEndpoint(thing, async ({ params, query, body }) => ({ body: { id: params.thingId, region: query.region, limit: query.limit, ...body } }));

const secret = defineContract({ kind: 'endpoint', name: 'secret', method: 'GET', path: '/v2/secret', auth: 'public', output: z.object({}) });
const forbidden = defineEndpoint(secret, async () => {
  throw new HttpError(403, 'You do not own this.');
});

const stored = defineContract({
  kind: 'endpoint',
  name: 'readStored',
  method: 'GET',
  path: '/v2/stored/:kind',
  auth: 'public',
  params: z.object({ kind: z.enum(['corrupt', 'zod']) }),
  output: z.object({ value: z.number() }),
});
const storedEndpoint = defineEndpoint(stored, async ({ params }) => {
  // A document whose `value` holds a secret string where a number belongs: it must never reach the caller.
  const snapshot = { ref: { path: 'things/t1' }, data: () => ({ value: 'sk-live-secret-value' }) };
  if (params.kind === 'zod') z.object({ value: z.number() }).parse(snapshot.data());
  return { body: parseStored(z.object({ value: z.number() }), snapshot) };
});

let api: Awaited<ReturnType<typeof serveApi>>;
beforeAll(async () => {
  api = await serveApi([echo, forbidden, storedEndpoint]);
});
afterAll(() => api.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const post = (path: string, body: unknown) => fetch(`${api.url}${path}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
async function refusal(res: Response) {
  return apiErrorBodySchema.parse(await res.json()).error;
}

describe('defineEndpoint and the router', () => {
  it('hands the handler its parsed params, query (coerced, defaulted) and body', async () => {
    const res = await post('/v2/things/abc?limit=3', { name: 'x', count: 3 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'abc', region: 'na', limit: 3, name: 'x', count: 3 });
  });

  it.each([
    ['a path parameter', '/v2/things/ABC', { name: 'x', count: 1 }, /thingId/],
    ['the query', '/v2/things/abc?limit=9', { name: 'x', count: 1 }, /limit/],
    ['the body', '/v2/things/abc', { name: 'x', count: 11 }, /count/],
    ['the region', '/v2/things/abc?region=us', { name: 'x', count: 1 }, /region: Region must be "na" or "eu"\./],
  ])('answers 400 naming the field when %s does not fit', async (_what, path, body, field) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(await refusal(res)).toMatch(field);
  });

  it('answers 400 on malformed JSON and on a malformed URL encoding', async () => {
    const res = await post('/v2/things/abc', '{nope');
    expect(res.status).toBe(400);
    expect(await refusal(res)).toBe('Request body must be valid JSON.');
    expect((await post('/v2/things/%E0%A4%A', { name: 'x', count: 1 })).status).toBe(400);
  });

  it('answers 500 for stored data that does not fit its schema, logs the document path and leaks nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const kind of ['corrupt', 'zod']) {
      const res = await fetch(`${api.url}/v2/stored/${kind}`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(apiErrorBodySchema.parse(JSON.parse(text)).error).toBe('Something went wrong on our side. Please try again.');
      expect(text).not.toMatch(/sk-live|value|things\/t1|Invalid input/);
    }
    expect(log.mock.calls[0]?.join(' ')).toContain('things/t1');
  });

  it('maps HttpError to its status, unknown paths to 404 and wrong methods to 405, all with the error body', async () => {
    const forbiddenRes = await fetch(`${api.url}/v2/secret`);
    expect(forbiddenRes.status).toBe(403);
    expect(await refusal(forbiddenRes)).toBe('You do not own this.');
    const missing = await fetch(`${api.url}/v2/nothing`);
    expect(missing.status).toBe(404);
    expect(await refusal(missing)).toMatch(/No endpoint/);
    expect((await fetch(`${api.url}/v2/secret`, { method: 'POST' })).status).toBe(405);
  });

  it('answers CORS preflight for the widget', async () => {
    const res = await fetch(`${api.url}/v2/secret`, { method: 'OPTIONS', headers: { origin: 'https://shop.example' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });
});
