// Rules for agents: voiceglow/{agentId}.
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const ids = (snap: { docs: { id: string }[] }) => snap.docs.map((d) => d.id).sort();

describe('workspace owner', () => {
  it('reads its agents and lists them with where ownerID == me', async () => {
    const db = w.as('owner');
    expect((await getDoc(doc(db, 'voiceglow/agentA1'))).data()?.title).toBe('Alice One');
    expect(ids(await getDocs(query(collection(db, 'voiceglow'), where('ownerID', '==', 'alice'))))).toEqual(['agentA1', 'agentA2']);
  });

  it('reads and lists the agents of the team workspace it created (users/team1.ownerId)', async () => {
    const db = w.as('owner');
    expect(ids(await getDocs(query(collection(db, 'voiceglow'), where('ownerID', '==', 'team1'))))).toEqual(['agentT1']);
  });

  it('creates an agent owned by its workspace and edits it', async () => {
    const db = w.as('owner');
    await setDoc(doc(db, 'voiceglow/newA'), { ID: 'newA', title: 'New', ownerID: 'alice' });
    await updateDoc(doc(db, 'voiceglow/newA'), { title: 'Renamed', vg_temperature: 0.5 });
    expect((await getDoc(doc(db, 'voiceglow/newA'))).data()).toMatchObject({ title: 'Renamed', ownerID: 'alice' });
  });

  it('deletes its agent', async () => {
    await deleteDoc(doc(w.as('owner'), 'voiceglow/agentA2'));
    expect(await w.read('voiceglow/agentA2')).toBeNull();
  });

  it('may not create an agent for another workspace', async () => {
    await expectDenied(setDoc(doc(w.as('owner'), 'voiceglow/forged'), { title: 'Forged', ownerID: 'bob' }));
  });

  it('may not change ownerID (hand the agent to someone else)', async () => {
    await expectDenied(updateDoc(doc(w.as('owner'), 'voiceglow/agentA1'), { ownerID: 'bob' }));
    expect(await w.read('voiceglow/agentA1')).toMatchObject({ fields: { ownerID: { stringValue: 'alice' } } });
  });

  it('may not write secret fields onto the agent document', async () => {
    const db = w.as('owner');
    await expectDenied(updateDoc(doc(db, 'voiceglow/agentA1'), { SECRET_API_KEY: 'vg_leaked' }));
    await expectDenied(updateDoc(doc(db, 'voiceglow/agentA1'), { whatsappToken: 'token' }));
    await expectDenied(setDoc(doc(db, 'voiceglow/withKey'), { ownerID: 'alice', VF_DIALOGUE_API_KEY: 'VF.DM.x' }));
    await expectDenied(setDoc(doc(db, 'voiceglow/withGcloud'), { ownerID: 'alice', gcloudPrivateKey: 'key' }));
  });

  it('may not create an agent whose ID field names another document', async () => {
    await expectDenied(setDoc(doc(w.as('owner'), 'voiceglow/x1'), { ID: 'agentB1', ownerID: 'alice' }));
  });
});

describe('workspace member (e-mail in workspaceEmails)', () => {
  it('reads, lists and edits the workspace agents', async () => {
    const db = w.as('member');
    expect(ids(await getDocs(query(collection(db, 'voiceglow'), where('ownerID', '==', 'alice'))))).toEqual(['agentA1', 'agentA2']);
    await updateDoc(doc(db, 'voiceglow/agentA1'), { title: 'By Mia' });
    expect((await getDoc(doc(db, 'voiceglow/agentA1'))).data()?.title).toBe('By Mia');
  });

  it('creates agents only with ownerID = the workspace owner', async () => {
    const db = w.as('member');
    await setDoc(doc(db, 'voiceglow/miaAgent'), { title: 'Mia', ownerID: 'alice' });
    await expectDenied(setDoc(doc(db, 'voiceglow/miaOwn'), { title: 'Mia', ownerID: 'bob' }));
  });

  it('is not a member of workspaces that do not list it', async () => {
    const db = w.as('member');
    await expectDenied(getDoc(doc(db, 'voiceglow/agentT1')));
    await expectDenied(updateDoc(doc(db, 'voiceglow/agentB1'), { title: 'x' }));
  });
});

describe('another tenant', () => {
  it('reads and lists only its own agents', async () => {
    const db = w.as('stranger');
    expect(ids(await getDocs(query(collection(db, 'voiceglow'), where('ownerID', '==', 'bob'))))).toEqual(['agentB1']);
    await expectDenied(getDoc(doc(db, 'voiceglow/agentA1')));
  });

  it('is denied a query that would return another owner’s agents', async () => {
    const db = w.as('stranger');
    await expectDenied(getDocs(query(collection(db, 'voiceglow'), where('ownerID', '==', 'alice'))));
    await expectDenied(getDocs(collection(db, 'voiceglow')));
  });

  it('may not edit or delete another owner’s agent', async () => {
    const db = w.as('stranger');
    await expectDenied(updateDoc(doc(db, 'voiceglow/agentA1'), { title: 'pwned' }));
    await expectDenied(deleteDoc(doc(db, 'voiceglow/agentA1')));
  });
});

describe('agency client', () => {
  it('reads the agents in its widgetIDs (own workspace and the agency owner’s team workspace)', async () => {
    const db = w.as('client');
    expect((await getDoc(doc(db, 'voiceglow/agentA1'))).data()?.title).toBe('Alice One');
    expect((await getDoc(doc(db, 'voiceglow/agentT1'))).data()?.title).toBe('Team One');
  });

  it('does not read agents outside its widgetIDs, nor list the owner’s agents', async () => {
    const db = w.as('client');
    await expectDenied(getDoc(doc(db, 'voiceglow/agentA2')));
    await expectDenied(getDocs(query(collection(db, 'voiceglow'), where('ownerID', '==', 'alice'))));
  });

  it('cross-tenant: agency B listing agency A’s agent in its client’s widgetIDs does not expose it', async () => {
    const db = w.as('otherClient');
    expect((await getDoc(doc(db, 'voiceglow/agentB1'))).data()?.title).toBe('Bob One');
    await expectDenied(getDoc(doc(db, 'voiceglow/agentA1')));
  });

  it('never writes agents directly', async () => {
    const db = w.as('client');
    await expectDenied(updateDoc(doc(db, 'voiceglow/agentA1'), { title: 'client edit' }));
    await expectDenied(setDoc(doc(db, 'voiceglow/clientAgent'), { title: 'c', ownerID: 'alice' }));
  });

  it('loses access when its org disables client access', async () => {
    await w.seed({ 'orgs/orgA': { ID: 'orgA', name: 'Org A', ownerID: 'alice', settings: { disableClientAccess: true } } });
    await expectDenied(getDoc(doc(w.as('client'), 'voiceglow/agentA1')));
  });

  it('a client token is never a workspace user, even with a workspace owner’s uid and e-mail', async () => {
    const db = w.as('clientNamedAlice');
    await expectDenied(getDoc(doc(db, 'voiceglow/agentA2')));
    await expectDenied(setDoc(doc(db, 'voiceglow/sneaky'), { ownerID: 'alice' }));
  });
});

describe('looking up an unknown agent (wrong region or /404)', () => {
  it('a signed-in user learns that an id does not exist', async () => {
    expect((await getDoc(doc(w.as('owner'), 'voiceglow/nope'))).exists()).toBe(false);
    expect((await getDoc(doc(w.as('client', EU), 'voiceglow/nope'))).exists()).toBe(false);
  });

  it('a visitor does not', async () => {
    await expectDenied(getDoc(doc(w.as('anon'), 'voiceglow/nope')));
  });
});

describe('unauthenticated visitor', () => {
  it('reads, lists and writes nothing', async () => {
    const db = w.as('anon');
    await expectDenied(getDoc(doc(db, 'voiceglow/agentA1')));
    await expectDenied(getDocs(query(collection(db, 'voiceglow'), where('ownerID', '==', 'alice'))));
    await expectDenied(setDoc(doc(db, 'voiceglow/anonAgent'), { ownerID: 'alice' }));
  });
});

describe('regions: each database consults its own workspace records', () => {
  it('the owner reads its agents in the EU database too', async () => {
    expect((await getDoc(doc(w.as('owner', EU), 'voiceglow/agentA1'))).exists()).toBe(true);
  });

  it('membership in the NA workspace grants nothing in the EU database', async () => {
    expect((await getDoc(doc(w.as('member'), 'voiceglow/agentA1'))).exists()).toBe(true);
    await expectDenied(getDoc(doc(w.as('member', EU), 'voiceglow/agentA1')));
    await expectDenied(getDocs(query(collection(w.as('member', EU), 'voiceglow'), where('ownerID', '==', 'alice'))));
  });
});
