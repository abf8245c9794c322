// Who may save an agent, by caller kind, against Google's Firestore emulator: an existing agent by the agent's rule
// (members, its secret, its workspace's secret; an agency client only through the Prompt or Canvas page), a new one
// into a workspace the caller may act for; and the fields an agency client may change. Also who changes an agent's
// tools, and who tries an agent as its workspace's member (draft settings, the test chat).
import { paths, toolsApi } from '@parley/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import {
  authorizeAgentSave, clientEditRefusal, INVALID_BEARER, loadStoredAgent, NO_AGENT_ACCESS, OTHER_WORKSPACE_AGENT, requireAgentAccess, requireAgentInWorkspace, requireAgentToolsEditor, requireMemberTrying, TEST_CHAT_MEMBERS_ONLY,
  type Caller, type StoredAgent,
} from './index';

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
  await db.doc(paths.client('saveTools')).set({ orgId: 'saveOrg', widgetIDs: ['saveAgent1'], canAccess: ['/tools'] });
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

describe('changing an agent’s tools', () => {
  it('is its workspace members’; a client given the Tools page only sees them, anyone else is refused', async () => {
    await expect(requireAgentToolsEditor(user('saveAgency'), 'na', 'saveAgent1')).resolves.toMatchObject({ via: 'member' });
    await expect(requireAgentToolsEditor(clientOf('saveTools'), 'na', 'saveAgent1')).rejects.toMatchObject({ status: 403, message: toolsApi.TOOL_INPUT_MESSAGES.clientsReadOnly });
    await expect(requireAgentToolsEditor(clientOf('saveChats'), 'na', 'saveAgent1')).rejects.toMatchObject({ status: 403, message: NO_AGENT_ACCESS });
  });
});

describe('trying an agent as its workspace’s member', () => {
  const tokens: Record<string, { uid: string; role: string; clientId?: string }> = {
    owner: { uid: 'saveAgency', role: '' },
    stranger: { uid: 'saveOther', role: '' },
    client: { uid: 'uid-saveTools', role: 'client', clientId: 'saveTools' },
  };
  const bearer = (name?: string) => ({
    headers: name ? { authorization: `Bearer ${name}.id.token` } : {},
    idTokens: async (token: string) => tokens[token.split('.')[0] ?? ''] ?? null,
  });

  it('is a member by ID token; a stranger, a client or no bearer is a visitor (draft settings do not apply)', async () => {
    await expect(requireMemberTrying(bearer('owner'), 'na', 'saveAgent1', false)).resolves.toBe(true);
    for (const name of ['stranger', 'client', undefined]) await expect(requireMemberTrying(bearer(name), 'na', 'saveAgent1', false)).resolves.toBe(false);
  });

  it('keeps the test chat to members (403 for anyone else)', async () => {
    await expect(requireMemberTrying(bearer('owner'), 'na', 'saveAgent1', true)).resolves.toBe(true);
    for (const name of ['stranger', 'client', undefined]) {
      await expect(requireMemberTrying(bearer(name), 'na', 'saveAgent1', true)).rejects.toMatchObject({ status: 403, message: TEST_CHAT_MEMBERS_ONLY });
    }
  });
});

describe('an agent named with its workspace', () => {
  it('is acted on only when it is in that workspace', async () => {
    const access = await requireAgentAccess(user('saveAgency'), 'na', 'saveAgent1');
    expect(requireAgentInWorkspace(access, 'saveAgency')).toBe(access);
    expect(() => requireAgentInWorkspace(access, 'saveOther')).toThrow(expect.objectContaining({ code: 'permission-denied', message: OTHER_WORKSPACE_AGENT }));
    expect(() => requireAgentInWorkspace(access, 'saveOther', 'This agent is not in this workspace.')).toThrow('This agent is not in this workspace.');
  });
});
