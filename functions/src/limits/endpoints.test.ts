// The limiter is wired where floods cost something: sign-up events (another feature's endpoint, limited with the
// one call `enforceRateLimit(RATE_RULES.newUserIp, ip)`) answer 429 with Retry-After once an address has spent
// its allowance, before the request is even authenticated. The widget's endpoints are proven in
// conversations/visitor-guard.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../events';
import { serveApi } from '../http/serve';
import { RATE_RULES, resetRateLimits } from './index';

let api: Awaited<ReturnType<typeof serveApi>>;
beforeAll(async () => {
  resetRateLimits();
  api = await serveApi(endpoints);
});
afterAll(async () => {
  resetRateLimits();
  await api?.close();
});

describe('POST /events/new-user', () => {
  it(`answers 429 after ${RATE_RULES.newUserIp.limit} requests a minute from one address`, async () => {
    const send = () =>
      fetch(`${api.url}/events/new-user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer vg_not_anybody_000', 'x-forwarded-for': '203.0.113.50' },
        body: JSON.stringify({ userData: {} }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < RATE_RULES.newUserIp.limit; i++) statuses.push((await send()).status);
    expect(statuses.every((s) => s !== 429)).toBe(true);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
