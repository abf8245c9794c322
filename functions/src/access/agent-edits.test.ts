// Who may save an agent, by caller kind, against Google's Firestore emulator: an existing agent by the agent's rule
// (members, its secret, its workspace's secret; an agency client only through the Prompt or Canvas page), a new one
// into a workspace the caller may act for; and the fields an agency client may change.
import { paths } from '@parley/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import { authorizeAgentSave, clientEditRefusal, INVALID_BEARER, loadStoredAgent, NO_AGENT_ACCESS, type Caller, type StoredAgent } from './index';

const user = (uid: string): Caller => ({ kind: 'user', uid, email: null, emailVerified: false, role: '' });
const clientOf = (clientId: string): Caller => ({ kind: 'client', uid: `uid-${clientId}`, clientId });
const secret = (value: string): Caller => ({ kind: 'secret', secret: value });
let agent: StoredAgent;

beforeAll(async () => {
  const db = databaseFor('na');
  await seedWorkspace('na', 'saveAgency', 'vg_saveAgencySecret00001');
  await seedWorkspace('na', 'saveOther', 'vg_saveOtherSecret000001');
  await seedAgent('na', 'saveAgent1', 'saveAgency', 'vg_saveAgentSecret000001', { assignedToolsIds: ['tool1'] });
  await db.doc(paths.org('saveOrg')).set({ ID: 'saveOrg', ownerID: 'saveAgency', settings: {} });
  await db.doc(paths.client('saveCanvas')).set({ orgId: 'saveOrg', widgetIDs: ['saveAgent1'], canAccess: ['/prompt'] });
  await db.doc(paths.client('saveChats')).set({ orgId: 'saveOrg', widgetIDs: ['saveAgent1'], canAccess: ['/convos'] });
  agent = (await loadStoredAgent(db, 'saveAgent1'))!;
});

describe('saving an existing agent', () => {
  it.each<[string, Caller, string, boolean]>([
    ['a member', user('saveAgency'), 'saveAgency', false],
    ['the agent’s secret', secret('vg_saveAgentSecret000001'), 'api', false],
    ['its workspace’s secret', secret('vg_saveAgencySecret00001'), 'saveAgency', false],
    ['a client given the Canvas page', clientOf('saveCanvas'), 'uid-saveCanvas', true],
  ])('lets %s in', async (_name, caller, savedBy, client) => {
    await expect(authorizeAgentSave(caller, 'na', 'saveAgent1', agent, null)).resolves.toEqual({ ownerID: 'saveAgency', savedBy, client });
  });

  it('refuses a client without the Prompt or Canvas page, a stranger and another workspace’s secret', async () => {
    await expect(authorizeAgentSave(clientOf('saveChats'), 'na', 'saveAgent1', agent, null)).rejects.toMatchObject({ status: 403, message: NO_AGENT_ACCESS });
    await expect(authorizeAgentSave(user('saveOther'), 'na', 'saveAgent1', agent, null)).rejects.toMatchObject({ status: 403, message: NO_AGENT_ACCESS });
    await expect(authorizeAgentSave(secret('vg_saveOtherSecret000001'), 'na', 'saveAgent1', agent, null)).rejects.toMatchObject({ status: 403 });
  });
});

describe('saving a new agent', () => {
  it('goes into the caller’s own workspace, or the one the body names if the caller may act for it', async () => {
    await expect(authorizeAgentSave(user('saveAgency'), 'na', 'saveNew1', null, null)).resolves.toMatchObject({ ownerID: 'saveAgency', client: false });
    await expect(authorizeAgentSave(secret('vg_saveOtherSecret000001'), 'na', 'saveNew1', null, null)).resolves.toMatchObject({ ownerID: 'saveOther' });
    await expect(authorizeAgentSave(user('saveOther'), 'na', 'saveNew1', null, 'saveAgency')).rejects.toMatchObject({ status: 403 });
  });

  it('refuses an agency client (403) and a secret that is nobody’s (401)', async () => {
    await expect(authorizeAgentSave(clientOf('saveCanvas'), 'na', 'saveNew1', null, null)).rejects.toMatchObject({ status: 403, message: NO_AGENT_ACCESS });
    await expect(authorizeAgentSave(secret('vg_nobodysSecret00000001'), 'na', 'saveNew1', null, null)).rejects.toMatchObject({ status: 401, message: INVALID_BEARER });
  });
});

describe('what an agency client may change', () => {
  it('the Prompt and Canvas fields only, and steps with the agent’s own tools', () => {
    const stored = { vg_systemPrompt: 'old', title: 'Shop', assignedToolsIds: ['tool1'] };
    expect(clientEditRefusal({ vg_systemPrompt: 'new', title: 'Shop' }, stored)).toBeNull();
    expect(clientEditRefusal({ vg_systemPrompt: 'new', title: 'Mine' }, stored)).toBe('Only the agency can change title of this agent.');
    expect(clientEditRefusal({ nodes: [{ id: 'a', toolIds: ['tool1'] }] }, stored)).toBeNull();
    expect(clientEditRefusal({ nodes: [{ id: 'a', toolIds: ['tool2'] }] }, stored)).toBe('A step can only use the tools this agent has. Ask the agency for another.');
  });
});
