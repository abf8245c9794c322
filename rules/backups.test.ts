// Rules for version history voiceglow/{agentId}/backups/{id} (written by the saveAgentBackup callable).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, deleteDoc, doc, getDoc, getDocs, limit, orderBy, query, setDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, NA, orderedIds, useWorld, type Database, type Role } from './world.ts';

const w = useWorld();

// The Version History menu: newest 20 of the agent (the agent in the path).
const history = (role: Role, agentId: string, database: Database = NA) =>
  getDocs(query(collection(w.as(role, database), 'voiceglow', agentId, 'backups'), orderBy('ts', 'desc'), limit(20)));
const acrossAgents = (role: Role) => getDocs(query(collectionGroup(w.as(role), 'backups'), orderBy('ts', 'desc'), limit(20)));

describe('owner', () => {
  it('lists the history newest first, as the Version History menu does', async () => {
    expect(orderedIds(await assertSucceeds(history('owner', 'agentA1')))).toEqual(['b2', 'b1']);
  });

  it('is denied the same list across every agent (collection group)', async () => {
    await assertFails(acrossAgents('owner'));
  });

  it('lists an empty history (still denied across agents)', async () => {
    await w.withEmptyCollection('voiceglow/agentA1/backups', async () => {
      expect((await assertSucceeds(history('owner', 'agentA1'))).size).toBe(0);
      await assertFails(acrossAgents('owner'));
    });
  });

  it('writes and deletes no backup directly (the callable does)', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'voiceglow/agentA1/backups/b3'), { ts: 3000, agent: {} }));
    await assertFails(deleteDoc(doc(w.as('owner'), 'voiceglow/agentA1/backups/b1')));
  });

  it('EU database: lists there too', async () => {
    expect((await assertSucceeds(history('owner', 'agentA1', EU))).size).toBe(2);
  });
});

describe('member', () => {
  it('reads the history', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('member'), 'voiceglow/agentA1/backups/b1')))).data()?.ts).toBe(1000);
    expect((await assertSucceeds(history('member', 'agentA1'))).size).toBe(2);
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(history('member', 'agentA1', EU));
  });
});

describe('stranger', () => {
  it('reads its own history but not alice’s', async () => {
    expect((await assertSucceeds(history('stranger', 'agentB1'))).size).toBe(1);
    await assertFails(history('stranger', 'agentA1'));
  });
});

describe('client', () => {
  it('reads no history of its agent (members only)', async () => {
    await assertFails(history('client', 'agentA1'));
  });
});

describe('orgAdmin', () => {
  it('reads no history', async () => {
    await assertFails(getDoc(doc(w.as('orgAdmin'), 'voiceglow/agentA1/backups/b1')));
  });
});

describe('otherClient', () => {
  it('even with every page, reads no history of its own agency’s agent', async () => {
    await assertFails(history('otherClient', 'agentB1'));
  });
});

describe('clientNamedAlice', () => {
  it('is not the owner: reads no history', async () => {
    await assertFails(history('clientNamedAlice', 'agentA1'));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(history('anon', 'agentA1'));
  });
});
