// Rules for private secret documents: voiceglow/{id}/private/*, users/{uid}/private/*, clients/{id}/private/*,
// agencies/{id}/private/*. No client access at all: functions read them with the admin SDK.
import { deleteDoc, doc, getDoc, setDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, type Role, ROLES, useWorld } from './world.ts';

const w = useWorld();

const SECRET_DOCS = [
  'voiceglow/agentA1/private/secrets',
  'users/alice/private/secrets',
  'clients/cA/private/credentials',
  'agencies/agA/private/secrets',
];
const roles = Object.keys(ROLES) as Role[];

describe('the admin SDK (functions)', () => {
  it('reads every secret document (they exist, so the denials below are rules, not absence)', async () => {
    for (const path of SECRET_DOCS) expect(await w.read(path)).not.toBeNull();
  });

  it('reads them in the EU database too', async () => {
    for (const path of SECRET_DOCS) expect(await w.read(path, EU)).not.toBeNull();
  });

  it('the owners still read the public documents beside them', async () => {
    expect((await getDoc(doc(w.as('owner'), 'voiceglow/agentA1'))).exists()).toBe(true);
    expect((await getDoc(doc(w.as('owner'), 'users/alice'))).exists()).toBe(true);
    expect((await getDoc(doc(w.as('client'), 'clients/cA'))).exists()).toBe(true);
  });
});

describe.each(roles)('%s', (role) => {
  it('cannot read any secret document in either database', async () => {
    for (const path of SECRET_DOCS) {
      await expectDenied(getDoc(doc(w.as(role), path)));
      await expectDenied(getDoc(doc(w.as(role, EU), path)));
    }
  });

  it('cannot write or delete them', async () => {
    for (const path of SECRET_DOCS) {
      await expectDenied(setDoc(doc(w.as(role), path), { SECRET_API_KEY: 'vg_mine', workspaceSecret: 'vg_mine' }));
      await expectDenied(deleteDoc(doc(w.as(role), path)));
    }
  });

  it('cannot create new secret documents', async () => {
    await expectDenied(setDoc(doc(w.as(role), 'voiceglow/agentA2/private/secrets'), { SECRET_API_KEY: 'vg_x' }));
    await expectDenied(setDoc(doc(w.as(role), 'users/bob/private/extra'), { x: 1 }));
  });
});
