// Orgs, clients, credit transfers and the audit log (callable handlers) and the client sign-in endpoints, against
// the local Firestore emulator, the Resend fake (through the real resend client) and firebase-admin's custom
// tokens in Auth-emulator mode.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { paths } from '@parley/core';
import { start as startResend, type ResendFake } from '@parley/local/fakes/resend';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { readAgencySecret } from '../agency';
import { setIdTokenVerifier } from '../adapters/id-token';
import { serveApi } from '../http/serve';
import { resettableRateLimits } from '../../test/rate-limits';
import { quotaPath } from '../quota';
import { localFileStore } from '../uploads';
import { uploadFileHandler, uploadFileInput } from '../uploads/upload-file';
import { createClientHandler } from './create-client';
import { createOrgHandler } from './create-org';
import { deleteClientHandler } from './delete-client';
import { endpoints } from './index';
import { listOrgAuditLogHandler } from './list-org-audit-log';
import { listOrgsHandler } from './list-orgs';
import { resetClientPasswordHandler } from './reset-client-password';
import { setClientStatusHandler } from './set-client-status';
import { transferCreditsHandler } from './transfer-credits';
import { updateClientHandler } from './update-client';
import { updateOrgHandler } from './update-org';
import { codeKey, LOGIN_CODES } from './login-code-store';

const db = databaseFor('na');
let resend: ResendFake;
let api: Awaited<ReturnType<typeof serveApi>>;

const owner = { auth: { uid: 'owner1', token: { email: 'owner@agency.test', email_verified: true } as never, rawToken: 'x' } };
const stranger = { auth: { uid: 'bob', token: { email: 'bob@b.test', email_verified: true } as never, rawToken: 'x' } };
const asClient = (clientId: string) => ({ auth: { uid: `client-${clientId}`, token: { role: 'client', clientId } as never, rawToken: 'x' } });

/** Every answer a test saw, to prove no password hash ever left the server. */
const answers: unknown[] = [];
const seen = <T>(value: T): T => {
  answers.push(value);
  return value;
};

async function post(path: string, body: unknown, ip = '10.0.0.1') {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  seen(json);
  return { status: res.status, body: json };
}

function claimsOf(token: string): Record<string, unknown> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { uid: string; claims: Record<string, unknown> };
  return { uid: payload.uid, ...payload.claims };
}

async function seedWorld() {
  await db.recursiveDelete(db.collection('orgs'));
  await db.recursiveDelete(db.collection('clients'));
  const batch = db.batch();
  // owner1's custom plan has room for every client these tests add (the free plan holds 2).
  batch.set(db.doc(paths.user('owner1')), { uid: 'owner1', email: 'owner@agency.test', loadTokens: 1000, internal: { customPlan: { limits: { clientSeats: 100 } } } });
  batch.set(db.doc(paths.user('bob')), { uid: 'bob', email: 'bob@b.test', loadTokens: 5 });
  batch.set(db.doc(paths.agency('agA')), {
    ID: 'agA', userId: 'owner1', name: 'Acme Agency', resendEmailDomain: 'acme.test', resendEmailDomainStatus: 'verified',
    VGsubDomain: 'acme.localhost', isVerifiedSubDomain: true, supportEmail: 'help@acme.test',
  });
  batch.set(db.doc(paths.agencySecrets('agA')), { secret: 'S'.repeat(25) });
  batch.set(db.doc(paths.agency('agB')), { ID: 'agB', userId: 'bob', name: 'Bob Agency', settings: { disablePasswordLogin: true } });
  batch.set(db.doc(paths.agent('agent1')), { ID: 'agent1', title: 'Demo', ownerID: 'owner1' });
  batch.set(db.doc(paths.agent('agent2')), { ID: 'agent2', title: 'Second', ownerID: 'owner1' });
  batch.set(db.doc(paths.agent('bobAgent')), { ID: 'bobAgent', title: 'Bob', ownerID: 'bob' });
  await batch.commit();
}

async function newOrg(name = 'Probe Org', extra: Record<string, unknown> = {}) {
  return seen(await createOrgHandler({ region: 'na', name, widgetIDs: ['agent1', 'agent2'], ...extra }, owner)).org;
}

async function newClient(orgId: string, extra: Record<string, unknown> = {}) {
  return seen(await createClientHandler({ region: 'na', orgId, name: 'Cleo', email: 'cleo@client.test', canAccess: ['/convos'], widgetIDs: ['agent1'], ...extra }, owner));
}

/** The API instance's rate limits (reset before each test). */
const limits = resettableRateLimits();

beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  resend = await startResend({ port: 0 });
  process.env.RESEND_API_KEY = 're_test_key_123';
  process.env.RESEND_BASE_URL = resend.url;
  process.env.PARLEY_APP_URL = 'http://127.0.0.1:5000';
  api = await serveApi(endpoints, { limits });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await resend?.stop();
});
beforeEach(async () => {
  await limits.reset();
  await fetch(`${resend.url}/__recorded`, { method: 'DELETE' });
  await seedWorld();
}, 60_000);
afterEach(() => {
  vi.restoreAllMocks();
  setIdTokenVerifier(null);
});

describe('organisations', () => {
  it('creates an org with the spec defaults and answers the success text', async () => {
    const result = await createOrgHandler({ region: 'na', name: 'Probe Org' }, owner);
    expect(result.message).toBe('Organization updated successfully!');
    expect(result.org).toMatchObject({ name: 'Probe Org', ownerID: 'owner1', loadTokens: 0, dashboardLayout: 'vertical' });
    expect(result.org.defaultClientAccess).toEqual(['/home', '/convos', '/analytics', '/leads', '/campaigns']);
  }, 60_000);

  it('refuses an empty name and a disabled-access message over 1024 characters', async () => {
    const org = await newOrg();
    await expect(updateOrgHandler({ region: 'na', orgId: org.ID, patch: { name: '  ' } }, owner)).rejects.toThrow('Organization name is required.');
    await expect(updateOrgHandler({ region: 'na', orgId: org.ID, patch: { settings: { disableClientAccessMessage: 'x'.repeat(1025) } } }, owner))
      .rejects.toThrow('Message must be at most 1024 characters');
  });

  it('saves the settings toggles and audits each change from → to', async () => {
    const org = await newOrg();
    const result = await updateOrgHandler({ region: 'na', orgId: org.ID, patch: { dashboardLayout: 'horizontal', settings: { disableClientAccess: true, disableClientAccessMessage: 'Paused' } } }, owner);
    expect(result.org.settings).toMatchObject({ disableClientAccess: true, disableClientAccessMessage: 'Paused', smartHandoff: false });
    const { entries } = await listOrgAuditLogHandler({ region: 'na', orgId: org.ID, limit: 50 }, owner);
    expect(entries[0]).toMatchObject({ action: 'org.update', actor: { kind: 'agency', uid: 'owner1', label: 'owner@agency.test' } });
    expect(entries[0]!.changes).toEqual(expect.arrayContaining([
      { field: 'dashboardLayout', from: 'vertical', to: 'horizontal' },
      { field: 'settings.disableClientAccess', from: false, to: true },
    ]));
  });

  it('may not be given another tenant’s agent, nor be seen or edited by another agency', async () => {
    const org = await newOrg();
    await expect(updateOrgHandler({ region: 'na', orgId: org.ID, patch: { widgetIDs: ['bobAgent'] } }, owner)).rejects.toMatchObject({ status: 403 });
    await expect(updateOrgHandler({ region: 'na', orgId: org.ID, patch: { name: 'pwned' } }, stranger)).rejects.toMatchObject({ status: 404 });
    await expect(listOrgAuditLogHandler({ region: 'na', orgId: org.ID, limit: 50 }, stranger)).rejects.toMatchObject({ status: 404 });
  });

  it('an org admin renames its org but changes no root-admin field, and plain clients get "You are not an admin"', async () => {
    const org = await newOrg();
    const admin = await newClient(org.ID, { email: 'adm@client.test', isOrgAdmin: true });
    const plain = await newClient(org.ID, { email: 'plain@client.test' });
    await expect(updateOrgHandler({ region: 'na', orgId: org.ID, patch: { name: 'Renamed' } }, asClient(admin.client.ID))).resolves.toMatchObject({ org: { name: 'Renamed' } });
    await expect(updateOrgHandler({ region: 'na', orgId: org.ID, patch: { settings: { disableClientAccess: true } } }, asClient(admin.client.ID)))
      .rejects.toThrow('Only the agency owner can change this.');
    await expect(updateOrgHandler({ region: 'na', orgId: org.ID, patch: { name: 'x' } }, asClient(plain.client.ID))).rejects.toThrow('You are not an admin');
    await expect(transferCreditsHandler({ region: 'na', orgId: org.ID, direction: 'toOrg', amount: 1 }, asClient(admin.client.ID))).rejects.toMatchObject({ status: 403 });
    // An org admin adds users only within its own agents and pages, never as org admins.
    await expect(createClientHandler({ region: 'na', orgId: org.ID, name: 'N', email: 'n@client.test', canAccess: ['/settings'] }, asClient(admin.client.ID))).rejects.toMatchObject({ status: 403 });
    await expect(createClientHandler({ region: 'na', orgId: org.ID, name: 'N', email: 'n@client.test', isOrgAdmin: true }, asClient(admin.client.ID))).rejects.toMatchObject({ status: 403 });
    await expect(createClientHandler({ region: 'na', orgId: org.ID, name: 'N', email: 'n@client.test', canAccess: ['/convos'], widgetIDs: ['agent1'] }, asClient(admin.client.ID)))
      .resolves.toMatchObject({ success: true });
  });
});

describe('credit transfers', () => {
  it('moves exactly the amount, audits it, and refuses bad amounts and overdrafts with the spec texts', async () => {
    const org = await newOrg();
    const result = await transferCreditsHandler({ region: 'na', orgId: org.ID, direction: 'toOrg', amount: '12.5' }, owner);
    expect(result).toMatchObject({ message: 'Credits transferred successfully!', amount: 12.5, workspaceCredits: 987.5, orgCredits: 12.5 });
    await expect(transferCreditsHandler({ region: 'na', orgId: org.ID, direction: 'toOrg', amount: 0 }, owner)).rejects.toThrow('Please enter a valid amount to transfer.');
    await expect(transferCreditsHandler({ region: 'na', orgId: org.ID, direction: 'toOrg', amount: 'abc' }, owner)).rejects.toThrow('Please enter a valid amount to transfer.');
    await expect(transferCreditsHandler({ region: 'na', orgId: org.ID, direction: 'toOrg', amount: 5000 }, owner)).rejects.toThrow('Not enough credits in workspace.');
    await expect(transferCreditsHandler({ region: 'na', orgId: org.ID, direction: 'toWorkspace', amount: 13 }, owner)).rejects.toThrow('Not enough credits in org.');
    const { entries } = await listOrgAuditLogHandler({ region: 'na', orgId: org.ID, limit: 50 }, owner);
    expect(entries.find((e) => e.action === 'credits.transfer')?.changes).toEqual([
      { field: 'workspace.loadTokens', from: 1000, to: 987.5 },
      { field: 'org.loadTokens', from: 0, to: 12.5 },
    ]);
  });

  it('answers the spec’s 404 when the workspace is gone', async () => {
    const org = await newOrg();
    await db.doc(paths.user('owner1')).delete();
    await expect(transferCreditsHandler({ region: 'na', orgId: org.ID, direction: 'toOrg', amount: 1 }, owner))
      .rejects.toMatchObject({ status: 404, message: 'Workspace not found. Please refresh and try again.' });
  });

  it('20 concurrent transfers between the workspace and two orgs keep the total constant and no balance negative', async () => {
    const a = await newOrg('A');
    const b = await newOrg('B');
    await transferCreditsHandler({ region: 'na', orgId: a.ID, direction: 'toOrg', amount: 30 }, owner);
    await transferCreditsHandler({ region: 'na', orgId: b.ID, direction: 'toOrg', amount: 30 }, owner);
    const moves = Array.from({ length: 20 }, (_, i) => ({
      orgId: i % 2 === 0 ? a.ID : b.ID,
      direction: (i % 3 === 0 ? 'toWorkspace' : 'toOrg') as 'toOrg' | 'toWorkspace',
      amount: 7 + (i % 5) * 3.3,
    }));
    const results = await Promise.allSettled(moves.map((m) => transferCreditsHandler({ region: 'na', ...m }, owner)));
    for (const r of results) if (r.status === 'rejected') expect(String((r.reason as Error).message)).toMatch(/^Not enough credits in (workspace|org)\.$/);
    const [ws, orgA, orgB] = await Promise.all([db.doc(paths.user('owner1')).get(), db.doc(paths.org(a.ID)).get(), db.doc(paths.org(b.ID)).get()]);
    const balances = [ws.get('loadTokens'), orgA.get('loadTokens'), orgB.get('loadTokens')] as number[];
    expect(Math.round(balances.reduce((x, y) => x + y, 0) * 10) / 10).toBe(1000);
    for (const value of balances) expect(value).toBeGreaterThanOrEqual(0);
    const done = results.filter((r) => r.status === 'fulfilled').length;
    const logged = (await listOrgAuditLogHandler({ region: 'na', orgId: a.ID, limit: 50 }, owner)).entries.filter((e) => e.action === 'credits.transfer').length
      + (await listOrgAuditLogHandler({ region: 'na', orgId: b.ID, limit: 50 }, owner)).entries.filter((e) => e.action === 'credits.transfer').length;
    expect(logged).toBe(done + 2);
  }, 120_000);
});

describe('clients', () => {
  it('answers a 15-character password once; the record carries no password, the hash is scrypt in private/credentials', async () => {
    const org = await newOrg();
    const created = await newClient(org.ID);
    expect(created.dashboardPassword).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(created.message).toBe('Updated client data');
    const record = (await db.doc(paths.client(created.client.ID)).get()).data()!;
    expect(record).not.toHaveProperty('dashboardPassword');
    expect(JSON.stringify(record)).not.toContain(created.dashboardPassword);
    const credentials = (await db.doc(paths.clientCredentials(created.client.ID)).get()).get('dashboardPasswordHash') as string;
    expect(credentials).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(credentials).not.toContain(created.dashboardPassword);
  });

  it('needs name, email and password, and refuses an e-mail the agency already has', async () => {
    const org = await newOrg();
    const other = await newOrg('Other');
    await expect(createClientHandler({ region: 'na', orgId: org.ID, name: '', email: 'x@client.test' }, owner)).rejects.toThrow('Please fill out all fields.');
    await expect(createClientHandler({ region: 'na', orgId: org.ID, name: 'X', email: 'x@client.test', dashboardPassword: '' }, owner)).rejects.toThrow('Please fill out all fields.');
    await newClient(org.ID);
    await expect(createClientHandler({ region: 'na', orgId: other.ID, name: 'Dup', email: 'CLEO@client.test' }, owner)).rejects.toThrow(`Client already exists to org: ${org.ID}`);
  });

  it('edits access and audits it; a reset e-mails the client a sign-in code (no password answered) and the old password stops working', async () => {
    const org = await newOrg();
    const created = await newClient(org.ID);
    const updated = await updateClientHandler({ region: 'na', clientId: created.client.ID, patch: { canAccess: ['/convos', '/leads'] } }, owner);
    expect(updated).toMatchObject({ message: 'Updated client data', client: { canAccess: ['/convos', '/leads'] } });
    const reset = seen(await resetClientPasswordHandler({ region: 'na', clientId: created.client.ID }, owner));
    expect(reset).toEqual({ success: true, email: 'cleo@client.test', message: 'We sent a sign-in link and code to cleo@client.test. Their old password no longer works.' });
    expect((await post('/public/clients/login', { agencyId: 'agA', email: 'cleo@client.test', password: created.dashboardPassword })).status).toBe(401);
    const mail = resend.emails().at(-1)!;
    expect(mail).toMatchObject({ from: 'Acme Agency <noreply@acme.test>', to: ['cleo@client.test'] });
    expect(String(mail.html)).toContain('http://acme.localhost:5000/?token=');
    const code = /(\d{6})/.exec(String(mail.subject))![1]!;
    expect(await post('/public/clients/login-code/verify', { agencyId: 'agA', email: 'cleo@client.test', code })).toMatchObject({ status: 200, body: { clientId: created.client.ID } });
    const { entries } = await listOrgAuditLogHandler({ region: 'na', orgId: org.ID, limit: 50 }, owner);
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['client.create', 'client.update', 'client.passwordReset']));
    expect(entries.find((e) => e.action === 'client.update')?.changes).toEqual([{ field: 'canAccess', from: ['/convos'], to: ['/convos', '/leads'] }]);
    expect(entries.find((e) => e.action === 'client.passwordReset')?.changes).toEqual([{ field: 'dashboardPassword', redacted: true }]);
  });
});

describe('an org admin cannot take over a colleague', () => {
  const BEYOND = 'You can only manage users whose agents and pages are all within your own, and not other admins.';
  /** An org admin limited to agent1 and Chats, a colleague with more (agent2, Leads), and a second admin. */
  async function team() {
    const org = await newOrg();
    const admin = await newClient(org.ID, { email: 'adm@client.test', isOrgAdmin: true, widgetIDs: ['agent1'], canAccess: ['/convos'] });
    const colleague = await newClient(org.ID, { email: 'col@client.test', widgetIDs: ['agent1', 'agent2'], canAccess: ['/convos', '/leads'] });
    const otherAdmin = await newClient(org.ID, { email: 'adm2@client.test', isOrgAdmin: true, widgetIDs: ['agent1'], canAccess: ['/convos'] });
    const limited = await newClient(org.ID, { email: 'lim@client.test', widgetIDs: ['agent1'], canAccess: ['/convos'] });
    await fetch(`${resend.url}/__recorded`, { method: 'DELETE' });
    return { org, admin, colleague, otherAdmin, limited, as: asClient(admin.client.ID) };
  }

  it('resetting, editing or removing a colleague with more access, or another admin, is refused with a 403 and a sentence; nothing is sent', async () => {
    const { admin, colleague, otherAdmin, as } = await team();
    for (const target of [colleague, otherAdmin]) {
      await expect(resetClientPasswordHandler({ region: 'na', clientId: target.client.ID }, as)).rejects.toMatchObject({ status: 403, message: BEYOND });
      await expect(updateClientHandler({ region: 'na', clientId: target.client.ID, patch: { email: 'attacker@evil.test' } }, as)).rejects.toMatchObject({ status: 403, message: BEYOND });
      await expect(updateClientHandler({ region: 'na', clientId: target.client.ID, patch: { name: 'Mine now' } }, as)).rejects.toMatchObject({ status: 403, message: BEYOND });
      await expect(deleteClientHandler({ region: 'na', clientId: target.client.ID }, as)).rejects.toMatchObject({ status: 403, message: BEYOND });
    }
    expect(resend.emails()).toHaveLength(0);
    // The colleague still signs in with its own password, under its own e-mail.
    expect((await post('/public/clients/login', { agencyId: 'agA', email: 'col@client.test', password: colleague.dashboardPassword })).status).toBe(200);
    expect((await db.doc(paths.client(otherAdmin.client.ID)).get()).get('email')).toBe('adm2@client.test');
    // The org admin's own record is untouched too (it tried nothing on itself).
    expect((await db.doc(paths.client(admin.client.ID)).get()).get('isOrgAdmin')).toBe(true);
  });

  it('the agency owner still resets, edits and removes anyone, e-mail included', async () => {
    const { colleague, otherAdmin } = await team();
    await expect(resetClientPasswordHandler({ region: 'na', clientId: otherAdmin.client.ID }, owner)).resolves.toMatchObject({ success: true, email: 'adm2@client.test' });
    expect(resend.emails().at(-1)).toMatchObject({ to: ['adm2@client.test'] });
    await expect(updateClientHandler({ region: 'na', clientId: colleague.client.ID, patch: { email: 'colleague@client.test' } }, owner)).resolves.toMatchObject({ client: { email: 'colleague@client.test' } });
    await expect(deleteClientHandler({ region: 'na', clientId: otherAdmin.client.ID }, owner)).resolves.toMatchObject({ success: true });
  });

  it('an org admin manages a colleague within its own access, but only the owner changes an e-mail address', async () => {
    const { limited, as } = await team();
    await expect(updateClientHandler({ region: 'na', clientId: limited.client.ID, patch: { name: 'Lim' } }, as)).resolves.toMatchObject({ client: { name: 'Lim' } });
    await expect(updateClientHandler({ region: 'na', clientId: limited.client.ID, patch: { email: 'attacker@evil.test' } }, as))
      .rejects.toMatchObject({ status: 403, message: "Only the agency owner can change a user's email address." });
    // The reset goes to the colleague's own address, never the caller's.
    await expect(resetClientPasswordHandler({ region: 'na', clientId: limited.client.ID }, as)).resolves.toMatchObject({ email: 'lim@client.test' });
    expect(resend.emails().map((m) => m.to)).toEqual([['lim@client.test']]);
    expect((await post('/public/clients/login', { agencyId: 'agA', email: 'lim@client.test', password: limited.dashboardPassword })).status).toBe(401);
  });
});

describe('client sign-in', () => {
  it('lands on the first accessible tab of the first agent with a custom token carrying the rules’ claims', async () => {
    const org = await newOrg();
    const { client, dashboardPassword } = await newClient(org.ID);
    const { status, body } = await post('/public/clients/login', { agencyId: 'agA', email: ' Cleo@Client.test ', password: dashboardPassword });
    expect(status).toBe(200);
    expect(body).toMatchObject({ clientId: client.ID, orgId: org.ID, agencyId: 'agA', region: 'na', landing: '/app/na/agents/agent1/convos', lockout: null });
    expect(claimsOf(body.token as string)).toMatchObject({ uid: `client-${client.ID}`, role: 'client', clientId: client.ID, orgId: org.ID, agencyId: 'agA' });
    expect((await db.doc(paths.client(client.ID)).get()).get('status')).toBe('online');
  });

  it('finds the agency from the page’s host (its verified subdomain), and refuses a host and id that disagree', async () => {
    const org = await newOrg();
    const { client, dashboardPassword } = await newClient(org.ID);
    expect(await post('/public/clients/login', { host: 'Acme.localhost:5000', email: 'cleo@client.test', password: dashboardPassword }))
      .toMatchObject({ status: 200, body: { clientId: client.ID, agencyId: 'agA' } });
    expect(await post('/public/clients/login', { host: 'acme.localhost', agencyId: 'agB', email: 'cleo@client.test', password: dashboardPassword }))
      .toMatchObject({ status: 404, body: { error: "This email doesn't exist" } });
    expect((await post('/public/clients/login', { email: 'cleo@client.test', password: dashboardPassword })).status).toBe(404);
  });

  it('says what is wrong: missing fields, unknown e-mail (also at another agency), wrong password', async () => {
    const org = await newOrg();
    const { dashboardPassword } = await newClient(org.ID);
    expect(await post('/public/clients/login', { agencyId: 'agA', email: 'cleo@client.test', password: '' })).toMatchObject({ status: 400, body: { error: 'Please enter your email and password.' } });
    expect(await post('/public/clients/login', { agencyId: 'agA', email: 'nobody@client.test', password: 'x' })).toMatchObject({ status: 404, body: { error: "This email doesn't exist" } });
    expect(await post('/public/clients/login', { agencyId: 'agB', email: 'cleo@client.test', password: dashboardPassword })).toMatchObject({ status: 404, body: { error: "This email doesn't exist" } });
    expect(await post('/public/clients/login', { agencyId: 'agA', email: 'cleo@client.test', password: 'wrong-password' })).toMatchObject({ status: 401, body: { error: 'Password is incorrect please try again' } });
  });

  it('shows the lockout when the org’s access is disabled (its own message)', async () => {
    const org = await newOrg('Off', { settings: { disableClientAccess: true, disableClientAccessMessage: 'Closed for now' } });
    const { dashboardPassword } = await newClient(org.ID);
    const { body } = await post('/public/clients/login', { agencyId: 'agA', email: 'cleo@client.test', password: dashboardPassword });
    expect(body).toMatchObject({ landing: null, lockout: { reason: 'disabled', message: 'Closed for now' } });
  });

  it('limits failed attempts per e-mail: after 10 wrong passwords even the right one waits (429)', async () => {
    const org = await newOrg();
    const { dashboardPassword } = await newClient(org.ID);
    for (let i = 0; i < 10; i++) expect((await post('/public/clients/login', { agencyId: 'agA', email: 'cleo@client.test', password: `wrong-${i}` }, `10.1.0.${i}`)).status).toBe(401);
    const blocked = await post('/public/clients/login', { agencyId: 'agA', email: 'cleo@client.test', password: dashboardPassword }, '10.2.0.1');
    expect(blocked.status).toBe(429);
  });

  it('limits failed attempts per address across e-mails', async () => {
    for (let i = 0; i < 30; i++) await post('/public/clients/login', { agencyId: 'agA', email: `guess${i}@client.test`, password: 'x' }, '10.3.0.1');
    expect((await post('/public/clients/login', { agencyId: 'agA', email: 'other@client.test', password: 'x' }, '10.3.0.1')).status).toBe(429);
  });

  it('e-mails a 6-digit code from the agency’s domain; it works once, and an expired one not at all', async () => {
    const org = await newOrg();
    const { client } = await newClient(org.ID);
    expect(await post('/public/clients/login-code', { agencyId: 'agA', email: 'cleo@client.test' })).toMatchObject({ status: 200, body: { expiresInSeconds: 600 } });
    const mail = resend.emails().at(-1)!;
    expect(mail).toMatchObject({ from: 'Acme Agency <noreply@acme.test>', to: ['cleo@client.test'] });
    const code = /(\d{6})/.exec(String(mail.subject))![1]!;
    expect(String(mail.html)).toContain('http://acme.localhost:5000/?token=');
    const stored = (await db.collection(LOGIN_CODES).doc(codeKey('agA', 'cleo@client.test')).get()).data()!;
    expect(JSON.stringify(stored)).not.toContain(code);

    const ok = await post('/public/clients/login-code/verify', { agencyId: 'agA', email: 'cleo@client.test', code });
    expect(ok).toMatchObject({ status: 200, body: { clientId: client.ID, landing: '/app/na/agents/agent1/convos' } });
    expect(await post('/public/clients/login-code/verify', { agencyId: 'agA', email: 'cleo@client.test', code }))
      .toMatchObject({ status: 401, body: { error: 'This code is not valid. Please check it or request a new one.' } });

    await post('/public/clients/login-code', { agencyId: 'agA', email: 'cleo@client.test' });
    const second = /(\d{6})/.exec(String(resend.emails().at(-1)!.subject))![1]!;
    await db.collection(LOGIN_CODES).doc(codeKey('agA', 'cleo@client.test')).update({ expiresAt: Date.now() - 1 });
    expect(await post('/public/clients/login-code/verify', { agencyId: 'agA', email: 'cleo@client.test', code: second }))
      .toMatchObject({ status: 401, body: { error: 'This code has expired. Please request a new one.' } });
  });

  it('a code dies after 5 wrong tries', async () => {
    const org = await newOrg();
    await newClient(org.ID);
    await post('/public/clients/login-code', { agencyId: 'agA', email: 'cleo@client.test' });
    const code = /(\d{6})/.exec(String(resend.emails().at(-1)!.subject))![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await post('/public/clients/login-code/verify', { agencyId: 'agA', email: 'cleo@client.test', code: wrong }, `10.4.0.${i}`);
    expect((await post('/public/clients/login-code/verify', { agencyId: 'agA', email: 'cleo@client.test', code }, '10.4.1.1')).status).toBe(401);
  });

  it('limits code e-mails per e-mail address (5 in 10 minutes, whatever the caller’s IP)', async () => {
    const org = await newOrg();
    await newClient(org.ID);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/public/clients/login-code', { agencyId: 'agA', email: 'cleo@client.test' }, `10.5.0.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('validates the e-mailed link’s token once (validateClientLoginToken)', async () => {
    const org = await newOrg();
    const { client } = await newClient(org.ID);
    await post('/public/clients/login-code', { agencyId: 'agA', email: 'cleo@client.test' });
    const token = decodeURIComponent(/\?token=([^"&]+)/.exec(String(resend.emails().at(-1)!.html))![1]!);
    expect(await post('/public/clients/login-token', { agencyId: 'agA', token })).toMatchObject({ status: 200, body: { clientId: client.ID } });
    expect(await post('/public/clients/login-token', { agencyId: 'agA', token })).toMatchObject({ status: 401, body: { error: 'This sign-in link is not valid any more. Please sign in again.' } });
  });

  it('refuses passwords where the agency turned password sign-in off', async () => {
    const bobOwner = { auth: { uid: 'bob', token: { email: 'bob@b.test', email_verified: true } as never, rawToken: 'x' } };
    const org = (await createOrgHandler({ region: 'na', name: 'Bob Org' }, bobOwner)).org;
    const { dashboardPassword } = await createClientHandler({ region: 'na', orgId: org.ID, name: 'B', email: 'b@client.test' }, bobOwner);
    expect((await post('/public/clients/login', { agencyId: 'agB', email: 'b@client.test', password: dashboardPassword })).status).toBe(403);
  });

  it('ssoClient sends a code, then signs in answering the client record without any password', async () => {
    const org = await newOrg();
    const created = await newClient(org.ID);
    expect(await post('/public/clients/sso', { agencyId: 'agA', email: 'cleo@client.test' })).toMatchObject({ status: 200, body: { codeSent: true } });
    const code = /(\d{6})/.exec(String(resend.emails().at(-1)!.subject))![1]!;
    const { status, body } = await post('/public/clients/sso', { agencyId: 'agA', email: 'cleo@client.test', code });
    expect(status).toBe(200);
    expect(body).toMatchObject({ codeSent: false, clientData: { ID: created.client.ID, email: 'cleo@client.test' } });
    expect(body.clientData).not.toHaveProperty('dashboardPassword');
    expect(JSON.stringify(body)).not.toContain(created.dashboardPassword);
  });

  it('agency admin magic link: the secret signs in an agency-admin session of its own uid (never the owner’s); anything else is refused', async () => {
    const ok = await post('/public/agencies/agA/admin-sign-in', { secret: 'S'.repeat(25) });
    expect(ok).toMatchObject({ status: 200, body: { uid: 'aa-agA-0', agencyId: 'agA', region: 'na' } });
    expect(claimsOf(ok.body.token as string)).toEqual({ uid: 'aa-agA-0', role: 'agencyAdmin', agencyId: 'agA', agencyRegion: 'na' });
    expect(JSON.stringify(ok.body)).not.toContain('owner1');
    expect(await post('/public/agencies/agA/admin-sign-in', { secret: 'T'.repeat(25) })).toMatchObject({ status: 401, body: { error: 'Error occurred signing in with admin access' } });
    expect(await post('/public/agencies/agB/admin-sign-in', { secret: 'S'.repeat(25) })).toMatchObject({ status: 401, body: { error: 'Error occurred signing in with admin access' } });
  });

  it('agency admin session: lists its agency owner’s orgs only while current, in its own region; owner-only callables refuse it', async () => {
    await newOrg('Admin Visible');
    const admin = (uid: string, region = 'na') => ({ auth: { uid, token: { role: 'agencyAdmin', agencyId: 'agA', agencyRegion: region } as never, rawToken: 'x' } });
    const listed = await listOrgsHandler({ region: 'na' }, admin('aa-agA-0'));
    expect(listed.orgs.map((o) => o.org.name)).toContain('Admin Visible');
    await expect(listOrgsHandler({ region: 'na' }, admin('aa-agA-0', 'eu'))).rejects.toMatchObject({ status: 403 });
    await expect(createOrgHandler({ region: 'na', name: 'Nope' }, admin('aa-agA-0'))).rejects.toMatchObject({ status: 403 });

    // Regenerating the secret: the old secret and the old generation's session are refused; its Auth user is revoked.
    const revoked: string[] = [];
    const renewed = await readAgencySecret('na', 'agA', true, { revoke: async (uid) => void revoked.push(uid) });
    expect(revoked).toEqual(['aa-agA-0']);
    await expect(listOrgsHandler({ region: 'na' }, admin('aa-agA-0'))).rejects.toMatchObject({ status: 403 });
    expect(await post('/public/agencies/agA/admin-sign-in', { secret: 'S'.repeat(25) })).toMatchObject({ status: 401 });
    const next = await post('/public/agencies/agA/admin-sign-in', { secret: renewed });
    expect(next).toMatchObject({ status: 200, body: { uid: 'aa-agA-1' } });
    expect((await listOrgsHandler({ region: 'na' }, admin('aa-agA-1'))).orgs.length).toBeGreaterThan(0);
  });
});

describe('the password hash never leaves the server', () => {
  it('appears in no answer, no client-readable document and no log line', async () => {
    const logs: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' ')));
    }
    const org = await newOrg();
    const created = await newClient(org.ID, { isOrgAdmin: true });
    await post('/public/clients/login', { agencyId: 'agA', email: 'cleo@client.test', password: created.dashboardPassword });
    await post('/public/clients/login', { agencyId: 'agA', email: 'cleo@client.test', password: 'wrong-one!' });
    seen(await listOrgsHandler({ region: 'na' }, owner));
    seen(await updateClientHandler({ region: 'na', clientId: created.client.ID, patch: { name: 'Cleo B' } }, owner));
    seen(await listOrgAuditLogHandler({ region: 'na', orgId: org.ID, limit: 50 }, owner));
    const hash = (await db.doc(paths.clientCredentials(created.client.ID)).get()).get('dashboardPasswordHash') as string;
    const [, , , , salt, digest] = hash.split('$');
    const everything = JSON.stringify(answers) + logs.join('\n');
    for (const secret of [hash, salt!, digest!]) expect(everything).not.toContain(secret);
    // Client-readable documents: the client record and the org (and its audit log, read by the agency owner).
    const readable = [
      (await db.doc(paths.client(created.client.ID)).get()).data(),
      (await db.doc(paths.org(org.ID)).get()).data(),
      ...(await db.collection(`${paths.org(org.ID)}/auditLog`).get()).docs.map((d) => d.data()),
    ];
    for (const secret of [hash, salt!, digest!]) expect(JSON.stringify(readable)).not.toContain(secret);
    expect(JSON.stringify(readable)).not.toContain(created.dashboardPassword);
  });
});

describe('status and feedback', () => {
  it('a client sets its own status; a workspace user has none', async () => {
    const org = await newOrg();
    const { client } = await newClient(org.ID);
    await expect(setClientStatusHandler({ status: 'offline' }, asClient(client.ID))).resolves.toEqual({ success: true, status: 'offline' });
    expect((await db.doc(paths.client(client.ID)).get()).get('status')).toBe('offline');
    await expect(setClientStatusHandler({ status: 'online' }, owner)).rejects.toMatchObject({ status: 403 });
  });

  it('sends feedback to the agency from its domain, naming the client’s own e-mail whatever the body says', async () => {
    const org = await newOrg();
    const { client } = await newClient(org.ID);
    setIdTokenVerifier(async (token) => (token === 'client.id.token' ? { uid: `client-${client.ID}`, role: 'client', clientId: client.ID } : null));
    const send = (agencyId: string, body: unknown) => fetch(`${api.url}/agencies/${agencyId}/email`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer client.id.token' }, body: JSON.stringify(body),
    });
    const res = await send('agA', { to: 'victim@else.test', subject: 'Ideas', message: 'Love it <b>!</b>', attachmentLinks: [{ filename: 'a.png', url: 'https://x.test/a.png', sizeKB: 12 }] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: 'Feedback sent!' });
    const mail = resend.emails().at(-1)!;
    expect(mail).toMatchObject({ from: 'Acme Agency <noreply@acme.test>', to: ['help@acme.test'], reply_to: ['cleo@client.test'] });
    expect(String(mail.html)).toContain('cleo@client.test');
    expect(String(mail.html)).toContain('Love it &lt;b&gt;!&lt;/b&gt;');
    // Another agency's address, and an agency without a verified domain, are refused.
    expect((await send('agB', { message: 'hi' })).status).toBe(403);
  });

  it('carries the link of an attachment the client uploaded, counted on the agency owner’s quota', async () => {
    const org = await newOrg();
    const { client } = await newClient(org.ID);
    const uploads = { fileStore: localFileStore(mkdtempSync(path.join(tmpdir(), 'feedback-')), api.url) };
    const quotaFiles = async () => ((await db.doc(quotaPath('owner1', 'uploads')).get()).get('counts.files') as number | undefined) ?? 0;
    const before = await quotaFiles();
    const png = `data:image/png;base64,${Buffer.from('89504e470d0a1a0a', 'hex').toString('base64')}`;
    const { data } = await uploadFileHandler(
      uploads,
      uploadFileInput.parse({ region: 'na', agentId: '', userId: `client-${client.ID}`, base64Payload: png, targetPath: 'feedback/screen shot.png', temporary: true }),
      asClient(client.ID),
    );
    expect(await quotaFiles()).toBe(before + 1);
    setIdTokenVerifier(async (token) => (token === 'client.id.token' ? { uid: `client-${client.ID}`, role: 'client', clientId: client.ID } : null));
    const res = await fetch(`${api.url}/agencies/agA/email`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer client.id.token' },
      body: JSON.stringify({ subject: 'Feedback', message: 'See the screenshot', attachmentLinks: [{ filename: 'screen shot.png', url: data.url, sizeKB: 0.1 }] }),
    });
    expect(res.status).toBe(200);
    const html = String(resend.emails().at(-1)!.html);
    expect(html).toContain(`<a href="${data.url}">screen shot.png</a>`);
    expect(data.url).toMatch(/temp%2Fclient-[^%]+%2Fshared%2Ffeedback%2F[A-Za-z0-9]{8}-screen_shot\.png$/);
  });
});
