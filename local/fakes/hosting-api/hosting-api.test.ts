import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, type HostingApiFake } from './index';

let fake: HostingApiFake;
const base = () => `${fake.url}/v1beta1/projects/demo-parley/sites/demo-parley/customDomains`;
const auth = { authorization: 'Bearer token' };

beforeAll(async () => {
  fake = await start({ port: 0, localDelayMs: 100 });
});
afterAll(() => fake.stop());
beforeEach(() => fetch(`${fake.url}/__recorded`, { method: 'DELETE' }));

describe('Firebase Hosting custom domains stand-in', () => {
  it('adds a domain, answers its DNS records, and serves a localhost subdomain shortly after', async () => {
    const created = await fetch(`${base()}?customDomainId=acme.localhost`, { method: 'POST', headers: auth, body: '{}' });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ done: true, response: { name: 'projects/demo-parley/sites/demo-parley/customDomains/acme.localhost', hostState: 'HOST_UNHOSTED' } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const live = (await (await fetch(`${base()}/acme.localhost`, { headers: auth })).json()) as Record<string, unknown>;
    expect(live).toMatchObject({ hostState: 'HOST_ACTIVE', ownershipState: 'OWNERSHIP_ACTIVE', cert: { state: 'CERT_ACTIVE' } });
  });

  it('keeps any other domain unhosted until its DNS is "set" (/__activate), refuses duplicates, deletes', async () => {
    await fetch(`${base()}?customDomainId=app.acme.com`, { method: 'POST', headers: auth });
    expect((await fetch(`${base()}?customDomainId=app.acme.com`, { method: 'POST', headers: auth })).status).toBe(409);
    const pending = (await (await fetch(`${base()}/app.acme.com`, { headers: auth })).json()) as { hostState: string; requiredDnsUpdates: { desired: { records: { type: string; rdata: string; requiredAction: string }[] }[] } };
    expect(pending.hostState).toBe('HOST_UNHOSTED');
    expect(pending.requiredDnsUpdates.desired[0]!.records).toEqual([
      { domainName: 'app.acme.com', type: 'A', rdata: '199.36.158.100', requiredAction: 'ADD' },
      { domainName: 'app.acme.com', type: 'TXT', rdata: 'hosting-site=demo-parley', requiredAction: 'ADD' },
    ]);
    await fetch(`${fake.url}/__activate?domain=app.acme.com`, { method: 'POST' });
    expect(((await (await fetch(`${base()}/app.acme.com`, { headers: auth })).json()) as { hostState: string }).hostState).toBe('HOST_ACTIVE');
    expect((await fetch(`${base()}/app.acme.com`, { method: 'DELETE', headers: auth })).status).toBe(200);
    expect((await fetch(`${base()}/app.acme.com`, { headers: auth })).status).toBe(404);
    const recorded = (await (await fetch(`${fake.url}/__recorded`)).json()) as { calls: { method: string; domain: string }[] };
    expect(recorded.calls.map((c) => c.method)).toEqual(['POST', 'POST', 'GET', 'GET', 'DELETE', 'GET']);
  });

  it('needs a bearer token, like the real API', async () => {
    const res = await fetch(`${base()}/x.localhost`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
  });
});
