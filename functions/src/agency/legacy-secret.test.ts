// The legacy agencies/{id}.secret migration, against the Firestore emulator in both regions: it removes the field from
// every agency document, leaves the rest of the document and the admin link's own secret (private/secrets) alone, and a
// second run changes nothing.
import { paths, REGIONS } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { removeLegacyAgencySecrets } from './legacy-secret';
import { runMigrations } from '../migrations';

describe('removing the legacy agency secret field', () => {
  it('removes it in both regions, keeping the agency and its private secret; a second run finds nothing', async () => {
    for (const region of REGIONS) {
      const db = databaseFor(region);
      const legacy = `agencyLegacy${region}`;
      const modern = `agencyModern${region}`;
      await db.doc(paths.agency(legacy)).set({ ID: legacy, userId: 'ownerLegacy', name: 'Old Agency', secret: 'readable-by-clients-123' });
      await db.doc(paths.agencySecrets(legacy)).set({ secret: 'the-admin-link-secret', adminGeneration: 1 });
      await db.doc(paths.agency(modern)).set({ ID: modern, userId: 'ownerModern', name: 'New Agency' });

      expect(await removeLegacyAgencySecrets(db)).toBe(1);
      const stored = (await db.doc(paths.agency(legacy)).get()).data();
      expect(stored).not.toHaveProperty('secret');
      expect(stored).toMatchObject({ ID: legacy, userId: 'ownerLegacy', name: 'Old Agency' });
      expect((await db.doc(paths.agency(modern)).get()).data()).toEqual({ ID: modern, userId: 'ownerModern', name: 'New Agency' });
      expect((await db.doc(paths.agencySecrets(legacy)).get()).data()).toEqual({ secret: 'the-admin-link-secret', adminGeneration: 1 });
      expect(await removeLegacyAgencySecrets(db)).toBe(0);
    }
  });

  it('is among the migrations the local stack runs at every start', async () => {
    const db = databaseFor('na');
    await db.doc(paths.agency('agencySeeded')).set({ ID: 'agencySeeded', userId: 'ownerSeeded', secret: 'left-over-secret-456' });
    await runMigrations(db);
    expect((await db.doc(paths.agency('agencySeeded')).get()).data()).toEqual({ ID: 'agencySeeded', userId: 'ownerSeeded' });
  });
});
