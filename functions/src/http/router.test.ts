import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, HttpError } from './endpoint';
import { serveApi } from './serve';

const echo = defineEndpoint({
  method: 'POST',
  path: '/v2/things/:thingId',
  input: z.object({ name: z.string().min(1), count: z.number().int().max(10) }),
  handler: async ({ params, input }) => ({ body: { id: params.thingId, ...input } }),
});
const forbidden = defineEndpoint({
  method: 'GET',
  path: '/v2/secret',
  input: z.object({}),
  handler: async () => {
    throw new HttpError(403, 'You do not own this.');
  },
});

let api: Awaited<ReturnType<typeof serveApi>>;
beforeAll(async () => {
  api = await serveApi([echo, forbidden]);
});
afterAll(() => api.close());

describe('api router', () => {
  it('routes with path params and parsed input', async () => {
    const res = await fetch(`${api.url}/v2/things/abc`, { method: 'POST', body: JSON.stringify({ name: 'x', count: 3 }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'abc', name: 'x', count: 3 });
  });

  it('answers 400 naming the bad field', async () => {
    const res = await fetch(`${api.url}/v2/things/abc`, { method: 'POST', body: JSON.stringify({ name: 'x', count: 11 }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/count/);
  });

  it('answers 400 on malformed JSON', async () => {
    const res = await fetch(`${api.url}/v2/things/abc`, { method: 'POST', body: '{nope' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('Request body must be valid JSON.');
  });

  it('maps HttpError to its status, unknown paths to 404 and wrong methods to 405', async () => {
    expect((await fetch(`${api.url}/v2/secret`)).status).toBe(403);
    expect((await fetch(`${api.url}/v2/nothing`)).status).toBe(404);
    expect((await fetch(`${api.url}/v2/secret`, { method: 'POST' })).status).toBe(405);
  });

  it('answers CORS preflight for the widget', async () => {
    const res = await fetch(`${api.url}/v2/secret`, { method: 'OPTIONS', headers: { origin: 'https://shop.example' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });
});
