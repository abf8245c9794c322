// Test support for the agent builder, knowledge and uploads suites: a local Firestore engine for firebase-admin,
// plus seeding helpers. Call startLocalFirestore() in beforeAll, before anything touches firebase-admin.
import { paths, type Region } from '@parley/core';
import { startFirestore, type RunningFirestore } from '../../../local/firestore/index.ts';
import { databaseFor } from '../adapters/firestore';

export async function startLocalFirestore(): Promise<RunningFirestore> {
  const running = await startFirestore({ port: 0 });
  process.env.FIRESTORE_EMULATOR_HOST = `${running.host}:${running.port}`;
  process.env.GCLOUD_PROJECT = 'demo-parley';
  return running;
}

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
