// saveAgentBackup (20 kept) and exportAgentToJson against Google's Firestore emulator.
import { paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { backupsPath } from '../agents/backups';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import { exportAgentToJsonHandler, exportAgentToJsonInput } from './export-agent-to-json';
import { saveAgentBackupHandler, saveAgentBackupInput } from './save-agent-backup';

const as = (uid: string, email: string) => ({ auth: { uid, token: { email, email_verified: true } as never, rawToken: 'x' } });

beforeAll(async () => {
  await seedWorkspace('na', 'owner1', 'vg_ownerownerowner0001', { workspaceEmails: ['owner@example.com', 'member@example.com'] });
  await seedAgent('na', 'agentA', 'owner1', 'vg_agentsecretagentsec1', { title: 'Support bot', enableNodes: true, nodes: [{ type: 'start' }], whatsappToken: 'EAAG-secret' });
  await seedAgent('na', 'agentB', 'owner1', 'vg_agentsecretagentsec2', { title: 'Plain bot', enableNodes: false });
});
afterAll(async () => {
});

const backup = (uid: string, email: string, agentId = 'agentA') =>
  saveAgentBackupHandler(saveAgentBackupInput.parse({ agentId, workspaceId: 'owner1', region: 'na' }), as(uid, email));

describe('saveAgentBackup', () => {
  it('stores the public agent (no secrets) and keeps only the newest 20', async () => {
    for (let i = 0; i < 22; i++) {
      await databaseFor('na').doc(paths.agent('agentA')).set({ title: `Support bot v${i}` }, { merge: true });
      await backup('owner1', 'owner@example.com');
    }
    const docs = await databaseFor('na').collection(backupsPath('agentA')).orderBy('ts', 'desc').get();
    expect(docs.size).toBe(20);
    const newest = docs.docs[0]!.data();
    expect(newest.agent.title).toBe('Support bot v21');
    expect(newest.agent.SECRET_API_KEY).toBeUndefined();
    expect(newest.agent.whatsappToken).toBeUndefined();
    expect(newest.savedBy).toBe('owner1');
    expect(docs.docs.map((d) => d.data().agent.title)).not.toContain('Support bot v1');
  });

  it('lets members listed in workspaceEmails back up, and refuses strangers', async () => {
    await expect(backup('member-uid', 'member@example.com')).resolves.toHaveProperty('backupId');
    await expect(backup('stranger', 'stranger@example.com')).rejects.toThrow(/do not have access/);
  });

  it('refuses an agent of another workspace and unknown agents', async () => {
    await expect(
      saveAgentBackupHandler(saveAgentBackupInput.parse({ agentId: 'agentA', workspaceId: 'someoneElse', region: 'na' }), as('owner1', 'owner@example.com')),
    ).rejects.toThrow(/another workspace/);
    await expect(backup('owner1', 'owner@example.com', 'missing')).rejects.toThrow('This widget does not exist.');
  });
});

describe('exportAgentToJson', () => {
  it('returns a template without identity, ownership or secrets', async () => {
    const { agentTemplate } = await exportAgentToJsonHandler(exportAgentToJsonInput.parse({ agentId: 'agentA', region: 'na' }), as('owner1', 'owner@example.com'));
    expect(agentTemplate).toMatchObject({ key: 'agent-agentA', name: expect.stringMatching(/^Support bot/) });
    expect(agentTemplate.template).toMatchObject({ enableNodes: true, nodes: [{ type: 'start' }] });
    for (const key of ['ID', 'ownerID', 'SECRET_API_KEY', 'whatsappToken', 'lastModified']) expect(agentTemplate.template).not.toHaveProperty(key);
  });

  it('only exports agents with nodes enabled, and only to members', async () => {
    await expect(exportAgentToJsonHandler(exportAgentToJsonInput.parse({ agentId: 'agentB', region: 'na' }), as('owner1', 'owner@example.com'))).rejects.toThrow(/nodes enabled/);
    await expect(exportAgentToJsonHandler(exportAgentToJsonInput.parse({ agentId: 'agentA', region: 'na' }), as('stranger', 's@example.com'))).rejects.toThrow(/do not have access/);
  });
});
