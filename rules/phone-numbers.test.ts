// Rules for phoneNumbers/{id}: a workspace's phone numbers (ownerID = the workspace). Members of the workspace read
// them; only functions write them (buying and importing check the plan's slots at the provider's side too). An
// imported number's own Twilio credentials (phoneNumbers/{id}/private/secrets) are functions only.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it } from 'vitest';
import { EU, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const number = (id: string, ownerID: string, agentId: string | null) => ({
  ID: id, ownerID, number: '+14155550100', source: 'imported', agentId, country: 'US', providerNumberId: `pv-${id}`, twilioSid: `PN${id}`, createdAt: 1,
});

beforeEach(async () => {
  await w.seed({
    'phoneNumbers/pA': number('pA', 'alice', 'agentA1'),
    'phoneNumbers/pA/private/secrets': { twilioAccountSid: 'AC1', twilioAuthToken: 'own-token-A' },
    'phoneNumbers/pT': number('pT', 'team1', null),
    'phoneNumbers/pB': number('pB', 'bob', null),
  });
});

const workspaceNumbers = (role: Role, ownerID: string) => getDocs(query(collection(w.as(role), 'phoneNumbers'), where('ownerID', '==', ownerID)));

describe('owner', () => {
  it('lists and reads its workspaces’ numbers (personal and team)', async () => {
    expect((await assertSucceeds(workspaceNumbers('owner', 'alice'))).docs.map((d) => d.id)).toEqual(['pA']);
    expect((await assertSucceeds(workspaceNumbers('owner', 'team1'))).docs.map((d) => d.id)).toEqual(['pT']);
    expect((await assertSucceeds(getDoc(doc(w.as('owner'), 'phoneNumbers/pA')))).data()).toMatchObject({ agentId: 'agentA1' });
  });

  it('is denied a list without the workspace constraint, another workspace’s numbers and any Twilio credentials', async () => {
    await assertFails(getDocs(collection(w.as('owner'), 'phoneNumbers')));
    await assertFails(workspaceNumbers('owner', 'bob'));
    await assertFails(getDoc(doc(w.as('owner'), 'phoneNumbers/pB')));
    await assertFails(getDoc(doc(w.as('owner'), 'phoneNumbers/pA/private/secrets')));
  });

  it('writes no number: buying, assigning and releasing go through the functions (slots, the provider)', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'phoneNumbers/pNew'), number('pNew', 'alice', null)));
    await assertFails(updateDoc(doc(w.as('owner'), 'phoneNumbers/pA'), { agentId: 'agentB1' }));
    await assertFails(deleteDoc(doc(w.as('owner'), 'phoneNumbers/pA')));
    await assertFails(setDoc(doc(w.as('owner'), 'phoneNumbers/pA/private/secrets'), { twilioAuthToken: 'x' }));
  });
});

describe('member', () => {
  it('reads the workspace’s numbers, never their credentials', async () => {
    expect((await assertSucceeds(workspaceNumbers('member', 'alice'))).size).toBe(1);
    await assertFails(getDoc(doc(w.as('member'), 'phoneNumbers/pA/private/secrets')));
    await assertFails(updateDoc(doc(w.as('member'), 'phoneNumbers/pA'), { agentId: null }));
  });
});

describe.each(['stranger', 'squatter', 'client', 'otherClient', 'agencyAdmin'] as Role[])('%s', (role) => {
  it('reads, lists and writes no number (both databases)', async () => {
    await assertFails(getDoc(doc(w.as(role), 'phoneNumbers/pA')));
    await assertFails(workspaceNumbers(role, 'alice'));
    await assertFails(setDoc(doc(w.as(role), 'phoneNumbers/pX'), number('pX', 'alice', null)));
    await assertFails(getDoc(doc(w.as(role, EU), 'phoneNumbers/pA')));
  });
});
