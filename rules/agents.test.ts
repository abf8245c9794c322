// Rules for agents: voiceglow/{agentId}.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, documentId, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, ids, NA, useWorld, type Database, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

// The agent list: where ownerID == the workspace id (the rule proves membership from that constraint).
const byOwner = (role: Role, ownerID: string, database: Database = NA) =>
  getDocs(query(collection(w.as(role, database), 'voiceglow'), where('ownerID', '==', ownerID)));
const everyAgent = (role: Role) => getDocs(collection(w.as(role), 'voiceglow'));

describe('owner', () => {
  it('reads its agent', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner'), 'voiceglow/agentA1')))).data()?.title).toBe('Alice One');
  });

  it('lists its agents with where ownerID == its workspace', async () => {
    expect(ids(await assertSucceeds(byOwner('owner', 'alice')))).toEqual(['agentA1', 'agentA2']);
  });

  it('is denied the same list without the ownerID constraint', async () => {
    await assertFails(everyAgent('owner'));
  });

  it('lists an empty agents collection with the constraint (still denied without it)', async () => {
    await w.withEmptyCollection('voiceglow', async () => {
      expect((await assertSucceeds(byOwner('owner', 'alice'))).size).toBe(0);
      await assertFails(everyAgent('owner'));
    });
  });

  it('lists the agents of the team workspace it created (users/team1.ownerId)', async () => {
    expect(ids(await assertSucceeds(byOwner('owner', 'team1')))).toEqual(['agentT1']);
  });

  it('edits its agent', async () => {
    const db = w.as('owner');
    await assertSucceeds(updateDoc(doc(db, 'voiceglow/agentA1'), { title: 'Renamed', vg_temperature: 0.5 }));
    expect((await assertSucceeds(getDoc(doc(db, 'voiceglow/agentA1')))).data()).toMatchObject({ title: 'Renamed', ownerID: 'alice' });
  });

  it('may not create an agent directly, even for its own workspace (functions create agents within maxAgents)', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'voiceglow/newA'), { ID: 'newA', title: 'New', ownerID: 'alice' }));
    expect(await w.read('voiceglow/newA')).toBeNull();
  });

  it('deletes its agent', async () => {
    await assertSucceeds(deleteDoc(doc(w.as('owner'), 'voiceglow/agentA2')));
    expect(await w.read('voiceglow/agentA2')).toBeNull();
  });

  it('may not create an agent for another workspace', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'voiceglow/forged'), { title: 'Forged', ownerID: 'bob' }));
  });

  it('may not change ownerID (hand the agent to someone else)', async () => {
    await assertFails(updateDoc(doc(w.as('owner'), 'voiceglow/agentA1'), { ownerID: 'bob' }));
    expect(await w.read('voiceglow/agentA1')).toMatchObject({ ownerID: 'alice' });
  });

  it('may not write secret fields onto the agent document', async () => {
    const db = w.as('owner');
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { SECRET_API_KEY: 'vg_leaked' }));
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { whatsappToken: 'token' }));
    await assertFails(setDoc(doc(db, 'voiceglow/withKey'), { ownerID: 'alice', VF_DIALOGUE_API_KEY: 'VF.DM.x' }));
    await assertFails(setDoc(doc(db, 'voiceglow/withGcloud'), { ownerID: 'alice', gcloudPrivateKey: 'key' }));
  });

  it('may not set the voice assistant’s id (functions keep it: another would be another workspace’s assistant)', async () => {
    const db = w.as('owner');
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { vapi: { id: 'assistant-of-another-workspace' } }));
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { 'vapi.id': 'assistant-of-another-workspace' }));
    expect(await w.read('voiceglow/agentA1')).not.toHaveProperty('vapi');
  });

  it('may not change the flow directly (the agent save checks it before it is stored)', async () => {
    const db = w.as('owner');
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { enableNodes: true }));
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { nodes: [{ id: 'orphan', type: 'default', data: { name: 'orphan' } }] }));
    expect(await w.read('voiceglow/agentA1')).not.toHaveProperty('nodes');
  });

  it('picks a model from the catalogue and a reply of at most 4096 tokens', async () => {
    const db = w.as('owner');
    await assertSucceeds(updateDoc(doc(db, 'voiceglow/agentA1'), { vg_defaultModel: 'gpt-4o', vg_maxTokens: 4096 }));
    await assertSucceeds(updateDoc(doc(db, 'voiceglow/agentA1'), { vg_defaultModel: 'gpt-4-1106-preview', vg_maxTokens: 1 }));
  });

  it('may not pick a model outside the catalogue, nor an unbounded or fractional reply length', async () => {
    const db = w.as('owner');
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { vg_defaultModel: 'gpt-4-32k' }));
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { vg_defaultModel: 42 }));
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { vg_maxTokens: 4097 }));
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { vg_maxTokens: 1000000 }));
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { vg_maxTokens: 0 }));
    await assertFails(updateDoc(doc(db, 'voiceglow/agentA1'), { vg_maxTokens: 10.5 }));
    await assertFails(setDoc(doc(db, 'voiceglow/pricey'), { ownerID: 'alice', vg_defaultModel: 'o1-pro' }));
    await assertFails(setDoc(doc(db, 'voiceglow/long'), { ownerID: 'alice', vg_maxTokens: 100000 }));
    expect(await w.read('voiceglow/agentA1')).not.toHaveProperty('vg_defaultModel');
  });

  it('still edits other fields of a legacy agent whose stored model is outside the catalogue', async () => {
    await w.seed({ 'voiceglow/legacy': { ID: 'legacy', title: 'Legacy', ownerID: 'alice', vg_defaultModel: 'gpt-4', vg_maxTokens: 8000 } });
    await assertSucceeds(updateDoc(doc(w.as('owner'), 'voiceglow/legacy'), { title: 'Renamed' }));
  });

  it('may not create an agent whose ID field names another document', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'voiceglow/x1'), { ID: 'agentB1', ownerID: 'alice' }));
  });

  it('learns that an unknown agent id does not exist (wrong region or /404)', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner'), 'voiceglow/nope')))).exists()).toBe(false);
  });

  it('EU database: reads and lists its agents there too', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner', EU), 'voiceglow/agentA1')))).exists()).toBe(true);
    expect(ids(await assertSucceeds(byOwner('owner', 'alice', EU)))).toEqual(['agentA1', 'agentA2']);
  });
});

describe('squatter (signed up first with the invited mia@a.test, never verified it)', () => {
  it('neither reads, lists, edits nor creates the workspace’s agents', async () => {
    await assertFails(getDoc(doc(w.as('squatter'), 'voiceglow/agentA1')));
    await assertFails(byOwner('squatter', 'alice'));
    await assertFails(updateDoc(doc(w.as('squatter'), 'voiceglow/agentA1'), { title: 'Mine' }));
    await assertFails(setDoc(doc(w.as('squatter'), 'voiceglow/samAgent'), { title: 'Sam', ownerID: 'alice' }));
  });
});

describe('member', () => {
  it('lists and edits the workspace agents', async () => {
    expect(ids(await assertSucceeds(byOwner('member', 'alice')))).toEqual(['agentA1', 'agentA2']);
    await assertSucceeds(updateDoc(doc(w.as('member'), 'voiceglow/agentA1'), { title: 'By Mia' }));
    expect((await assertSucceeds(getDoc(doc(w.as('member'), 'voiceglow/agentA1')))).data()?.title).toBe('By Mia');
  });

  it('is denied the list without the ownerID constraint', async () => {
    await assertFails(everyAgent('member'));
  });

  it('picks only catalogue models and bounded replies, like the owner', async () => {
    await assertSucceeds(updateDoc(doc(w.as('member'), 'voiceglow/agentA1'), { vg_defaultModel: 'gpt-4.1-mini', vg_maxTokens: 2048 }));
    await assertFails(updateDoc(doc(w.as('member'), 'voiceglow/agentA1'), { vg_defaultModel: 'claude-3-opus' }));
    await assertFails(updateDoc(doc(w.as('member'), 'voiceglow/agentA1'), { vg_maxTokens: 32000 }));
  });

  it('may not create agents directly, for the workspace it belongs to or another', async () => {
    await assertFails(setDoc(doc(w.as('member'), 'voiceglow/miaAgent'), { title: 'Mia', ownerID: 'alice' }));
    await assertFails(setDoc(doc(w.as('member'), 'voiceglow/miaOwn'), { title: 'Mia', ownerID: 'bob' }));
  });

  it('is not a member of workspaces that do not list it', async () => {
    await assertFails(getDoc(doc(w.as('member'), 'voiceglow/agentT1')));
    await assertFails(updateDoc(doc(w.as('member'), 'voiceglow/agentB1'), { title: 'x' }));
  });

  it('EU database: membership in the NA workspace grants nothing there', async () => {
    await assertFails(getDoc(doc(w.as('member', EU), 'voiceglow/agentA1')));
    await assertFails(byOwner('member', 'alice', EU));
  });
});

describe('stranger', () => {
  it('lists its own agents', async () => {
    expect(ids(await assertSucceeds(byOwner('stranger', 'bob')))).toEqual(['agentB1']);
  });

  it('reads no agent of alice’s, nor queries for them, nor lists every agent', async () => {
    await assertFails(getDoc(doc(w.as('stranger'), 'voiceglow/agentA1')));
    await assertFails(byOwner('stranger', 'alice'));
    await assertFails(everyAgent('stranger'));
    await assertFails(getDoc(doc(w.as('stranger', EU), 'voiceglow/agentA1')));
  });

  it('may not edit or delete another owner’s agent', async () => {
    await assertFails(updateDoc(doc(w.as('stranger'), 'voiceglow/agentA1'), { title: 'pwned' }));
    await assertFails(deleteDoc(doc(w.as('stranger'), 'voiceglow/agentA1')));
  });
});

describe('client', () => {
  it('reads the agents in its widgetIDs (the agency owner’s own and team workspace)', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('client'), 'voiceglow/agentA1')))).data()?.title).toBe('Alice One');
    expect((await assertSucceeds(getDoc(doc(w.as('client'), 'voiceglow/agentT1')))).data()?.title).toBe('Team One');
  });

  it('lists them by id (where documentId() in widgetIDs)', async () => {
    const mine = query(collection(w.as('client'), 'voiceglow'), where(documentId(), 'in', ['agentA1', 'agentT1']));
    expect(ids(await assertSucceeds(getDocs(mine)))).toEqual(['agentA1', 'agentT1']);
  });

  it('does not read agents outside its widgetIDs, nor list the owner’s agents', async () => {
    await assertFails(getDoc(doc(w.as('client'), 'voiceglow/agentA2')));
    await assertFails(byOwner('client', 'alice'));
    await assertFails(everyAgent('client'));
  });

  it('never writes agents directly', async () => {
    await assertFails(updateDoc(doc(w.as('client'), 'voiceglow/agentA1'), { title: 'client edit' }));
    await assertFails(setDoc(doc(w.as('client'), 'voiceglow/clientAgent'), { title: 'c', ownerID: 'alice' }));
  });

  it('loses access when its org disables client access', async () => {
    await w.seed({ 'orgs/orgA': { ID: 'orgA', name: 'Org A', ownerID: 'alice', settings: { disableClientAccess: true } } });
    await assertFails(getDoc(doc(w.as('client'), 'voiceglow/agentA1')));
  });

  it('EU database: learns that an unknown agent id does not exist', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('client', EU), 'voiceglow/nope')))).exists()).toBe(false);
  });
});

describe('orgAdmin', () => {
  it('reads the agent in its own widgetIDs only', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('orgAdmin'), 'voiceglow/agentA1')))).exists()).toBe(true);
    await assertFails(getDoc(doc(w.as('orgAdmin'), 'voiceglow/agentT1')));
  });

  it('never writes agents', async () => {
    await assertFails(updateDoc(doc(w.as('orgAdmin'), 'voiceglow/agentA1'), { title: 'admin edit' }));
  });
});

describe('otherClient', () => {
  it('reads its own agency’s agent', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('otherClient'), 'voiceglow/agentB1')))).data()?.title).toBe('Bob One');
  });

  it('cross-tenant: agency B listing agency A’s agent in its widgetIDs does not expose it', async () => {
    await assertFails(getDoc(doc(w.as('otherClient'), 'voiceglow/agentA1')));
    await assertFails(getDocs(query(collection(w.as('otherClient'), 'voiceglow'), where(documentId(), 'in', ['agentA1']))));
  });
});

describe('clientNamedAlice', () => {
  it('a client token is never a workspace user, even with the owner’s uid and e-mail', async () => {
    await assertFails(getDoc(doc(w.as('clientNamedAlice'), 'voiceglow/agentA2')));
    await assertFails(setDoc(doc(w.as('clientNamedAlice'), 'voiceglow/sneaky'), { ownerID: 'alice' }));
    await assertFails(byOwner('clientNamedAlice', 'alice'));
  });

  it('reads only what its client record grants (agentA1 as client cA)', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('clientNamedAlice'), 'voiceglow/agentA1')))).exists()).toBe(true);
  });
});

describe('anon', () => {
  it('reads, lists and writes nothing', async () => {
    await assertFails(getDoc(doc(w.as('anon'), 'voiceglow/agentA1')));
    await assertFails(byOwner('anon', 'alice'));
    await assertFails(setDoc(doc(w.as('anon'), 'voiceglow/anonAgent'), { ownerID: 'alice' }));
  });

  it('does not even learn that an agent id does not exist', async () => {
    await assertFails(getDoc(doc(w.as('anon'), 'voiceglow/nope')));
  });
});
