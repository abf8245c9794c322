// Rules for knowledge-base documents voiceglow/{agentId}/kb/{docId} and their chunks (…/chunks/{id}).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, ids, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const KB = 'voiceglow/agentA1/kb';
const CHUNKS = 'voiceglow/agentA1/kb/d1/chunks';
// The rule is scoped by the agent in the path: the same list without it is a collection-group query.
const list = (role: Role, path: string) => getDocs(collection(w.as(role), path));
const acrossAgents = (role: Role, id: 'kb' | 'chunks') => getDocs(collectionGroup(w.as(role), id));

describe('owner', () => {
  it('lists the agent’s documents (the agent in the path)', async () => {
    expect(ids(await assertSucceeds(list('owner', KB)))).toEqual(['d1']);
  });

  it('is denied the same list across every agent (collection group, no agent in the path)', async () => {
    await assertFails(acrossAgents('owner', 'kb'));
  });

  it('lists an empty knowledge base (still denied across agents)', async () => {
    await w.withEmptyCollection(KB, async () => {
      expect((await assertSucceeds(list('owner', KB))).size).toBe(0);
      await assertFails(acrossAgents('owner', 'kb'));
    });
  });

  it('reads and lists a document’s chunks; denied across agents; an empty chunk list too', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner'), `${CHUNKS}/d1_0`)))).data()?.text).toBe('hello');
    expect(ids(await assertSucceeds(list('owner', CHUNKS)))).toEqual(['d1_0']);
    await assertFails(acrossAgents('owner', 'chunks'));
    await w.withEmptyCollection(CHUNKS, async () => {
      expect((await assertSucceeds(list('owner', CHUNKS))).size).toBe(0);
      await assertFails(acrossAgents('owner', 'chunks'));
    });
  });

  it('may not create or edit documents: sources go through the knowledge callables', async () => {
    // The attack: a URL source aimed at the metadata server, for the hourly crawler to fetch.
    await assertFails(setDoc(doc(w.as('owner'), `${KB}/d3`), { ID: 'd3', name: 'x', agentId: 'agentA1', sourceType: 'url', url: 'http://169.254.169.254/latest/meta-data/', refreshRate: '1h', status: 'SUCCESS' }));
    await assertFails(updateDoc(doc(w.as('owner'), `${KB}/d1`), { url: 'http://[::ffff:127.0.0.1]/', sourceType: 'url', refreshRate: '1h' }));
    await assertFails(setDoc(doc(w.as('owner'), `${KB}/d1`), { name: 'replaced', agentId: 'agentA1' }));
    await assertFails(setDoc(doc(w.as('owner'), `${KB}/d3`), { name: 'x', agentId: 'agentB1' }));
    expect(await w.read(`${KB}/d3`)).toBeNull();
  });

  it('deletes a document', async () => {
    await assertSucceeds(deleteDoc(doc(w.as('owner'), `${KB}/d1`)));
    expect(await w.read(`${KB}/d1`)).toBeNull();
  });

  it('chunks are written by the ingestion functions only', async () => {
    await assertFails(setDoc(doc(w.as('owner'), `${CHUNKS}/d1_1`), { text: 'forged' }));
    await assertFails(deleteDoc(doc(w.as('owner'), `${CHUNKS}/d1_0`)));
  });

  it('EU database: reads there too', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner', EU), `${KB}/d1`)))).exists()).toBe(true);
  });
});

describe('member', () => {
  it('reads and deletes documents of the workspace agent', async () => {
    const db = w.as('member');
    expect((await assertSucceeds(getDoc(doc(db, `${KB}/d1`)))).exists()).toBe(true);
    expect(ids(await assertSucceeds(list('member', KB)))).toEqual(['d1']);
    await assertSucceeds(deleteDoc(doc(db, `${KB}/d1`)));
    expect(await w.read(`${KB}/d1`)).toBeNull();
  });

  it('never creates or edits one, whatever its fields', async () => {
    const db = w.as('member');
    await assertFails(setDoc(doc(db, `${KB}/d2`), { ID: 'd2', name: 'Note', content: 'text', agentId: 'agentA1' }));
    await assertFails(setDoc(doc(db, `${KB}/d2`), { ID: 'd2', name: 'Crawl me', agentId: 'agentA1', sourceType: 'url', url: 'http://[::ffff:a9fe:a9fe]/', refreshRate: '1h' }));
    await assertFails(updateDoc(doc(db, `${KB}/d1`), { name: 'Renamed' }));
    await assertFails(updateDoc(doc(db, `${KB}/d1`), { status: 'SUCCESS', content: 'forged answer', chunkIds: [] }));
    expect(await w.read(`${KB}/d2`)).toBeNull();
    expect(await w.read(`${KB}/d1`)).not.toMatchObject({ name: 'Renamed' });
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(getDoc(doc(w.as('member', EU), `${KB}/d1`)));
  });
});

describe('stranger', () => {
  it('reads its own agent’s documents', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('stranger'), 'voiceglow/agentB1/kb/d1')))).data()?.name).toBe('Bob doc');
  });

  it('reads nothing of alice’s agent', async () => {
    await assertFails(list('stranger', KB));
    await assertFails(getDoc(doc(w.as('stranger'), `${CHUNKS}/d1_0`)));
  });

  it('may not write into another owner’s knowledge base', async () => {
    await assertFails(setDoc(doc(w.as('stranger'), `${KB}/evil`), { name: 'x', agentId: 'agentA1' }));
    await assertFails(deleteDoc(doc(w.as('stranger'), `${KB}/d1`)));
  });
});

describe('client', () => {
  it('needs /kb in canAccess: client A (home, convos) is denied', async () => {
    await assertFails(list('client', KB));
  });

  it('with /kb granted, lists documents and reads chunks of its agent, but never writes', async () => {
    await w.seed({ 'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home', '/kb'] } });
    expect((await assertSucceeds(list('client', KB))).size).toBe(1);
    expect((await assertSucceeds(getDoc(doc(w.as('client'), `${CHUNKS}/d1_0`)))).exists()).toBe(true);
    await assertFails(acrossAgents('client', 'kb'));
    await assertFails(setDoc(doc(w.as('client'), `${KB}/c1`), { name: 'client', agentId: 'agentA1' }));
    await assertFails(updateDoc(doc(w.as('client'), `${KB}/d1`), { name: 'client' }));
    await assertFails(deleteDoc(doc(w.as('client'), `${KB}/d1`)));
  });
});

describe('orgAdmin', () => {
  it('without /kb reads no document', async () => {
    await assertFails(getDoc(doc(w.as('orgAdmin'), `${KB}/d1`)));
  });
});

describe('otherClient', () => {
  it('cross-tenant: with every page, still cannot read agency A’s knowledge base', async () => {
    await assertFails(list('otherClient', KB));
  });

  it('reads its own agent’s documents (it has /kb)', async () => {
    expect((await assertSucceeds(list('otherClient', 'voiceglow/agentB1/kb'))).size).toBe(1);
  });
});

describe('clientNamedAlice', () => {
  it('is client cA (no /kb), not the owner: reads and writes nothing', async () => {
    await assertFails(getDoc(doc(w.as('clientNamedAlice'), `${KB}/d1`)));
    await assertFails(setDoc(doc(w.as('clientNamedAlice'), `${KB}/d9`), { name: 'x', agentId: 'agentA1' }));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('anon'), `${KB}/d1`)));
  });
});
