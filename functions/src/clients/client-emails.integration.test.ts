// One client per e-mail per agency, also when Add User is pressed twice at once (two tabs, two admins): simultaneous
// createClient calls for one address make exactly one client and answer the others the duplicate message, leaving
// nothing behind; deleting a client or changing its e-mail frees the address; simultaneous calls never exceed the
// plan's client seats. Against the Firestore emulator (both regional databases).
import { paths, PLAN_LIMIT_MESSAGES, type Region } from '@parley/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { serveApi } from '../http/serve';
import { resettableRateLimits } from '../../test/rate-limits';
import { auditCollection } from './audit';
import { CLIENT_EMAILS, emailKey, PENDING_MS } from './client-emails';
import { createClientHandler } from './create-client';
import { createOrgHandler } from './create-org';
import { deleteClientHandler } from './delete-client';
import { endpoints } from './index';
import { updateClientHandler } from './update-client';

const na = databaseFor('na');
const eu = databaseFor('eu');
let api: Awaited<ReturnType<typeof serveApi>>;

const OWNER = 'owner1';
const owner = { auth: { uid: OWNER, token: { email: 'owner@agency.test', email_verified: true } as never, rawToken: 'x' } };
const exists = (orgId: string) => `Client already exists to org: ${orgId}`;

async function clearAll() {
  for (const db of [na, eu]) {
    for (const name of ['orgs', 'clients', 'users', 'agencies', CLIENT_EMAILS]) await db.recursiveDelete(db.collection(name));
  }
}

/** owner1 with `clientSeats` seats (its custom plan) in both regions, its agency and one agent. */
async function seedOwner(clientSeats: number | null) {
  for (const db of [na, eu]) {
    await db.doc(paths.user(OWNER)).set({
      uid: OWNER, email: 'owner@agency.test', loadTokens: 0,
      ...(clientSeats === null ? {} : { internal: { customPlan: { limits: { clientSeats } } } }),
    });
  }
  await na.doc(paths.agency('agA')).set({ ID: 'agA', userId: OWNER, name: 'Acme Agency' });
  await na.doc(paths.agent('agent1')).set({ ID: 'agent1', title: 'Demo', ownerID: OWNER });
}

const newOrg = async (name: string, region: Region = 'na') => (await createOrgHandler({ region, name }, owner)).org.ID;

const addClient = (orgId: string, email: string, region: Region = 'na', password = 'pass-word-123') =>
  createClientHandler({ region, orgId, name: 'Cleo', email, dashboardPassword: password }, owner);

/** Every client and every private document under a client, in both regions. */
async function stored() {
  const out: { clients: { id: string; email: string; orgId: string }[]; privateDocs: string[] } = { clients: [], privateDocs: [] };
  for (const db of [na, eu]) {
    for (const doc of (await db.collection('clients').get()).docs) {
      out.clients.push({ id: doc.id, email: doc.get('email') as string, orgId: doc.get('orgId') as string });
      for (const priv of (await doc.ref.collection('private').get()).docs) out.privateDocs.push(priv.ref.path);
    }
  }
  return out;
}

async function auditCreates(orgId: string) {
  return (await auditCollection(na, orgId).where('action', '==', 'client.create').get()).size;
}

async function login(email: string, password: string) {
  const res = await fetch(`${api.url}/public/clients/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.9' },
    body: JSON.stringify({ agencyId: 'agA', email, password }),
  });
  return res.status;
}

/** Each promise's outcome: the created client's org, or the refusal's status and message. */
async function outcomes<T>(calls: Promise<T>[]) {
  const settled = await Promise.allSettled(calls);
  return {
    created: settled.filter((s): s is PromiseFulfilledResult<Awaited<T>> => s.status === 'fulfilled').map((s) => s.value),
    refused: settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => s.reason as { status?: number; message: string }),
  };
}

/** The API instance's rate limits (reset before each test). */
const limits = resettableRateLimits();

beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  api = await serveApi(endpoints, { limits });
}, 60_000);
afterAll(async () => {
  await api?.close();
});
beforeEach(async () => {
  await limits.reset();
  await clearAll();
  await seedOwner(100);
}, 60_000);

describe('simultaneous Add User for one e-mail', () => {
  it('two at once, into two orgs: one client; the other gets "Client already exists to org: {its org}" and nothing of it remains', async () => {
    const [first, second] = [await newOrg('First'), await newOrg('Second')];
    const { created, refused } = await outcomes([addClient(first, 'race@client.test'), addClient(second, 'RACE@client.test ')]);
    expect(created).toHaveLength(1);
    const winner = created[0]!.client;
    expect(refused).toEqual([expect.objectContaining({ status: 409, message: exists(winner.orgId) })]);
    const after = await stored();
    expect(after.clients).toEqual([{ id: winner.ID, email: 'race@client.test', orgId: winner.orgId }]);
    expect(after.privateDocs).toEqual([paths.clientCredentials(winner.ID)]);
    expect((await auditCreates(first)) + (await auditCreates(second))).toBe(1);
    expect((await na.collection(CLIENT_EMAILS).get()).docs.map((d) => d.get('clientId'))).toEqual([winner.ID]);
    expect(await login('race@client.test', 'pass-word-123')).toBe(200);
  });

  it('five at once into one org: one client, four duplicate messages naming that org', async () => {
    const org = await newOrg('Busy');
    const { created, refused } = await outcomes(Array.from({ length: 5 }, () => addClient(org, 'five@client.test')));
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(4);
    for (const refusal of refused) expect(refusal).toMatchObject({ status: 409, message: exists(org) });
    const after = await stored();
    expect(after.clients.map((c) => c.email)).toEqual(['five@client.test']);
    expect(after.privateDocs).toHaveLength(1);
    expect(await auditCreates(org)).toBe(1);
  });

  it('different e-mails at once are all created', async () => {
    const org = await newOrg('Many');
    const { created, refused } = await outcomes([1, 2, 3, 4].map((i) => addClient(org, `many${i}@client.test`)));
    expect(refused).toEqual([]);
    expect(created).toHaveLength(4);
    expect((await stored()).clients).toHaveLength(4);
  });

  it('an address the agency has in the other region is refused too (the sign-in looks in both)', async () => {
    const euOrg = await newOrg('Europe', 'eu');
    const naOrg = await newOrg('America', 'na');
    await addClient(euOrg, 'both@client.test', 'eu');
    await expect(addClient(naOrg, 'both@client.test', 'na')).rejects.toMatchObject({ status: 409, message: exists(euOrg) });
    const { created, refused } = await outcomes([addClient(euOrg, 'twin@client.test', 'eu'), addClient(naOrg, 'twin@client.test', 'na')]);
    expect(created).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ status: 409, message: exists(created[0]!.client.orgId) })]);
    expect((await stored()).clients.filter((c) => c.email === 'twin@client.test')).toHaveLength(1);
  });

  it('another agency may have a client with the same address', async () => {
    const org = await newOrg('Mine');
    await addClient(org, 'shared@client.test');
    const bob = { auth: { uid: 'bob', token: { email: 'bob@b.test', email_verified: true } as never, rawToken: 'x' } };
    await na.doc(paths.user('bob')).set({ uid: 'bob', email: 'bob@b.test', loadTokens: 0 });
    const bobOrg = (await createOrgHandler({ region: 'na', name: 'Bob Org' }, bob)).org.ID;
    await expect(createClientHandler({ region: 'na', orgId: bobOrg, name: 'Cleo', email: 'shared@client.test' }, bob)).resolves.toMatchObject({ success: true });
  });
});

describe('freeing an address', () => {
  it('after a client is deleted, the address can be added again (once, even when tried twice at once) and signs in', async () => {
    const org = await newOrg('Org');
    const first = await addClient(org, 'again@client.test', 'na', 'first-pass-123');
    await deleteClientHandler({ region: 'na', clientId: first.client.ID }, owner);
    expect((await na.collection(CLIENT_EMAILS).get()).empty).toBe(true);
    const { created, refused } = await outcomes([addClient(org, 'again@client.test', 'na', 'second-pass-123'), addClient(org, 'again@client.test', 'na', 'second-pass-123')]);
    expect(created).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ message: exists(org) })]);
    expect(await login('again@client.test', 'first-pass-123')).toBe(401);
    expect(await login('again@client.test', 'second-pass-123')).toBe(200);
  });

  it('changing a client’s e-mail moves its hold: the old address is free, the new one taken', async () => {
    const org = await newOrg('Org');
    const cleo = await addClient(org, 'old@client.test');
    const other = await addClient(org, 'other@client.test');
    await expect(updateClientHandler({ region: 'na', clientId: cleo.client.ID, patch: { email: 'other@client.test' } }, owner))
      .rejects.toMatchObject({ status: 409, message: exists(org) });
    await updateClientHandler({ region: 'na', clientId: cleo.client.ID, patch: { email: 'New@client.test' } }, owner);
    const holds = (await na.collection(CLIENT_EMAILS).get()).docs;
    expect(holds.map((d) => [d.id, d.get('clientId')]).sort()).toEqual([
      [emailKey(OWNER, 'new@client.test'), cleo.client.ID], [emailKey(OWNER, 'other@client.test'), other.client.ID],
    ].sort());
    await expect(addClient(org, 'new@client.test')).rejects.toMatchObject({ message: exists(org) });
    await expect(addClient(org, 'old@client.test')).resolves.toMatchObject({ success: true });
  });

  it('an e-mail change racing an Add User for the same address: exactly one of them gets it', async () => {
    const org = await newOrg('Org');
    const cleo = await addClient(org, 'cleo@client.test');
    const { created, refused } = await outcomes<unknown>([
      updateClientHandler({ region: 'na', clientId: cleo.client.ID, patch: { email: 'wanted@client.test' } }, owner),
      addClient(org, 'wanted@client.test'),
    ]);
    expect(created).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ status: 409, message: exists(org) })]);
    expect((await stored()).clients.filter((c) => c.email === 'wanted@client.test')).toHaveLength(1);
  });

  it('a hold left by a call that died half-way does not block once older than a call can run; a fresh one does', async () => {
    const org = await newOrg('Org');
    const hold = (at: number, clientId = 'ghost') => ({ ownerUid: OWNER, clientId, orgId: 'orgGone', region: 'na', at, pending: true });
    await na.collection(CLIENT_EMAILS).doc(emailKey(OWNER, 'ghost@client.test')).set(hold(Date.now() - PENDING_MS - 1000));
    await expect(addClient(org, 'ghost@client.test')).resolves.toMatchObject({ success: true });
    await na.collection(CLIENT_EMAILS).doc(emailKey(OWNER, 'busy@client.test')).set(hold(Date.now()));
    await expect(addClient(org, 'busy@client.test')).rejects.toMatchObject({ status: 409, message: exists('orgGone') });
    // An address change still being written: the client's record has its old address for a moment.
    const cleo = await addClient(org, 'cleo@client.test');
    await na.collection(CLIENT_EMAILS).doc(emailKey(OWNER, 'moving@client.test')).set({ ...hold(Date.now(), cleo.client.ID), orgId: org });
    await expect(addClient(org, 'moving@client.test')).rejects.toMatchObject({ status: 409, message: exists(org) });
  });

  it('a client removed without deleteClient (the owner may delete the record directly) leaves its address free', async () => {
    const org = await newOrg('Org');
    const cleo = await addClient(org, 'direct@client.test');
    await na.doc(paths.client(cleo.client.ID)).delete();
    await expect(addClient(org, 'direct@client.test')).resolves.toMatchObject({ success: true });
  });
});

describe('client seats under concurrency', () => {
  it('five Add Users at once on a free plan (2 seats): two clients, three plan messages, and the refused addresses stay free', async () => {
    await seedOwner(null);
    const org = await newOrg('Org');
    const emails = [1, 2, 3, 4, 5].map((i) => `seat${i}@client.test`);
    const { created, refused } = await outcomes(emails.map((email) => addClient(org, email)));
    expect(created).toHaveLength(2);
    expect(refused).toHaveLength(3);
    for (const refusal of refused) expect(refusal).toMatchObject({ status: 403, message: PLAN_LIMIT_MESSAGES.clientSeats(2) });
    const after = await stored();
    expect(after.clients).toHaveLength(2);
    expect(after.privateDocs).toHaveLength(2);
    expect((await na.collection(CLIENT_EMAILS).get()).size).toBe(2);
    // A seat freed by a deletion takes one of the refused addresses.
    await deleteClientHandler({ region: 'na', clientId: created[0]!.client.ID }, owner);
    const refusedEmail = emails.find((e) => !after.clients.some((c) => c.email === e))!;
    await expect(addClient(org, refusedEmail)).resolves.toMatchObject({ success: true });
  });
});
