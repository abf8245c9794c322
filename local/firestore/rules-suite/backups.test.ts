// Rules for version history voiceglow/{agentId}/backups/{id} (written by the saveAgentBackup callable).
import { collection, deleteDoc, doc, getDoc, getDocs, limit, orderBy, query, setDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld, type World } from './world.ts';

const w = useWorld();

const history = (db: ReturnType<World['as']>, agentId: string) =>
  getDocs(query(collection(db, 'voiceglow', agentId, 'backups'), orderBy('ts', 'desc'), limit(20)));

describe('workspace owner and members', () => {
  it('owner lists the history newest first, as the Version History menu does', async () => {
    expect((await history(w.as('owner'), 'agentA1')).docs.map((d) => d.id)).toEqual(['b2', 'b1']);
  });

  it('member reads the history', async () => {
    expect((await getDoc(doc(w.as('member'), 'voiceglow/agentA1/backups/b1'))).data()?.ts).toBe(1000);
  });

  it('owner reads in the EU database too', async () => {
    expect((await history(w.as('owner', EU), 'agentA1')).size).toBe(2);
  });

  it('nobody writes or deletes backups directly (the callable does)', async () => {
    await expectDenied(setDoc(doc(w.as('owner'), 'voiceglow/agentA1/backups/b3'), { ts: 3000, agent: {} }));
    await expectDenied(deleteDoc(doc(w.as('owner'), 'voiceglow/agentA1/backups/b1')));
  });
});

describe('others', () => {
  it('another tenant reads its own history but not alice’s', async () => {
    expect((await history(w.as('stranger'), 'agentB1')).size).toBe(1);
    await expectDenied(history(w.as('stranger'), 'agentA1'));
  });

  it('agency clients (even with every page) and visitors read no history', async () => {
    await expectDenied(history(w.as('client'), 'agentA1'));
    await expectDenied(history(w.as('otherClient'), 'agentB1'));
    await expectDenied(history(w.as('anon'), 'agentA1'));
  });

  it('the NA-only member reads nothing in the EU database', async () => {
    await expectDenied(history(w.as('member', EU), 'agentA1'));
  });
});
