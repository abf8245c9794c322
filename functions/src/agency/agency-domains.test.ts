// Subdomains and custom domains end to end: the claim through the registry (one agency per host, both
// regions), the Hosting API stand-in, verification, cancel, the public branding by host (allowlist, CDN cache,
// rate limit), GET /proxy, and the one DNS reminder e-mail.
import { paths, type Region } from '@parley/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { agencySecret, initAgency, saveAgencySettings } from './index';
import { sendDueDnsReminders } from './dns-reminders';
import { call, freshState, http, seedWorkspace, startWorld, type World } from '../../test/agency-world';

let world: World;
const agencies: Record<string, string> = {};

async function agencyFor(name: 'ada' | 'bob' | 'eve', region: Region): Promise<string> {
  const { agency } = await call<{ agency: { ID: string } }>(initAgency, name, { region });
  return agency.ID;
}

const claim = (as: 'ada' | 'bob' | 'eve', region: Region, agencyId: string, customDomain: string, kind: 'sub' | 'custom' = 'sub') =>
  http(world, 'POST', `/api/${region}/vercel-api/custom-domain`, {
    as,
    body: { agencyId, customDomain, ...(kind === 'sub' ? { isVGSubdomain: true } : { isCustomDomain: true }) },
  });
const verify = (as: 'ada' | 'bob' | 'eve', region: Region, agencyId: string, domain: string, domainType: 'subdomain' | 'custom') =>
  http(world, 'GET', `/api/${region}/vercel-api/custom-domain?agencyId=${agencyId}&domain=${encodeURIComponent(domain)}&domainType=${domainType}`, { as });
const cancel = (as: 'ada' | 'bob' | 'eve', region: Region, agencyId: string, domain: string) =>
  http(world, 'DELETE', `/api/${region}/vercel-api/custom-domain`, { as, body: { agencyId, domain } });
const byHost = (host: string, ip = '203.0.113.9') => http(world, 'GET', `/public/agency-by-host?host=${encodeURIComponent(host)}`, { headers: { 'x-forwarded-for': ip } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  world = await startWorld({ hostingDelayMs: 600 });
  await seedWorkspace('na', 'ada');
  await seedWorkspace('eu', 'bob');
  await seedWorkspace('na', 'eve');
  agencies.ada = await agencyFor('ada', 'na');
  agencies.bob = await agencyFor('bob', 'eu');
  agencies.eve = await agencyFor('eve', 'na');
  await call(saveAgencySettings, 'ada', {
    region: 'na',
    agencyId: agencies.ada,
    settings: { name: 'Acme', squarePhotoURL: 'https://cdn.example/acme.png', supportEmail: 'help@acme.example', googleFont: 'Lato', customCSS: '.x{}', tosPage: 'https://acme.example/tos', customTabs: [{ label: 'Secret tab', href: '/secret', htmlContent: '<b>internal</b>' }] },
  });
}, 60_000);
afterAll(() => world?.stop(), 30_000);
beforeEach(() => freshState());

describe('subdomain', () => {
  it('lower-cases, drops spaces and appends the root domain; verifies through the Hosting stand-in; serves branding', async () => {
    const res = await claim('ada', 'na', agencies.ada!, ' Ac Me ');
    expect(res.status).toBe(200);
    // The platform's DNS serves its subdomains: the owner has no record to add.
    expect(res.json.data).toMatchObject({ domain: 'acme.localhost', domainType: 'subdomain', isVerified: false, verification: [] });
    expect(world.hosting.calls()).toContainEqual(expect.objectContaining({ method: 'POST', domain: 'acme.localhost' }));
    expect((await byHost('acme.localhost')).status).toBe(404);

    await sleep(700);
    const checked = await verify('ada', 'na', agencies.ada!, 'acme.localhost', 'subdomain');
    expect(checked.json).toMatchObject({ isVerified: true });
    expect((await databaseFor('na').doc(paths.agency(agencies.ada!)).get()).data()).toMatchObject({ VGsubDomain: 'acme.localhost', isVerifiedSubDomain: true });

    const branding = await byHost('Acme.Localhost:5000');
    expect(branding.status).toBe(200);
    expect(branding.json).toMatchObject({ name: 'Acme', squarePhotoURL: 'https://cdn.example/acme.png', googleFont: 'Lato', customCSS: '.x{}', tosPage: 'https://acme.example/tos', region: 'na', host: 'acme.localhost', hostType: 'subdomain', showPoweredBy: false });
    expect(branding.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    expect((await http(world, 'GET', '/proxy?domain=acme.localhost')).status).toBe(200);
  });

  it('refuses a subdomain another agency holds, in the same region or the other one', async () => {
    const taken = await claim('bob', 'eu', agencies.bob!, 'acme');
    expect(taken.status).toBe(409);
    expect(taken.json.error).toBe('This domain already exists. Please try another one.');
    const sameRegion = await claim('eve', 'na', agencies.eve!, 'ACME');
    expect(sameRegion.json.error).toBe('This domain already exists. Please try another one.');
    expect((await claim('eve', 'na', agencies.eve!, 'www')).json.error).toBe('This domain already exists. Please try another one.');
    // Claiming one's own subdomain again is fine.
    expect((await claim('ada', 'na', agencies.ada!, 'acme')).status).toBe(200);
  });

  it('is added to the Hosting site again when the site lost it (verification is not lost for good)', async () => {
    await fetch(`${world.hosting.url}/v1beta1/projects/demo-parley/sites/demo-parley/customDomains/acme.localhost`, { method: 'DELETE', headers: { authorization: 'Bearer t' } });
    await verify('ada', 'na', agencies.ada!, 'acme.localhost', 'subdomain');
    await sleep(700);
    expect((await verify('ada', 'na', agencies.ada!, 'acme.localhost', 'subdomain')).json.isVerified).toBe(true);
  });

  it('is changed only by the agency owner', async () => {
    expect((await claim('bob', 'na', agencies.ada!, 'other')).status).toBe(403);
    expect((await cancel('eve', 'na', agencies.ada!, 'acme.localhost')).status).toBe(403);
    expect((await http(world, 'POST', `/api/na/vercel-api/custom-domain`, { body: { agencyId: agencies.ada, customDomain: 'x', isVGSubdomain: true } })).status).toBe(401);
    expect((await claim('ada', 'na', agencies.ada!, 'no_underscores!')).json.error).toBe('Please enter a valid subdomain');
  });
});

describe('the public branding by host', () => {
  it('answers only public branding: no secret, e-mail, id, owner or custom tab', async () => {
    const { secret } = await call<{ secret: string }>(agencySecret, 'ada', { region: 'na', agencyId: agencies.ada });
    const res = await byHost('acme.localhost');
    expect(res.status).toBe(200);
    for (const hidden of [secret, agencies.ada!, 'ada', 'help@acme.example', '@', 'Secret tab', 'internal', 'userId', 'ID']) {
      expect(res.text, hidden).not.toContain(hidden);
    }
  });

  it('answers 404 for unknown hosts, briefly cached', async () => {
    const res = await byHost('nobody.localhost');
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('This domain is not connected.');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30');
    expect((await http(world, 'GET', '/proxy?domain=nobody.localhost')).status).toBe(404);
  });

  it('is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await byHost('acme.localhost', '198.51.100.7')).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await byHost('acme.localhost', '198.51.100.8')).status).toBe(200);
  });
});

describe('custom domain', () => {
  it('needs custom-branding access (the trial or the add-on)', async () => {
    const res = await claim('eve', 'na', agencies.eve!, 'app.eve.example', 'custom');
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('Custom domains need the Whitelabel addon.');
  });

  it('is required and must be a subdomain', async () => {
    await seedWorkspace('na', 'ada', { internal: { whitelabelTrialEndsAt: Math.floor(Date.now() / 1000) + 3600, whitelabel_trial: true } });
    expect((await claim('ada', 'na', agencies.ada!, '   ', 'custom')).json.error).toBe('Please enter a custom domain');
    expect((await claim('ada', 'na', agencies.ada!, 'Acme.com', 'custom')).json.error).toBe('Please input a subdomain: "acme.com"');
    expect((await claim('ada', 'na', agencies.ada!, 'shop.acme.localhost', 'custom')).json.error).toBe('Addresses under localhost are set up as a subdomain.');
  });

  it('is claimed once across both regions, writes one DNS reminder, verifies when the DNS is in, and is cancelled', async () => {
    await seedWorkspace('eu', 'bob', { internal: { whitelabelTrialEndsAt: Math.floor(Date.now() / 1000) + 3600, whitelabel_trial: true } });
    const res = await claim('ada', 'na', agencies.ada!, 'App.Acme.example', 'custom');
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ domain: 'app.acme.example', domainType: 'custom', isVerified: false });
    expect(res.json.data.verification).toEqual([
      { type: 'A', name: 'app.acme.example', value: '199.36.158.100', status: 'pending' },
      { type: 'TXT', name: 'app.acme.example', value: 'hosting-site=demo-parley', status: 'pending' },
    ]);
    const other = await claim('bob', 'eu', agencies.bob!, 'app.acme.example', 'custom');
    expect(other.status).toBe(409);
    expect(other.json.error).toBe('This domain already exists on another account.');

    const reminder = (await databaseFor('na').doc(paths.dnsReminder(agencies.ada!, 'app.acme.example')).get()).data();
    // The reminder names no recipient and no text: the mailer writes both.
    expect(reminder).toMatchObject({ domain: 'app.acme.example', agencyId: agencies.ada, bucket: '(default)', sent: false });
    expect(reminder).not.toHaveProperty('userEmail');

    expect((await verify('ada', 'na', agencies.ada!, 'app.acme.example', 'custom')).json.isVerified).toBe(false);
    await fetch(`${world.hosting.url}/__activate?domain=app.acme.example`, { method: 'POST' });
    expect((await verify('ada', 'na', agencies.ada!, 'app.acme.example', 'custom')).json.isVerified).toBe(true);
    expect((await byHost('app.acme.example')).json).toMatchObject({ name: 'Acme', hostType: 'custom' });

    const cancelled = await cancel('ada', 'na', agencies.ada!, 'app.acme.example');
    expect(cancelled.json).toEqual({ success: true, message: 'Domain deleted successfully..' });
    expect((await databaseFor('na').doc(paths.agency(agencies.ada!)).get()).data()).toMatchObject({ customDomain: '', isVerifiedCustomDomain: false });
    expect((await byHost('app.acme.example')).status).toBe(404);
    // Released: now the other agency (other region) may have it.
    expect((await claim('bob', 'eu', agencies.bob!, 'app.acme.example', 'custom')).status).toBe(200);
  });

  it('goes to exactly one of two agencies claiming it at the same moment', async () => {
    await seedWorkspace('na', 'eve', { internal: { whitelabelTrialEndsAt: Math.floor(Date.now() / 1000) + 3600, whitelabel_trial: true } });
    const results = await Promise.all([claim('ada', 'na', agencies.ada!, 'race.shared.example', 'custom'), claim('eve', 'na', agencies.eve!, 'race.shared.example', 'custom')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const holder = (await databaseFor('na').doc(paths.agencyDomain('race.shared.example')).get()).get('agencyId');
    const winner = results[0]!.status === 200 ? agencies.ada : agencies.eve;
    expect(holder).toBe(winner);
  });

  it('sends the DNS reminder e-mail once, a day after the domain was submitted and while it is unverified', async () => {
    await seedWorkspace('na', 'ada', { internal: { whitelabelTrialEndsAt: Math.floor(Date.now() / 1000) + 3600, whitelabel_trial: true } });
    expect((await claim('ada', 'na', agencies.ada!, 'late.acme.example', 'custom')).status).toBe(200);
    await fetch(`${world.resend.url}/__recorded`, { method: 'DELETE' });
    // A reminder carrying a recipient and words of someone's choosing (as a client could write before): ignored.
    await databaseFor('na').doc(paths.dnsReminder(agencies.ada!, 'late.acme.example')).set({ userEmail: 'victim@elsewhere.example', agencyName: '<a href="https://phish.example">Bank</a>', html: 'phish' }, { merge: true });
    const now = Math.floor(Date.now() / 1000);
    expect(await sendDueDnsReminders(now)).toBe(0);
    // Two runs at once (two instances): each due reminder goes out once; other tests' pending domains are due too.
    const [first, second] = await Promise.all([sendDueDnsReminders(now + 86_400 + 5), sendDueDnsReminders(now + 86_400 + 5)]);
    expect(await sendDueDnsReminders(now + 2 * 86_400)).toBe(0);
    const mail = world.resend.emails();
    expect(mail).toHaveLength(first + second);
    expect(new Set(mail.map((m) => m.subject)).size).toBe(mail.length);
    expect(mail.filter((m) => m.subject === 'Finish setting up late.acme.example')).toMatchObject([{ to: ['ada@example.com'] }]);
    expect(JSON.stringify(mail)).not.toContain('victim@elsewhere.example');
    expect(JSON.stringify(mail)).not.toContain('phish');
    expect(mail.find((m) => m.subject === 'Finish setting up late.acme.example')!.html).toContain('is not verified yet');
    expect((await databaseFor('na').doc(paths.dnsReminder(agencies.ada!, 'late.acme.example')).get()).get('sent')).toBe(true);
  });
});
