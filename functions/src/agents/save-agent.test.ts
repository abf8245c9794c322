/* eslint-disable @typescript-eslint/no-explicit-any -- JSON replies are inspected loosely */
import { paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { serveApi } from '../http/serve';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import { backupsPath } from './backups';
import { endpoints } from './index';
import { testIdTokens } from '../../test/id-tokens';

let api: Awaited<ReturnType<typeof serveApi>>;
/** Who the test's ID tokens sign in. */
const idTokens = testIdTokens();
const OWNER_SECRET = 'vg_ownerSecret000000001';
const OTHER_SECRET = 'vg_otherSecret000000002';
const AGENT_SECRET = 'vg_agentSecret000000003';

beforeAll(async () => {
  api = await serveApi(endpoints, { idTokens: idTokens.verify });
  // Room for the agents these tests create (the free plan holds 2).
  await seedWorkspace('na', 'owner-1', OWNER_SECRET, { internal: { customPlan: { limits: { maxAgents: 'infinity' } } } });
  await seedWorkspace('na', 'other-1', OTHER_SECRET);
});
afterAll(async () => {
  await api?.close();
});

function post(agentId: string, body: unknown, bearer?: string) {
  return fetch(`${api.url}/v2/agents/${agentId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe('POST /v2/agents/:agentId', () => {
  it('refuses a missing or unknown bearer with 401', async () => {
    await seedAgent('na', 'agentAuth0000001', 'owner-1', AGENT_SECRET);
    expect((await post('agentAuth0000001', { title: 'x' })).status).toBe(401);
    const res = await post('agentAuth0000001', { title: 'x' }, 'vg_nobodysSecret12345678');
    expect(res.status).toBe(401);
    expect((await res.json()) as any).toMatchObject({ success: false });
  });

  it("refuses another workspace's secret on someone else's agent with 403", async () => {
    await seedAgent('na', 'agentForbidden01', 'owner-1', AGENT_SECRET);
    const res = await post('agentForbidden01', { title: 'stolen' }, OTHER_SECRET);
    expect(res.status).toBe(403);
    const snap = await databaseFor('na').doc(paths.agent('agentForbidden01')).get();
    expect(snap.get('title')).toBe('Seeded agent');
  });

  it('answers 400 naming the invalid field', async () => {
    await seedAgent('na', 'agentInvalid0001', 'owner-1', AGENT_SECRET);
    const res = await post('agentInvalid0001', { messageDelayMS: 'soon' }, OWNER_SECRET);
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toContain('messageDelayMS');
  });

  it('refuses a max chunk size below 1000 with its message', async () => {
    await seedAgent('na', 'agentChunk000001', 'owner-1', AGENT_SECRET);
    const res = await post('agentChunk000001', { vgOptions: { maxChunkSize: 999 } }, OWNER_SECRET);
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toBe('Max chunk size must be greater than 1000');
    expect((await post('agentChunk000001', { vgOptions: { maxChunkSize: 1500 } }, OWNER_SECRET)).status).toBe(200);
  });

  it('saves with the workspace secret, keeps ownerID, sets lastModified and writes a backup', async () => {
    await seedAgent('na', 'agentSave0000001', 'owner-1', AGENT_SECRET, { messageDelayMS: 2500 });
    const before = Math.floor(Date.now() / 1000);
    await databaseFor('na').doc(paths.agent('agentSave0000001')).set({ charCount: 500, docsNum: 2, vapi: { id: 'assistant-of-this-agent' } }, { merge: true });
    const res = await post('agentSave0000001', { title: 'Renamed', ownerID: 'other-1', theme: 'custom-dark', charCount: 0, docsNum: 0, vapi: { id: 'assistant-of-another-workspace' } }, OWNER_SECRET);
    expect(res.status).toBe(200);
    const snap = await databaseFor('na').doc(paths.agent('agentSave0000001')).get();
    expect(snap.get('title')).toBe('Renamed');
    expect(snap.get('theme')).toBe('custom-dark');
    expect(snap.get('ownerID')).toBe('owner-1');
    // Fields the body did not send keep their stored values (no schema defaults written over them).
    expect(snap.get('messageDelayMS')).toBe(2500);
    // Knowledge-base totals stay as the ingestion functions left them.
    expect(snap.get('charCount')).toBe(500);
    expect(snap.get('docsNum')).toBe(2);
    // The voice assistant's id is the voice feature's to write.
    expect(snap.get('vapi')).toEqual({ id: 'assistant-of-this-agent' });
    expect(snap.get('lastModified')).toBeGreaterThanOrEqual(before);
    const backups = await databaseFor('na').collection(backupsPath('agentSave0000001')).get();
    expect(backups.size).toBe(1);
    const backup = backups.docs[0]!.data();
    expect(backup.agent.title).toBe('Renamed');
    expect(backup.savedBy).toBe('owner-1');
    expect(typeof backup.ts).toBe('number');
  });

  it('accepts the agent secret as bearer and moves secret fields to the private doc', async () => {
    await seedAgent('na', 'agentSecrets0001', 'owner-1', AGENT_SECRET, { whatsappToken: 'legacy-token-on-public-doc' });
    const res = await post('agentSecrets0001', { VF_DIALOGUE_API_KEY: 'VF.DM.abc', gcloudPrivateKey: 'key,line', gcloudClientEmail: 'a@b.c' }, AGENT_SECRET);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.data.VF_DIALOGUE_API_KEY).toBeUndefined();
    const agent = (await databaseFor('na').doc(paths.agent('agentSecrets0001')).get()).data()!;
    expect(agent.VF_DIALOGUE_API_KEY).toBeUndefined();
    expect(agent.gcloudPrivateKey).toBeUndefined();
    expect(agent.whatsappToken).toBeUndefined();
    expect(agent.gcloudClientEmail).toBe('a@b.c');
    const secrets = (await databaseFor('na').doc(paths.agentSecrets('agentSecrets0001')).get()).data()!;
    expect(secrets).toMatchObject({ SECRET_API_KEY: AGENT_SECRET, VF_DIALOGUE_API_KEY: 'VF.DM.abc', gcloudPrivateKey: 'key,line' });
  });

  it('creates a new agent for the workspace whose secret posts it, with defaults and a generated secret', async () => {
    const res = await post('agentBrandNew001', { title: 'Direct', ownerID: 'owner-1' }, OWNER_SECRET);
    expect(res.status).toBe(200);
    const agent = (await databaseFor('na').doc(paths.agent('agentBrandNew001')).get()).data()!;
    expect(agent).toMatchObject({ ID: 'agentBrandNew001', ownerID: 'owner-1', messageDelayMS: 1000, vg_temperature: 0.5 });
    expect(agent.SECRET_API_KEY).toBeUndefined();
    const secrets = (await databaseFor('na').doc(paths.agentSecrets('agentBrandNew001')).get()).data()!;
    expect(secrets.SECRET_API_KEY).toMatch(/^vg_[A-Za-z0-9]{20}$/);
  });

  it('keeps at most 20 backups', async () => {
    await seedAgent('na', 'agentBackups0001', 'owner-1', AGENT_SECRET);
    for (let i = 0; i < 22; i++) expect((await post('agentBackups0001', { title: `v${i}` }, AGENT_SECRET)).status).toBe(200);
    const backups = await databaseFor('na').collection(backupsPath('agentBackups0001')).orderBy('ts', 'desc').get();
    expect(backups.size).toBe(20);
    expect(backups.docs[0]!.get('agent').title).toBe('v21');
  });
});

describe('GET /api/translate', () => {
  it('lists languages with code and name', async () => {
    const res = await fetch(`${api.url}/api/translate`);
    const body = (await res.json()) as any;
    expect(body.success).toBe(true);
    expect(body.languages).toContainEqual({ language: 'fr', name: 'French' });
  });
});

describe('agentSecretStatus', () => {
  it('tells members which secrets are set and refuses others', async () => {
    const { agentSecretStatusHandler } = await import('./secret-status');
    await seedAgent('na', 'agentStatus00001', 'owner-1', AGENT_SECRET);
    await databaseFor('na').doc(paths.agentSecrets('agentStatus00001')).set({ VF_DIALOGUE_API_KEY: 'VF.DM.x' }, { merge: true });
    const owner = { auth: { uid: 'owner-1', token: {} } } as never;
    expect(await agentSecretStatusHandler({ region: 'na', agentId: 'agentStatus00001' }, owner)).toEqual({ hasDialogueKey: true, agentSecret: AGENT_SECRET });
    const other = { auth: { uid: 'other-1', token: {} } } as never;
    await expect(agentSecretStatusHandler({ region: 'na', agentId: 'agentStatus00001' }, other)).rejects.toThrow('You do not have access to this agent.');
  });
});

describe('POST /v2/agents/:agentId with a Firebase ID token', () => {
  it('lets workspace members save and refuses other users', async () => {
    const users: Record<string, { uid: string; email?: string; emailVerified?: boolean; role?: string }> = {
      'aaa.owner.sig': { uid: 'owner-1' },
      'aaa.member.sig': { uid: 'member-1' },
      'aaa.email.sig': { uid: 'email-member-1', email: 'Ann@Team.example', emailVerified: true },
      'aaa.client.sig': { uid: 'member-1', role: 'client' },
      'aaa.other.sig': { uid: 'other-1', email: 'other@x.example' },
    };
    idTokens.use(async (token) => users[token] ?? null);
    try {
      await databaseFor('na').doc(paths.user('owner-1')).set({ usersPerms: [{ userId: 'member-1', permissions: [] }], workspaceEmails: ['ann@team.example'] }, { merge: true });
      await seedAgent('na', 'agentIdToken0001', 'owner-1', AGENT_SECRET);
      expect((await post('agentIdToken0001', { title: 'by owner' }, 'aaa.owner.sig')).status).toBe(200);
      // usersPerms alone grants nothing: functions allow exactly what firestore.rules allows (e-mail membership).
      expect((await post('agentIdToken0001', { title: 'by usersPerms only' }, 'aaa.member.sig')).status).toBe(403);
      expect((await databaseFor('na').doc(paths.agent('agentIdToken0001')).get()).get('title')).toBe('by owner');
      expect((await post('agentIdToken0001', { title: 'by e-mail member' }, 'aaa.email.sig')).status).toBe(200);
      expect((await post('agentIdToken0001', { title: 'by other' }, 'aaa.other.sig')).status).toBe(403);
      // An agency client's token (role claim) never counts as a workspace member, even with a member's uid.
      expect((await post('agentIdToken0001', { title: 'by client' }, 'aaa.client.sig')).status).toBe(403);
      expect((await post('agentIdToken0001', { title: 'forged' }, 'aaa.forged.sig')).status).toBe(401);
      const snap = await databaseFor('na').doc(paths.agent('agentIdToken0001')).get();
      expect(snap.get('title')).toBe('by e-mail member');
      const backups = await databaseFor('na').collection(backupsPath('agentIdToken0001')).orderBy('ts', 'desc').get();
      expect(backups.docs[0]!.get('savedBy')).toBe('email-member-1');
    } finally {
      idTokens.use(null);
    }
  });
});

describe('publishing a flow (nodes enabled)', () => {
  const start = { id: 'start', type: 'start', position: { x: 0, y: 0 }, next: 'date' };
  const date = { id: 'date', type: 'default', name: 'collect the date', edges: [{ id: 'e1', target: 'confirm', condition: 'the visitor gave a date' }] };
  const confirm = { id: 'confirm', type: 'default', name: 'confirm', edges: [{ id: 'e2', target: 'bye', condition: 'the visitor confirmed' }] };
  const bye = { id: 'bye', type: 'end', message: 'See you then!' };

  it('refuses a flow with an unreachable step, naming it, and stores nothing', async () => {
    await seedAgent('na', 'agentFlow0000001', 'owner-1', AGENT_SECRET);
    const unreachable = [{ ...start }, { ...date, edges: [] }, confirm, bye];
    const res = await post('agentFlow0000001', { title: 'Booking', enableNodes: true, nodes: unreachable }, OWNER_SECRET);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as any;
    expect(error).toContain('The flow cannot be published yet:');
    expect(error).toContain('The step "confirm" cannot be reached from the start.');
    const snap = await databaseFor('na').doc(paths.agent('agentFlow0000001')).get();
    expect(snap.get('title')).toBe('Seeded agent');
    expect(snap.get('nodes')).toBeUndefined();
  });

  it('publishes the flow once every step is connected, with the node defaults filled', async () => {
    await seedAgent('na', 'agentFlow0000002', 'owner-1', AGENT_SECRET);
    const res = await post('agentFlow0000002', { enableNodes: true, nodes: [start, date, confirm, bye] }, OWNER_SECRET);
    expect(res.status).toBe(200);
    const snap = await databaseFor('na').doc(paths.agent('agentFlow0000002')).get();
    expect(snap.get('enableNodes')).toBe(true);
    expect(snap.get('nodes')).toHaveLength(4);
    expect(snap.get('nodes')[1]).toMatchObject({ id: 'date', toolIds: [], instructions: '', edges: [{ target: 'confirm', match: 'condition' }] });
  });

  it('checks the stored flow when a save only turns nodes on, and not when nodes stay off', async () => {
    await seedAgent('na', 'agentFlow0000003', 'owner-1', AGENT_SECRET, { nodes: [{ ...start, next: 'gone' }] });
    const on = await post('agentFlow0000003', { enableNodes: true }, OWNER_SECRET);
    expect(on.status).toBe(400);
    expect(((await on.json()) as any).error).toContain('The start has a path that leads to a node that no longer exists.');
    expect((await post('agentFlow0000003', { title: 'still a prompt agent' }, OWNER_SECRET)).status).toBe(200);
    expect((await post('agentFlow0000003', { enableNodes: false, nodes: [{ id: 'start', type: 'start' }] }, OWNER_SECRET)).status).toBe(200);
  });
});
