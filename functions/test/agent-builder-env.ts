// Seeding helpers for the functions' integration suites. firebase-admin reaches the test run's Firestore
// emulator, in this file's own project, through the environment the vitest setup gives every file.
import { paths, type Region } from '@parley/core';
import { databaseFor } from '../src/adapters/firestore';

/** A workspace user with its secret in users/{uid}/private/secrets. */
export async function seedWorkspace(region: Region, uid: string, secret: string, extra: Record<string, unknown> = {}) {
  const db = databaseFor(region);
  await db.doc(paths.user(uid)).set({ uid, workspaceName: `${uid}'s workspace`, ...extra });
  await db.doc(paths.userSecrets(uid)).set({ workspaceSecret: secret });
}

/** A minimal agent owned by `ownerID`, with its secret in the private doc. */
export async function seedAgent(region: Region, agentId: string, ownerID: string, secret: string, extra: Record<string, unknown> = {}) {
  const db = databaseFor(region);
  await db.doc(paths.agent(agentId)).set({ ID: agentId, title: 'Seeded agent', ownerID, agentPlatform: 'vg', messageDelayMS: 1000, ...extra });
  await db.doc(paths.agentSecrets(agentId)).set({ SECRET_API_KEY: secret });
}
