import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type ToolRequestRecord } from './index';

let fake: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  fake = await start({ port: 0 });
});
afterAll(() => fake.stop());

describe('tools stand-in', () => {
  it('answers an order status and records the request with its secret header', async () => {
    await fetch(`${fake.url}/__recorded`, { method: 'DELETE' });
    const res = await fetch(`${fake.url}/orders/status?order_id=1234`, { headers: { 'X-Parley-Secret': 'tool-secret' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ order_id: '1234', status: 'shipped' });
    const recorded = (await (await fetch(`${fake.url}/__recorded`)).json()) as ToolRequestRecord[];
    expect(recorded).toEqual([expect.objectContaining({ method: 'GET', path: '/orders/status', query: { order_id: '1234' } })]);
    expect(recorded[0]!.headers['x-parley-secret']).toBe('tool-secret');
  });

  it('says plainly what it does not know', async () => {
    expect((await fetch(`${fake.url}/orders/status?order_id=9999`)).status).toBe(404);
    expect((await fetch(`${fake.url}/appointments/slots?date=tomorrow`)).status).toBe(400);
    const lead = await fetch(`${fake.url}/leads/lookup`, { method: 'POST', body: JSON.stringify({ email: 'nobody@example.com' }) });
    expect(lead.status).toBe(404);
  });

  it('gives the same slots for the same date and looks leads up by e-mail', async () => {
    const slots = await (await fetch(`${fake.url}/appointments/slots?date=2026-12-01`)).json();
    expect(slots).toEqual({ date: '2026-12-01', slots: ['11:00', '15:30'] });
    const lead = await fetch(`${fake.url}/leads/lookup`, { method: 'POST', body: JSON.stringify({ email: 'Ana@example.com' }) });
    expect(await lead.json()).toMatchObject({ name: 'Ana Costa', stage: 'qualified' });
  });

  it('holds its answers as long as told, and redirects where told', async () => {
    await fetch(`${fake.url}/__control`, { method: 'POST', body: JSON.stringify({ delayMs: 60_000 }) });
    await expect(fetch(`${fake.url}/orders/status?order_id=1001`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    await fetch(`${fake.url}/__control`, { method: 'POST', body: JSON.stringify({ reset: true }) });
    expect((await fetch(`${fake.url}/orders/status?order_id=1001`)).status).toBe(200);
    const res = await fetch(`${fake.url}/redirect?to=http://169.254.169.254/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://169.254.169.254/');
  });
});
