// Rules for the charts' daily rollups: voiceglow/{agentId}/rollups/{day} (written by functions; read by members,
// clients with '/analytics' or '/home' on the agent, the agency admin).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, doc, getDoc, getDocs, orderBy, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { EU, NA, useWorld, type Database, type Role } from './world.ts';

const w = useWorld();
const ROLLUPS = 'voiceglow/agentA1/rollups';
const DAY = `${ROLLUPS}/2026-11-28`;
beforeAll(() =>
  w.seed({
    'clients/cA': { ID: 'cA', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/home', '/analytics'] },
    [DAY]: { day: '2026-11-28', agentId: 'agentA1', leads: 2 },
    'voiceglow/agentA2/rollups/2026-11-28': { day: '2026-11-28', agentId: 'agentA2', leads: 7 },
  }),
);
beforeAll(() => w.seed({ [DAY]: { day: '2026-11-28', agentId: 'agentA1', leads: 2 } }, EU));

const read = (role: Role, database: Database = NA) => getDoc(doc(w.as(role, database), DAY));
/** What a chart reads: a range of days, in order. */
const range = (role: Role) => getDocs(query(collection(w.as(role), ROLLUPS), where('day', '>=', '2026-11-01'), orderBy('day')));

describe('owner and member', () => {
  it('read a range of days', async () => {
    expect((await assertSucceeds(range('owner'))).docs.map((d) => d.data().leads)).toEqual([2]);
    await assertSucceeds(range('member'));
  });

  it('are denied the rollups of every agent at once (collection group)', async () => {
    await assertFails(getDocs(collectionGroup(w.as('owner'), 'rollups')));
  });

  it('change and create no counter from the client', async () => {
    await assertFails(updateDoc(doc(w.as('owner'), DAY), { leads: 0 }));
    await assertFails(setDoc(doc(w.as('member'), `${ROLLUPS}/2026-11-29`), { leads: 1 }));
  });

  it('EU database: the NA-only member reads nothing there', async () => {
    await assertSucceeds(read('owner', EU));
    await assertFails(read('member', EU));
  });
});

describe('client', () => {
  it('with /analytics, reads its agent’s days; not another agent’s', async () => {
    expect((await assertSucceeds(read('client'))).exists()).toBe(true);
    await assertFails(getDoc(doc(w.as('client'), 'voiceglow/agentA2/rollups/2026-11-28')));
  });

  it('with /home only, reads its agent’s days (Home shows the week’s figures)', async () => {
    await assertSucceeds(read('orgAdmin'));
  });

  it('with neither /analytics nor /home, reads nothing', async () => {
    await w.seed({ 'clients/cAdm': { ID: 'cAdm', orgId: 'orgA', widgetIDs: ['agentA1'], canAccess: ['/leads'], isOrgAdmin: true } });
    await assertFails(read('orgAdmin'));
  });

  it('cross-tenant: reads nothing of agency A’s agent', async () => {
    await assertFails(read('otherClient'));
  });
});

describe('agencyAdmin', () => {
  it('reads its client workspace’s days', async () => {
    await assertSucceeds(read('agencyAdmin'));
  });
});

describe('stranger and anon', () => {
  it('read nothing', async () => {
    await assertFails(read('stranger'));
    await assertFails(read('anon'));
  });
});
