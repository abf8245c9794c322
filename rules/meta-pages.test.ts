// Rules for metaPages/{id} (which agent answers a Facebook/Instagram page; written by functions only). The page
// access token is not on the record: it lives in metaPages/{id}/private/secrets (see private-secrets.test.ts).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, NA, useWorld, type Database, type Role } from './world.ts';

const w = useWorld();

// The channel status query: where agentId == the agent, limit 1.
const byAgent = (role: Role, agentId: string, database: Database = NA) =>
  getDocs(query(collection(w.as(role, database), 'metaPages'), where('agentId', '==', agentId), limit(1)));
const everyPage = (role: Role) => getDocs(query(collection(w.as(role), 'metaPages'), limit(1)));

describe('owner', () => {
  it('queries its agent’s page with where agentId == the agent', async () => {
    expect((await assertSucceeds(byAgent('owner', 'agentA1'))).docs[0]?.data().pageName).toBe('Page A');
  });

  it('is denied the same query without the agentId constraint', async () => {
    await assertFails(everyPage('owner'));
  });

  it('queries an empty collection with the constraint (still denied without it)', async () => {
    await w.withEmptyCollection('metaPages', async () => {
      expect((await assertSucceeds(byAgent('owner', 'agentA1'))).size).toBe(0);
      await assertFails(everyPage('owner'));
    });
  });

  it('connects and removes pages only through functions', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'metaPages/pNew'), { pageId: 'pNew', agentId: 'agentA1' }));
    await assertFails(deleteDoc(doc(w.as('owner'), 'metaPages/pA')));
  });

  it('cannot read its own page token either: only functions use it', async () => {
    await assertFails(getDoc(doc(w.as('owner'), 'metaPages/pA/private/secrets')));
    await assertFails(setDoc(doc(w.as('owner'), 'metaPages/pA/private/secrets'), { pageAccessToken: 'mine' }));
  });

  it('EU database: queries there too', async () => {
    expect((await assertSucceeds(byAgent('owner', 'agentA1', EU))).size).toBe(1);
  });
});

describe('member', () => {
  it('reads the page record, which carries no token', async () => {
    const record = (await assertSucceeds(getDoc(doc(w.as('member'), 'metaPages/pA')))).data();
    expect(record).toMatchObject({ pageName: 'Page A' });
    expect(JSON.stringify(record)).not.toContain('page-token');
  });

  it('cannot read the page token (private/secrets)', async () => {
    await assertFails(getDoc(doc(w.as('member'), 'metaPages/pA/private/secrets')));
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertFails(byAgent('member', 'agentA1', EU));
  });
});

describe('squatter (signed up first with the invited mia@a.test, never verified it)', () => {
  it('reads neither the page record nor its token', async () => {
    await assertFails(getDoc(doc(w.as('squatter'), 'metaPages/pA')));
    await assertFails(byAgent('squatter', 'agentA1'));
    await assertFails(getDoc(doc(w.as('squatter'), 'metaPages/pA/private/secrets')));
  });
});

describe('stranger', () => {
  it('queries its own agent’s page', async () => {
    expect((await assertSucceeds(byAgent('stranger', 'agentB1'))).size).toBe(1);
  });

  it('cannot read alice’s page, nor list every page', async () => {
    await assertFails(byAgent('stranger', 'agentA1'));
    await assertFails(getDocs(collection(w.as('stranger'), 'metaPages')));
  });
});

describe('client', () => {
  it('reads nothing (page records are the workspace’s)', async () => {
    await assertFails(getDoc(doc(w.as('client'), 'metaPages/pA')));
  });
});

describe('orgAdmin', () => {
  it('reads nothing', async () => {
    await assertFails(byAgent('orgAdmin', 'agentA1'));
  });
});

describe('otherClient', () => {
  it('reads nothing, not even its own agency’s page', async () => {
    await assertFails(getDoc(doc(w.as('otherClient'), 'metaPages/pB')));
  });
});

describe('clientNamedAlice', () => {
  it('with the owner’s uid, reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('clientNamedAlice'), 'metaPages/pA')));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('anon'), 'metaPages/pA')));
  });
});

describe('owner (tokens kept for Messenger and the Legacy Method)', () => {
  it('reads no long-lived Facebook user token (users/{uid}/private/meta)', async () => {
    await w.seed({ 'users/alice/private/meta': { userAccessToken: 'EAALONG-secret' } });
    await assertFails(getDoc(doc(w.as('owner'), 'users/alice/private/meta')));
    await assertFails(getDoc(doc(w.as('member'), 'users/alice/private/meta')));
  });

  it('cannot put the legacy app secret on the agent document (it belongs in private/secrets)', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'voiceglow/agentA1'), { whatsappAppSecret: 'plain' }, { merge: true }));
  });
});
