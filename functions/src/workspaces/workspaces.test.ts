// createWorkspace, POST /v2/workspaces/{uid}(/email) and DELETE /v2/workspaces/{uid} against the local
// Firestore emulator and the Resend fake (through the real resend client).
import { FREE_SIGNUP_CREDITS, paths } from '@parley/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start as startResend, type ResendFake } from '@parley/local/fakes/resend';
import { databaseFor } from '../adapters/firestore';
import { serveApi } from '../http/serve';

import { createWorkspaceHandler, createWorkspaceInput } from './create-workspace';
import { testIdTokens } from '../../test/id-tokens';
import { workspacesEndpoints } from './index';

// These workspaces hold nothing at the voice provider (voice's own tests delete one that does).
const endpoints = workspacesEndpoints({ releaseVoice: async () => [] });

interface Reply {
  success?: boolean;
  error?: string;
  id?: string;
  recorded?: boolean;
  workspace?: { workspaceEmails?: string[] };
}
const reply = async (res: Response): Promise<Reply> => (await res.json()) as Reply;

let resend: ResendFake;
let api: Awaited<ReturnType<typeof serveApi>>;
/** Who the test's ID tokens sign in. */
const idTokens = testIdTokens();

function authFor(uid: string, email: string, provider = 'password', verified = true) {
  return { auth: { uid, token: { email, email_verified: verified, name: 'Ada Lovelace', firebase: { sign_in_provider: provider } } as never, rawToken: 'x' } };
}

async function createFor(uid: string, email: string, input: Record<string, unknown>, verified = true) {
  return createWorkspaceHandler(createWorkspaceInput.parse(input), authFor(uid, email, 'password', verified));
}

async function secretOf(region: 'eu' | 'na', uid: string): Promise<string> {
  return (await databaseFor(region).doc(paths.userSecrets(uid)).get()).get('workspaceSecret') as string;
}

function post(path: string, body: unknown, bearer?: string, method = 'POST') {
  return fetch(`${api.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  resend = await startResend({ port: 0 });
  process.env.RESEND_API_KEY = 're_test_key_123';
  process.env.RESEND_BASE_URL = resend.url;
  api = await serveApi(endpoints, { idTokens: idTokens.verify });
});
afterAll(async () => {
  await api?.close();
  await resend?.stop();
});
beforeEach(async () => {
  await fetch(`${resend.url}/__recorded`, { method: 'DELETE' });
});

describe('createWorkspace', () => {
  it('creates the full user/workspace record in the chosen region with the secret kept private', async () => {
    const result = await createFor('ada', 'Ada@Example.com', { region: 'eu', workspaceName: 'Analytical Engines' });
    expect(result.created).toBe(true);
    expect(result.region).toBe('eu');
    const record = (await databaseFor('eu').doc(paths.user('ada')).get()).data()!;
    expect(record).toMatchObject({
      uid: 'ada',
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      workspaceName: 'Analytical Engines',
      workspaceEmails: ['ada@example.com'],
      workspacePhotoURL: '',
      // The signup grant: a new personal workspace can answer visitors straight away.
      loadTokens: FREE_SIGNUP_CREDITS,
      hasEverPaid: false,
      region: 'eu',
      stripeSubscriptionId: '',
      location: '',
      referredFrom: '',
      doubleAccountWarningHidden: false,
      internal: { customPlan: { limits: { workspaceSeats: 0 } }, isNewUser: true, whitelabel_trial: false },
    });
    expect(typeof record.joinedAt).toBe('number');
    expect(typeof record.freeLTsTS).toBe('number');
    expect(record.workspaceSecret).toBeUndefined();
    expect(await secretOf('eu', 'ada')).toMatch(/^vg_[A-Za-z0-9]{20}$/);
    expect((await databaseFor('na').doc(paths.user('ada')).get()).exists).toBe(false);
  });

  it('is idempotent: a second call returns the existing record from its region', async () => {
    const secret = await secretOf('eu', 'ada');
    const again = await createFor('ada', 'ada@example.com', { region: 'na', workspaceName: 'Other' });
    expect(again.created).toBe(false);
    expect(again.region).toBe('eu');
    expect(again.workspace.workspaceName).toBe('Analytical Engines');
    expect(again.workspace.workspaceSecret).toBeUndefined();
    expect(await secretOf('eu', 'ada')).toBe(secret);
    expect((await databaseFor('na').doc(paths.user('ada')).get()).exists).toBe(false);
  });

  it('names an unnamed personal workspace Personal plus 5 characters', async () => {
    const result = await createFor('bob', 'bob@example.com', { region: 'na', workspaceName: '' });
    expect(result.workspace.workspaceName).toMatch(/^Personal[A-Za-z0-9]{5}$/);
  });

  it('grants no workspace and no sign-up credits until the e-mail is verified', async () => {
    await expect(createFor('unverified', 'farm1@example.com', { region: 'na' }, false)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Please verify your e-mail address first.',
    });
    expect((await databaseFor('na').doc(paths.user('unverified')).get()).exists).toBe(false);
    // Once the address is verified (the same user, a fresh token), the workspace comes with the grant.
    const verified = await createFor('unverified', 'farm1@example.com', { region: 'na' });
    expect(verified.created).toBe(true);
    expect((await databaseFor('na').doc(paths.user('unverified')).get()).get('loadTokens')).toBe(FREE_SIGNUP_CREDITS);
    await expect(createFor('unverified', 'farm1@example.com', { region: 'na', workspaceName: 'Team', team: true }, false)).rejects.toMatchObject({ code: 'failed-precondition' });
  });

  it('removes untouched duplicate agencies on the first sign-in and keeps the edited one', async () => {
    const db = databaseFor('eu');
    await db.doc(paths.agency('dup-kept')).set({ ID: 'dup-kept', userId: 'dupe', name: 'Dupe Agency', brandingText: 'Hello', lastModified: 5 });
    await db.doc(paths.agency('dup-blank')).set({ ID: 'dup-blank', userId: 'dupe', name: '' });
    await createFor('dupe', 'dupe@example.com', { region: 'na' });
    expect((await db.doc(paths.agency('dup-blank')).get()).exists).toBe(false);
    expect((await db.doc(paths.agency('dup-kept')).get()).get('name')).toBe('Dupe Agency');
  });

  it('refuses callers who are not signed in', async () => {
    await expect(createWorkspaceHandler(createWorkspaceInput.parse({ region: 'na' }), { auth: undefined })).rejects.toThrow(/signed in/);
  });

  it('creates team workspaces with a 15-character id owned by the caller', async () => {
    const result = await createFor('ada', 'ada@example.com', { region: 'eu', workspaceName: 'Team Babbage', team: true });
    expect(result.created).toBe(true);
    const id = String(result.workspace.uid);
    expect(id).toMatch(/^[A-Za-z0-9]{15}$/);
    const record = (await databaseFor('eu').doc(paths.user(id)).get()).data()!;
    expect(record).toMatchObject({ ownerId: 'ada', workspaceName: 'Team Babbage', workspaceEmails: ['ada@example.com'] });
    // No signup grant for extra team workspaces: credits cannot be farmed by creating more.
    expect(record.loadTokens).toBe(0);
  });
});

describe('POST /v2/workspaces/{uid}', () => {
  it('renames and never lets the request change server-owned fields', async () => {
    const secret = await secretOf('eu', 'ada');
    const res = await post(
      '/v2/workspaces/ada',
      { workspaceName: 'Engines Ltd', loadTokens: 1e9, workspaceSecret: 'vg_hijackhijackhijack12', internal: { customPlan: { limits: { workspaceSeats: 99 } } }, stripeSubscriptionId: 'sub_free', hasEverPaid: true },
      secret,
    );
    expect(res.status).toBe(200);
    const record = (await databaseFor('eu').doc(paths.user('ada')).get()).data()!;
    expect(record.workspaceName).toBe('Engines Ltd');
    expect(record.loadTokens).toBe(FREE_SIGNUP_CREDITS);
    expect(record.hasEverPaid).toBe(false);
    expect(record.stripeSubscriptionId).toBe('');
    expect(record.internal.customPlan.limits.workspaceSeats).toBe(0);
    expect(record.workspaceSecret).toBeUndefined();
    expect(await secretOf('eu', 'ada')).toBe(secret);
  });

  it('requires a workspace name', async () => {
    const res = await post('/v2/workspaces/ada', { workspaceName: '   ' }, await secretOf('eu', 'ada'));
    expect(res.status).toBe(400);
    expect((await reply(res)).error).toMatch(/Please enter a workspace name\./);
  });

  it('stores addresses lower-case and answers 400 for anything that is not an e-mail string', async () => {
    const secret = await secretOf('eu', 'ada');
    for (const bad of [['ada@example.com', 42], ['ada@example.com', { email: 'x@example.com' }], ['ada@example.com', 'a@b.co c@d.co'], 'ada@example.com']) {
      const res = await post('/v2/workspaces/ada', { workspaceEmails: bad }, secret);
      expect(res.status).toBe(400);
      expect((await reply(res)).error).toMatch(/workspaceEmails/);
    }
    expect((await databaseFor('eu').doc(paths.user('ada')).get()).get('workspaceEmails')).toEqual(['ada@example.com']);
    const tooLong = await post('/v2/workspaces/ada', { workspaceEmails: Array.from({ length: 201 }, (_, i) => `m${i}@example.com`) }, secret);
    expect(tooLong.status).toBe(400);
  });

  it('adds members up to the seat limit (custom seats + 2 free) and refuses more', async () => {
    const secret = await secretOf('eu', 'ada');
    const ok = await post('/v2/workspaces/ada', { workspaceEmails: ['ada@example.com', 'Grace@Example.com'] }, secret);
    expect(ok.status).toBe(200);
    expect((await reply(ok)).workspace?.workspaceEmails).toEqual(['ada@example.com', 'grace@example.com']);
    const full = await post('/v2/workspaces/ada', { workspaceEmails: ['ada@example.com', 'grace@example.com', 'alan@example.com'] }, secret);
    expect(full.status).toBe(403);
    expect((await reply(full)).error).toBe('Failed to add user to workspace, workspace does not have enough seats');
    await databaseFor('eu').doc(paths.user('ada')).set({ internal: { customPlan: { limits: { workspaceSeats: 1 } } } }, { merge: true });
    expect((await post('/v2/workspaces/ada', { workspaceEmails: ['ada@example.com', 'grace@example.com', 'alan@example.com'] }, secret)).status).toBe(200);
  });
});

describe('DELETE /v2/workspaces/{uid}', () => {
  it('refuses to delete a personal workspace', async () => {
    const res = await post('/v2/workspaces/bob', {}, await secretOf('na', 'bob'), 'DELETE');
    expect(res.status).toBe(400);
    expect((await reply(res)).error).toBe('The personal workspace cannot be deleted.');
    expect((await databaseFor('na').doc(paths.user('bob')).get()).exists).toBe(true);
  });

  it('deletes a team workspace with its secret, only with the right bearer', async () => {
    const team = await createFor('bob', 'bob@example.com', { region: 'na', workspaceName: 'Bob Co', team: true });
    const id = String(team.workspace.uid);
    expect((await post(`/v2/workspaces/${id}`, {}, 'vg_nopenopenopenopenope', 'DELETE')).status).toBe(401);
    const res = await post(`/v2/workspaces/${id}`, {}, await secretOf('na', id), 'DELETE');
    expect(res.status).toBe(200);
    expect((await databaseFor('na').doc(paths.user(id)).get()).exists).toBe(false);
    expect((await databaseFor('na').doc(paths.userSecrets(id)).get()).exists).toBe(false);
  });

  it("takes the workspace's agents (with their knowledge, chats and secrets) and notifications with it, and nobody else's", async () => {
    const db = databaseFor('na');
    const team = await createFor('bob', 'bob@example.com', { region: 'na', workspaceName: 'Bob Agents', team: true });
    const id = String(team.workspace.uid);
    const owned = ['team-agent-1', 'team-agent-2'];
    for (const agentId of owned) {
      await db.doc(paths.agent(agentId)).set({ ownerID: id, name: agentId });
      await db.doc(paths.agentSecrets(agentId)).set({ apiKey: 'sk-secret' });
      await db.doc(paths.kbDoc(agentId, 'faq')).set({ name: 'FAQ' });
      await db.doc(`${paths.kbChunks(agentId, 'faq')}/c1`).set({ agentId, text: 'chunk' });
      await db.doc(paths.conversation(agentId, 'conv-1')).set({ agentId });
      await db.doc(`${paths.conversationMessages(agentId, 'conv-1')}/m1`).set({ text: 'hi' });
    }
    await db.doc(paths.agent('bobs-own-agent')).set({ ownerID: 'bob', name: 'kept' });
    await db.doc(paths.notification(1, 'team-note')).set({ ownerID: id, ts: 1 });
    await db.doc(paths.notification(2, 'team-note-2')).set({ ownerID: id, ts: 2 });
    await db.doc(paths.notification(1, 'bobs-note')).set({ ownerID: 'bob', ts: 3 });

    expect((await post(`/v2/workspaces/${id}`, {}, await secretOf('na', id), 'DELETE')).status).toBe(200);

    for (const agentId of owned) {
      expect((await db.doc(paths.agent(agentId)).get()).exists).toBe(false);
      expect((await db.doc(paths.agentSecrets(agentId)).get()).exists).toBe(false);
      expect((await db.collection(paths.kb(agentId)).get()).empty).toBe(true);
      expect((await db.collection(paths.kbChunks(agentId, 'faq')).get()).empty).toBe(true);
      expect((await db.collection(paths.conversationMessages(agentId, 'conv-1')).get()).empty).toBe(true);
    }
    expect((await db.doc(paths.notification(1, 'team-note')).get()).exists).toBe(false);
    expect((await db.doc(paths.notification(2, 'team-note-2')).get()).exists).toBe(false);
    // Another workspace's agent and notification stay.
    expect((await db.doc(paths.agent('bobs-own-agent')).get()).get('name')).toBe('kept');
    expect((await db.doc(paths.notification(1, 'bobs-note')).get()).exists).toBe(true);
  });
});

describe('signed-in users as bearer (Firebase ID token)', () => {
  const tokens: Record<string, { uid: string; email: string; emailVerified: boolean }> = {
    'member.token.sig': { uid: 'grace-uid', email: 'grace@example.com', emailVerified: true },
    'stranger.token.sig': { uid: 'eve-uid', email: 'eve@example.com', emailVerified: true },
    'owner.token.sig': { uid: 'ada', email: 'ada@example.com', emailVerified: true },
    // Signed up with the invited grace@example.com before Grace did, and never verified it.
    'squatter.token.sig': { uid: 'mallory-uid', email: 'grace@example.com', emailVerified: false },
  };
  beforeAll(() => idTokens.use(async (token) => tokens[token] ?? null));
  afterAll(() => idTokens.use(null));

  it('lets a member (e-mail in workspaceEmails) send invites and rename; refuses strangers and bad tokens', async () => {
    const mail = { subject: 'Join us', html: '<p>Join</p>', to: 'alan@example.com' };
    expect((await post('/v2/workspaces/ada/email', mail, 'member.token.sig')).status).toBe(200);
    const stranger = await post('/v2/workspaces/ada/email', mail, 'stranger.token.sig');
    expect(stranger.status).toBe(403);
    expect((await reply(stranger)).error).toBe('You are not a member of this workspace.');
    expect((await post('/v2/workspaces/ada/email', mail, 'forged.token.sig')).status).toBe(401);
    expect((await post('/v2/workspaces/ada', { workspaceName: 'Renamed by Grace' }, 'member.token.sig')).status).toBe(200);
    expect((await databaseFor('eu').doc(paths.user('ada')).get()).get('workspaceName')).toBe('Renamed by Grace');
  });

  it('refuses a user holding an invited address it never verified', async () => {
    const mail = { subject: 'Join us', html: '<p>Join</p>', to: 'alan@example.com' };
    const res = await post('/v2/workspaces/ada/email', mail, 'squatter.token.sig');
    expect(res.status).toBe(403);
    expect((await reply(res)).error).toBe('You are not a member of this workspace.');
    expect((await post('/v2/workspaces/ada', { workspaceName: 'Mallory was here' }, 'squatter.token.sig')).status).toBe(403);
  });

  it("refuses a member's change to the owner's profile (displayName, photoURL, location)", async () => {
    for (const change of [{ displayName: 'Hacked' }, { photoURL: 'https://evil.example/p.png' }, { location: 'Nowhere' }]) {
      const res = await post('/v2/workspaces/ada', change, 'member.token.sig');
      expect(res.status).toBe(403);
      expect((await reply(res)).error).toBe('Only the workspace owner can do this.');
    }
    const record = (await databaseFor('eu').doc(paths.user('ada')).get()).data()!;
    expect(record).toMatchObject({ displayName: 'Ada Lovelace', photoURL: '', location: '' });
    // Re-sending the owner's values unchanged (a whole-record save) is not a change.
    expect((await post('/v2/workspaces/ada', { displayName: 'Ada Lovelace', workspaceName: 'Renamed again' }, 'member.token.sig')).status).toBe(200);
    expect((await post('/v2/workspaces/ada', { location: 'London' }, 'owner.token.sig')).status).toBe(200);
  });

  it('lets a member invite but not remove or swap out anyone; the owner removes', async () => {
    const emails = async () => (await databaseFor('eu').doc(paths.user('ada')).get()).get('workspaceEmails') as string[];
    const before = await emails();
    expect(before).toEqual(expect.arrayContaining(['ada@example.com', 'grace@example.com']));
    const swap = await post('/v2/workspaces/ada', { workspaceEmails: ['grace@example.com', 'mallory@example.com'] }, 'member.token.sig');
    expect(swap.status).toBe(403);
    expect((await reply(swap)).error).toBe('Only the workspace owner can remove members.');
    expect(await emails()).toEqual(before);
    const without = before.filter((e) => e !== 'grace@example.com');
    expect((await post('/v2/workspaces/ada', { workspaceEmails: without }, 'owner.token.sig')).status).toBe(200);
    expect(await emails()).toEqual(without);
    await databaseFor('eu').doc(paths.user('ada')).set({ workspaceEmails: before }, { merge: true });
  });

  it('lets only the owner delete a team workspace', async () => {
    const team = await createFor('ada', 'ada@example.com', { region: 'eu', workspaceName: 'Ada and Grace', team: true });
    const id = String(team.workspace.uid);
    await databaseFor('eu').doc(paths.user(id)).set({ workspaceEmails: ['ada@example.com', 'grace@example.com'] }, { merge: true });
    const byMember = await post(`/v2/workspaces/${id}`, {}, 'member.token.sig', 'DELETE');
    expect(byMember.status).toBe(403);
    expect((await reply(byMember)).error).toBe('Only the workspace owner can do this.');
    expect((await post(`/v2/workspaces/${id}`, {}, 'owner.token.sig', 'DELETE')).status).toBe(200);
    expect((await databaseFor('eu').doc(paths.user(id)).get()).exists).toBe(false);
  });
});
