// Rules for tools/{toolId}: a workspace's agent tools (userId = the workspace). Members of the workspace read them;
// only functions write them (saveTool, deleteTool). The server URL secret (tools/{toolId}/private/secrets) is
// functions only: no owner, member or client ever reads it. Clients see an agent's tools through a callable only.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it } from 'vitest';
import { EU, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const tool = (id: string, userId: string) => ({ id, userId, name: `tool_${id}`, description: '', serverUrl: 'https://tools.example.com/x', method: 'GET', fields: [], hasSecret: true });

beforeEach(async () => {
  await w.seed({
    'tools/tA': tool('tA', 'alice'),
    'tools/tA/private/secrets': { serverUrlSecret: 'tool-secret-A' },
    'tools/tT': tool('tT', 'team1'),
    'tools/tB': tool('tB', 'bob'),
    'tools/tB/private/secrets': { serverUrlSecret: 'tool-secret-B' },
  });
});

const workspaceTools = (role: Role, workspaceId: string) => getDocs(query(collection(w.as(role), 'tools'), where('userId', '==', workspaceId)));

describe('owner', () => {
  it('lists and reads its workspaces’ tools (personal and team)', async () => {
    expect((await assertSucceeds(workspaceTools('owner', 'alice'))).docs.map((d) => d.id)).toEqual(['tA']);
    expect((await assertSucceeds(workspaceTools('owner', 'team1'))).docs.map((d) => d.id)).toEqual(['tT']);
    await assertSucceeds(getDoc(doc(w.as('owner'), 'tools/tA')));
  });

  it('is denied a list without the workspace constraint, and another workspace’s tools', async () => {
    await assertFails(getDocs(collection(w.as('owner'), 'tools')));
    await assertFails(workspaceTools('owner', 'bob'));
    await assertFails(getDoc(doc(w.as('owner'), 'tools/tB')));
  });

  it('writes no tool: saving checks the name and the URL, so it goes through the functions', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'tools/tNew'), tool('tNew', 'alice')));
    await assertFails(updateDoc(doc(w.as('owner'), 'tools/tA'), { serverUrl: 'http://169.254.169.254/' }));
    await assertFails(deleteDoc(doc(w.as('owner'), 'tools/tA')));
  });

  it('never reads or writes the secret', async () => {
    await assertFails(getDoc(doc(w.as('owner'), 'tools/tA/private/secrets')));
    await assertFails(setDoc(doc(w.as('owner'), 'tools/tA/private/secrets'), { serverUrlSecret: 'x' }));
  });
});

describe('member', () => {
  it('reads the workspace’s tools, never the secret, writes nothing', async () => {
    await assertSucceeds(workspaceTools('member', 'alice'));
    await assertFails(getDoc(doc(w.as('member'), 'tools/tA/private/secrets')));
    await assertFails(updateDoc(doc(w.as('member'), 'tools/tA'), { name: 'renamed' }));
  });

  it('EU: alice’s EU workspace has no members, so mia reads nothing there', async () => {
    await w.seed({ 'tools/tA': tool('tA', 'alice') }, EU);
    await assertFails(getDocs(query(collection(w.as('member', EU), 'tools'), where('userId', '==', 'alice'))));
  });
});

describe('clients, squatters and strangers', () => {
  it.each(['client', 'orgAdmin', 'otherClient', 'clientNamedAlice', 'stranger', 'squatter'] as Role[])('%s reads no tool and no secret of alice', async (role) => {
    await assertFails(workspaceTools(role, 'alice'));
    await assertFails(getDoc(doc(w.as(role), 'tools/tA')));
    await assertFails(getDoc(doc(w.as(role), 'tools/tA/private/secrets')));
    await assertFails(setDoc(doc(w.as(role), 'tools/tX'), tool('tX', 'alice')));
  });
});
