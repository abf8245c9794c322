// Rules for the payer's daily credits: users/{uid}/rollups/{day} (the workspace's: owner and members read) and
// orgs/{orgId}/rollups/{day} (the org's when it pays: the agency owner and the org's admins read). Functions write.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc } from 'firebase/firestore/lite';
import { beforeAll, describe, it } from 'vitest';
import { ALL_ROLES, useWorld, type Role } from './world.ts';

const w = useWorld();
const WORKSPACE_DAY = 'users/alice/rollups/2026-11-28';
const ORG_DAY = 'orgs/orgA/rollups/2026-11-28';
beforeAll(() =>
  w.seed({
    [WORKSPACE_DAY]: { day: '2026-11-28', credits: 12, agents: { agentA1: 12 } },
    [ORG_DAY]: { day: '2026-11-28', credits: 3, agents: { agentA1: 3 } },
    'orgs/orgB/rollups/2026-11-28': { day: '2026-11-28', credits: 9 },
  }),
);

const read = (role: Role, path: string) => getDoc(doc(w.as(role), path));

describe('the workspace’s days', () => {
  const readers: Role[] = ['owner', 'member'];
  it.each(readers)('%s reads them', async (role) => {
    await assertSucceeds(read(role, WORKSPACE_DAY));
  });
  it.each(ALL_ROLES.filter((r) => !readers.includes(r)))('%s reads nothing', async (role) => {
    await assertFails(read(role, WORKSPACE_DAY));
  });
  it('nobody writes a counter from the client', async () => {
    await assertFails(setDoc(doc(w.as('owner'), WORKSPACE_DAY), { credits: 0 }));
  });
});

describe('the org’s days', () => {
  const readers: Role[] = ['owner', 'orgAdmin'];
  it.each(readers)('%s reads them', async (role) => {
    await assertSucceeds(read(role, ORG_DAY));
  });
  it.each(ALL_ROLES.filter((r) => !readers.includes(r)))('%s reads nothing', async (role) => {
    await assertFails(read(role, ORG_DAY));
  });
  it('the org admin of one org reads nothing of another', async () => {
    await assertFails(read('orgAdmin', 'orgs/orgB/rollups/2026-11-28'));
  });
  it('nobody writes a counter from the client', async () => {
    await assertFails(setDoc(doc(w.as('owner'), ORG_DAY), { credits: 0 }));
    await assertFails(setDoc(doc(w.as('orgAdmin'), ORG_DAY), { credits: 0 }));
  });
});
