// Who may change an agency, against Google's Firestore emulator: its owner alone; members, agency clients,
// agency-admin sessions and secrets are refused, and a deleted or unknown agency is not found.
import { agencyApi, paths } from '@parley/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { requireOwnedAgency, type Caller } from './index';

const M = agencyApi.AGENCY_API_MESSAGES;
const user = (uid: string, role = ''): Caller => ({ kind: 'user', uid, email: `${uid}@x.example`, emailVerified: true, role });

beforeAll(async () => {
  const db = databaseFor('na');
  await db.doc(paths.agency('ownAgency1')).set({ ID: 'ownAgency1', userId: 'agencyOwner1', name: 'Acme' });
  await db.doc(paths.agency('goneAgency1')).set({ ID: 'goneAgency1', userId: 'agencyOwner1', deleted: true });
});

describe('requireOwnedAgency', () => {
  it('gives the agency to its owner only', async () => {
    await expect(requireOwnedAgency(user('agencyOwner1'), 'na', 'ownAgency1')).resolves.toMatchObject({ id: 'ownAgency1', region: 'na', data: { name: 'Acme' } });
    await expect(requireOwnedAgency(user('someoneElse'), 'na', 'ownAgency1')).rejects.toMatchObject({ status: 403, message: M.notOwner });
  });

  it('refuses the owner’s uid behind a role, an agency client and a secret', async () => {
    await expect(requireOwnedAgency(user('agencyOwner1', 'agencyAdmin'), 'na', 'ownAgency1')).rejects.toMatchObject({ status: 403 });
    await expect(requireOwnedAgency({ kind: 'client', uid: 'agencyOwner1', clientId: 'c1' }, 'na', 'ownAgency1')).rejects.toMatchObject({ status: 403 });
    await expect(requireOwnedAgency({ kind: 'secret', secret: 'vg_anything000000000001' }, 'na', 'ownAgency1')).rejects.toMatchObject({ status: 403 });
  });

  it('answers 404 for a deleted agency, an unknown one, and one asked for in the other region', async () => {
    await expect(requireOwnedAgency(user('agencyOwner1'), 'na', 'goneAgency1')).rejects.toMatchObject({ status: 404, message: M.agencyNotFound });
    await expect(requireOwnedAgency(user('agencyOwner1'), 'na', 'noSuchAgency')).rejects.toMatchObject({ status: 404 });
    await expect(requireOwnedAgency(user('agencyOwner1'), 'eu', 'ownAgency1')).rejects.toMatchObject({ status: 404 });
  });
});
