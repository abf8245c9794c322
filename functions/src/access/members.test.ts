// What a workspace's own people may do, and what only a signed-in agency client does, against Google's Firestore
// emulator: each guard lets in its caller and refuses the others with its own sentence and status.
import { clientsApi, paths, voiceApi, WORKSPACE_ROLE_MESSAGES } from '@parley/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import {
  CHANNELS_MEMBERS_ONLY, CLIENTS_CANNOT_CREATE, CLIENTS_ONLY, FEEDBACK_CLIENTS_ONLY, NO_AGENT_ACCESS, NOT_A_MEMBER, OWN_SIGN_UP_ONLY,
  requireAgentCreator, requireChannelsMember, requireCrawlJobsAccess, requireCssAssistantUser, requireFeedbackClient, requireNumbersAccess,
  checkEmailChange, checkWorkspaceUpdate, seesWorkspaceSecrets, ORGS_OWNER_ONLY, requireOrgCreator, requireOrgsOwner, requireOwnAgency, requireOwnSignUp,
  requireStatusClient, type Caller,
} from './index';

const user = (uid: string, role = ''): Caller => ({ kind: 'user', uid, email: `${uid}@x.example`, emailVerified: true, role });
const client: Caller = { kind: 'client', uid: 'clientUid1', clientId: 'client1' };
const secret: Caller = { kind: 'secret', secret: 'vg_anything000000000001' };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return { status: (error as { status?: number }).status, message: (error as Error).message };
  }
  return null;
};

beforeAll(async () => {
  await databaseFor('na').doc(paths.user('membersWs1')).set({ email: 'membersWs1@x.example', workspaceEmails: ['member1@x.example'] });
});

describe('what only a workspace user does', () => {
  it('creates agents, records its own sign-up and creates orgs; a role, a client or a secret may not', () => {
    expect(requireAgentCreator(user('u1'))).toMatchObject({ uid: 'u1' });
    expect(requireOwnSignUp(user('u1'), 'u1')).toMatchObject({ uid: 'u1' });
    expect(requireOwnSignUp(user('u1'), undefined)).toMatchObject({ uid: 'u1' });
    expect(requireOrgCreator(user('u1'))).toMatchObject({ uid: 'u1' });
    for (const caller of [user('u1', 'agencyAdmin'), client, secret]) {
      expect(refusal(() => requireAgentCreator(caller))).toEqual({ status: 403, message: CLIENTS_CANNOT_CREATE });
      expect(refusal(() => requireOwnSignUp(caller, undefined))).toEqual({ status: 403, message: OWN_SIGN_UP_ONLY });
      expect(refusal(() => requireOrgCreator(caller))).toEqual({ status: 403, message: clientsApi.CLIENTS_MESSAGES.rootAdminOnly });
    }
  });

  it("refuses to record someone else's sign-up", () => {
    expect(refusal(() => requireOwnSignUp(user('u1'), 'u2'))).toEqual({ status: 403, message: OWN_SIGN_UP_ONLY });
  });
});

describe('what a dashboard user does by ID token', () => {
  it('lists channels and drives the CSS assistant; a client or a secret may not', () => {
    expect(requireChannelsMember(user('u1'))).toMatchObject({ uid: 'u1' });
    expect(requireCssAssistantUser(user('u1'))).toMatchObject({ uid: 'u1' });
    for (const caller of [client, secret]) {
      expect(refusal(() => requireChannelsMember(caller))).toEqual({ status: 403, message: CHANNELS_MEMBERS_ONLY });
      expect(refusal(() => requireCssAssistantUser(caller))).toEqual({ status: 403, message: NO_AGENT_ACCESS });
    }
  });
});

describe('what only a signed-in client does', () => {
  it('has a status and sends feedback; a user, a secret or a token without its client may not', () => {
    expect(requireStatusClient(client)).toMatchObject({ clientId: 'client1' });
    expect(requireFeedbackClient(client)).toMatchObject({ clientId: 'client1' });
    for (const caller of [user('u1'), secret, { kind: 'client', uid: 'c', clientId: '' } as Caller]) {
      expect(refusal(() => requireStatusClient(caller))).toEqual({ status: 403, message: CLIENTS_ONLY });
      expect(refusal(() => requireFeedbackClient(caller))).toEqual({ status: 403, message: FEEDBACK_CLIENTS_ONLY });
    }
  });
});

describe("a workspace's numbers and crawl jobs", () => {
  it('are its members’ and owner’s; an agency client is told numbers are the workspace’s', async () => {
    await expect(requireNumbersAccess(user('membersWs1'), 'na', 'membersWs1')).resolves.toMatchObject({ via: 'owner' });
    await expect(requireNumbersAccess(user('member1'), 'na', 'membersWs1')).resolves.toMatchObject({ via: 'member' });
    await expect(requireNumbersAccess(client, 'na', 'membersWs1')).rejects.toMatchObject({ status: 403, message: voiceApi.VOICE_MESSAGES.numbersWorkspaceOnly });
    await expect(requireNumbersAccess(user('stranger1'), 'na', 'membersWs1')).rejects.toMatchObject({ status: 403, message: NOT_A_MEMBER });
  });

  it('crawl jobs: members by their callable auth; clients and strangers are not members, nobody signed in is 401', async () => {
    const auth = (uid: string, token: Record<string, unknown> = {}) => ({ auth: { uid, token } }) as never;
    await expect(requireCrawlJobsAccess(auth('member1', { email: 'member1@x.example', email_verified: true }), 'na', 'membersWs1')).resolves.toMatchObject({ via: 'member' });
    await expect(requireCrawlJobsAccess(auth('clientUid1', { role: 'client', clientId: 'client1' }), 'na', 'membersWs1')).rejects.toMatchObject({ status: 403, message: NOT_A_MEMBER });
    await expect(requireCrawlJobsAccess({ auth: undefined } as never, 'na', 'membersWs1')).rejects.toMatchObject({ status: 401 });
  });
});

describe('whose organisations a caller lists', () => {
  const adminOf = async (caller: { uid: string }) => (caller.uid === 'aa-agency1-0' ? 'agencyOwner1' : null);

  it('a workspace user its own, an agency-admin session its agency owner’s', async () => {
    await expect(requireOrgsOwner(user('u1'), adminOf)).resolves.toBe('u1');
    await expect(requireOrgsOwner(user('aa-agency1-0', 'agencyAdmin'), adminOf)).resolves.toBe('agencyOwner1');
  });

  it('refuses a session no agency vouches for, a client and a secret', async () => {
    for (const caller of [user('aa-agency1-9', 'agencyAdmin'), client, secret]) {
      await expect(requireOrgsOwner(caller, adminOf)).rejects.toMatchObject({ status: 403, message: ORGS_OWNER_ONLY });
    }
  });
});

describe('a client’s e-mail (where its sign-in codes go)', () => {
  it('is changed by the agency owner alone', () => {
    const agency = { kind: 'agency', uid: 'owner1', label: 'owner@x.example' } as const;
    const orgAdmin = { kind: 'orgAdmin', uid: 'admin1', label: 'admin@x.example', client: {} } as unknown as Parameters<typeof checkEmailChange>[0];
    expect(refusal(() => checkEmailChange(agency, true))).toBeNull();
    expect(refusal(() => checkEmailChange(orgAdmin, false))).toBeNull();
    expect(refusal(() => checkEmailChange(orgAdmin, true))).toEqual({ status: 403, message: clientsApi.CLIENTS_MESSAGES.emailChangeOwnerOnly });
  });
});

describe('what of a workspace record its people change', () => {
  const current = { workspaceName: 'Team', displayName: 'Olga', workspaceEmails: ['a@x.example', 'b@x.example'] };
  it('members rename and invite; only the owner or its secret edits the owner’s profile and removes members', () => {
    expect(refusal(() => checkWorkspaceUpdate({ via: 'member' }, current, { workspaceName: 'New', workspaceEmails: [...current.workspaceEmails, 'c@x.example'] }))).toBeNull();
    expect(refusal(() => checkWorkspaceUpdate({ via: 'member' }, current, { displayName: 'Mia' }))).toEqual({ status: 403, message: WORKSPACE_ROLE_MESSAGES.ownerOnly });
    expect(refusal(() => checkWorkspaceUpdate({ via: 'member' }, current, { workspaceEmails: ['a@x.example'] }))?.status).toBe(403);
    for (const via of ['owner', 'secret'] as const) expect(refusal(() => checkWorkspaceUpdate({ via }, current, { displayName: 'Mia', workspaceEmails: ['a@x.example'] }))).toBeNull();
  });

  it('its secrets are seen (even masked) by its owner alone', () => {
    expect(seesWorkspaceSecrets({ via: 'owner' })).toBe(true);
    expect(seesWorkspaceSecrets({ via: 'member' })).toBe(false);
  });
});

describe('a client’s feedback', () => {
  it('goes to its own agency only: its org owned by the agency’s owner', () => {
    const org = { org: { ownerID: 'agencyOwner1' } };
    const agency = { agency: { userId: 'agencyOwner1' } };
    expect(requireOwnAgency(org, agency)).toEqual({ org, agency });
    for (const [o, a] of [[org, { agency: { userId: 'someoneElse' } }], [null, agency], [org, null]] as const) {
      expect(refusal(() => requireOwnAgency(o, a))).toEqual({ status: 403, message: FEEDBACK_CLIENTS_ONLY });
    }
  });
});
