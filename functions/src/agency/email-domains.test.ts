// The e-mail sending domain through the real resend client and its stand-in (create, verify, poll, delete),
// one agency per domain across regions, agencySender before and after verification, and the DNS-instructions
// e-mail (written by the server, under the agency's name).
import { paths } from '@parley/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { agencySender, initAgency, saveAgencySettings } from './index';
import { call, freshState, http, seedWorkspace, startWorld, type World } from '../../test/agency-world';

let world: World;
let ada = '';
let bob = '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  world = await startWorld({ resendVerifyDelayMs: 700 });
  await seedWorkspace('na', 'ada');
  await seedWorkspace('eu', 'bob');
  ada = (await call<{ agency: { ID: string } }>(initAgency, 'ada', { region: 'na' })).agency.ID;
  bob = (await call<{ agency: { ID: string } }>(initAgency, 'bob', { region: 'eu' })).agency.ID;
  await call(saveAgencySettings, 'ada', { region: 'na', agencyId: ada, settings: { name: 'Acme "Agency" <x>' } });
}, 60_000);
afterAll(() => world?.stop(), 30_000);
beforeEach(async () => {
  await freshState();
  await fetch(`${world.resend.url}/__recorded`, { method: 'DELETE' }).catch(() => undefined);
});

describe('e-mail sending domain', () => {
  it('walks not_started → pending → verified, saves it on the agency, then sends as the agency', async () => {
    expect(await agencySender(ada)).toMatchObject({ from: 'Acme Agency x <noreply@parley.dev>', agencyDomain: false });

    const added = await http(world, 'POST', '/api/resend/domains/Acme.example', { as: 'ada', body: { region: 'na', agencyId: ada } });
    expect(added.status).toBe(200);
    expect(added.json.data.status).toBe('not_started');
    expect(added.json.data.records.map((r: { type: string; name: string }) => [r.type, r.name])).toEqual([
      ['MX', 'send.acme.example'], ['TXT', 'send.acme.example'], ['TXT', 'resend._domainkey.acme.example'],
    ]);
    const id = added.json.data.id as string;
    const stored = (await databaseFor('na').doc(paths.agency(ada)).get()).data()!;
    expect(stored).toMatchObject({ resendEmailDomain: 'acme.example', resendEmailDomainId: id, resendEmailDomainStatus: 'not_started' });
    expect(JSON.parse(stored.resendEmailDomainRecords_JSON_STRING as string)).toHaveLength(3);

    const verifying = await http(world, 'POST', `/api/resend/domains/${id}/verify`, { as: 'ada', body: { region: 'na', agencyId: ada } });
    expect(verifying.json.data.status).toBe('pending');
    expect((await http(world, 'GET', `/api/resend/domains/${id}?region=na&agencyId=${ada}`, { as: 'ada' })).json.data.status).toBe('pending');
    await sleep(750);
    const polled = await http(world, 'GET', `/api/resend/domains/${id}?region=na&agencyId=${ada}`, { as: 'ada' });
    expect(polled.json.data.status).toBe('verified');
    expect(polled.json.data.records.every((r: { status: string }) => r.status === 'verified')).toBe(true);
    expect((await databaseFor('na').doc(paths.agency(ada)).get()).get('resendEmailDomainStatus')).toBe('verified');

    expect(await agencySender(ada)).toEqual({ from: 'Acme Agency x <noreply@acme.example>', name: 'Acme Agency x', address: 'noreply@acme.example', agencyDomain: true });
    // An unknown agency falls back to the platform's sender.
    expect((await agencySender('unknown-agency')).from).toBe('Parley <noreply@parley.dev>');
  });

  it('gives "This domain is already added." when another agency (any region) or the same one has it', async () => {
    const other = await http(world, 'POST', '/api/resend/domains/acme.example', { as: 'bob', body: { region: 'eu', agencyId: bob } });
    expect(other.status).toBe(409);
    expect(other.json.error).toBe('This domain is already added.');
    const again = await http(world, 'POST', '/api/resend/domains/other.example', { as: 'ada', body: { region: 'na', agencyId: ada } });
    expect(again.json.error).toBe('This domain is already added.');
    expect((await http(world, 'POST', '/api/resend/domains/not a domain', { as: 'bob', body: { region: 'eu', agencyId: bob } })).json.error).toBe('Please enter a valid root domain, e.g. example.com');
  });

  it('is read and changed by the owner only', async () => {
    const id = (await databaseFor('na').doc(paths.agency(ada)).get()).get('resendEmailDomainId') as string;
    expect((await http(world, 'GET', `/api/resend/domains/${id}?region=na&agencyId=${ada}`, { as: 'bob' })).status).toBe(403);
    expect((await http(world, 'DELETE', `/api/resend/domains/${id}`, { as: 'eve', body: { region: 'na', agencyId: ada } })).status).toBe(403);
    // Someone else's provider id through one's own agency: not found.
    expect((await http(world, 'GET', `/api/resend/domains/${id}?region=eu&agencyId=${bob}`, { as: 'bob' })).status).toBe(404);
  });

  it('e-mails the DNS instructions the server writes, under the agency’s name, to the owner’s own verified address only', async () => {
    const bad = await http(world, 'POST', '/api/mail/send-dns-instructions', { as: 'ada', body: { region: 'na', agencyId: ada, to: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('Please enter a valid recipient email.');
    // Attack: the platform as a mail relay to an address the caller chose.
    const relayed = await http(world, 'POST', '/api/mail/send-dns-instructions', { as: 'ada', body: { region: 'na', agencyId: ada, to: 'victim@partner.example' } });
    expect(relayed).toMatchObject({ status: 400, json: { error: 'DNS instructions can be sent only to your own verified e-mail address.' } });
    expect(world.resend.emails()).toEqual([]);
    const sent = await http(world, 'POST', '/api/mail/send-dns-instructions', {
      as: 'ada',
      body: { region: 'na', agencyId: ada, to: 'ADA@example.com', subject: 'ignored', htmlContent: '<a href="https://phish.example">x</a>', fromDisplayName: 'Bank' },
    });
    expect(sent.json).toEqual({ success: true, message: 'DNS instructions sent successfully!' });
    const [mail] = world.resend.emails();
    expect(mail).toMatchObject({ to: ['ada@example.com'], from: 'Acme Agency x <noreply@acme.example>', subject: 'DNS records for acme.example' });
    expect(mail!.html).toContain('resend._domainkey.acme.example');
    expect(mail!.html).not.toContain('phish');
    expect((await http(world, 'POST', '/api/mail/send-dns-instructions', { as: 'bob', body: { region: 'na', agencyId: ada, to: 'x@y.example' } })).status).toBe(403);
  });

  it('deletes the domain: provider, agency fields reset to not_started, and free for others again', async () => {
    const id = (await databaseFor('na').doc(paths.agency(ada)).get()).get('resendEmailDomainId') as string;
    expect((await http(world, 'DELETE', `/api/resend/domains/${id}`, { as: 'ada', body: { region: 'na', agencyId: ada } })).json).toEqual({ success: true });
    expect((await databaseFor('na').doc(paths.agency(ada)).get()).data()).toMatchObject({ resendEmailDomain: '', resendEmailDomainId: '', resendEmailDomainStatus: 'not_started', resendEmailDomainRecords_JSON_STRING: '' });
    expect((await agencySender(ada)).agencyDomain).toBe(false);
    expect((await http(world, 'POST', '/api/resend/domains/acme.example', { as: 'bob', body: { region: 'eu', agencyId: bob } })).status).toBe(200);
  });
});
