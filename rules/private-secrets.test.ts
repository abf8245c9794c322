// Rules for private secret documents: voiceglow/{id}/private/*, users/{uid}/private/*, clients/{id}/private/*,
// agencies/{id}/private/* and the channel records' tokens (metaPages, waNumbers, telegramBots, discordChannels
// /{id}/private/*). No client access at all: functions read them with the admin SDK.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { ALL_ROLES, DATABASES, EU, useWorld } from './world.ts';

const w = useWorld();

const SECRET_DOCS = [
  'voiceglow/agentA1/private/secrets',
  'users/alice/private/secrets',
  'clients/cA/private/credentials',
  'agencies/agA/private/secrets',
  'metaPages/pA/private/secrets',
  'waNumbers/wA/private/secrets',
  'telegramBots/tA/private/secrets',
  'discordChannels/dA/private/secrets',
];

describe('functions (rules disabled)', () => {
  it('read every secret document (they exist, so the denials below are rules, not absence)', async () => {
    for (const path of SECRET_DOCS) expect(await w.read(path)).not.toBeNull();
  });

  it('read them in the EU database too', async () => {
    for (const path of SECRET_DOCS) expect(await w.read(path, EU)).not.toBeNull();
  });
});

describe('the public documents beside them', () => {
  it('stay readable by their owners', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('owner'), 'voiceglow/agentA1')))).exists()).toBe(true);
    expect((await assertSucceeds(getDoc(doc(w.as('owner'), 'users/alice')))).exists()).toBe(true);
    expect((await assertSucceeds(getDoc(doc(w.as('owner'), 'agencies/agA')))).exists()).toBe(true);
    expect((await assertSucceeds(getDoc(doc(w.as('client'), 'clients/cA')))).exists()).toBe(true);
  });
});

describe.each(ALL_ROLES)('%s', (role) => {
  it('cannot read or list any secret document in either database', async () => {
    for (const database of DATABASES) {
      for (const path of SECRET_DOCS) {
        await assertFails(getDoc(doc(w.as(role, database), path)));
        await assertFails(getDocs(collection(w.as(role, database), path.slice(0, path.lastIndexOf('/')))));
      }
    }
  });

  it('cannot write or delete them', async () => {
    for (const path of SECRET_DOCS) {
      await assertFails(setDoc(doc(w.as(role), path), { SECRET_API_KEY: 'vg_mine', workspaceSecret: 'vg_mine' }));
      await assertFails(deleteDoc(doc(w.as(role), path)));
    }
  });

  it('cannot create new secret documents', async () => {
    await assertFails(setDoc(doc(w.as(role), 'voiceglow/agentA2/private/secrets'), { SECRET_API_KEY: 'vg_x' }));
    await assertFails(setDoc(doc(w.as(role), 'users/bob/private/extra'), { x: 1 }));
  });
});
