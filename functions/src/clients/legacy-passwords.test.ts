// The legacy plain-text clients/{id}.dashboardPassword migration, against the Firestore emulator in both regions: it
// removes the field everywhere, keeps the client's sign-in by hashing a password it had only in plain text, leaves
// an existing hash alone, and a second run changes nothing.
import { paths, REGIONS } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { removeLegacyClientPasswords } from './legacy-passwords';
import { verifyPassword } from './password';

const unique = `${Date.now().toString(36)}`;

describe('removing legacy plain-text client passwords', () => {
  it('removes the field in both regions, hashing a password the client had only there; a second run finds nothing', async () => {
    for (const region of REGIONS) {
      const db = databaseFor(region);
      const onlyPlain = `legacyPlain${region}${unique}`;
      const hashed = `legacyHashed${region}${unique}`;
      const modern = `modern${region}${unique}`;
      await db.doc(paths.client(onlyPlain)).set({ ID: onlyPlain, orgId: 'orgLegacy', email: `${onlyPlain}@client.test`, dashboardPassword: 'plainOnly123456' });
      await db.doc(paths.client(hashed)).set({ ID: hashed, orgId: 'orgLegacy', email: `${hashed}@client.test`, dashboardPassword: 'staleCopy123456' });
      await db.doc(paths.clientCredentials(hashed)).set({ dashboardPasswordHash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', updatedAt: 1 });
      await db.doc(paths.client(modern)).set({ ID: modern, orgId: 'orgLegacy', email: `${modern}@client.test`, name: 'Modern' });

      expect(await removeLegacyClientPasswords(db)).toBeGreaterThanOrEqual(2);
      for (const id of [onlyPlain, hashed, modern]) expect((await db.doc(paths.client(id)).get()).data()).not.toHaveProperty('dashboardPassword');
      // The client who had only the plain text still signs in with it; an existing hash was not replaced.
      expect(await verifyPassword('plainOnly123456', (await db.doc(paths.clientCredentials(onlyPlain)).get()).get('dashboardPasswordHash'))).toBe(true);
      expect((await db.doc(paths.clientCredentials(hashed)).get()).get('dashboardPasswordHash')).toBe('scrypt$16384$8$1$c2FsdA==$aGFzaA==');
      expect((await db.doc(paths.client(modern)).get()).get('name')).toBe('Modern');
      expect(await removeLegacyClientPasswords(db)).toBe(0);
    }
  });
});
