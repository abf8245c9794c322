/**
 * Seeds a signed-up, verified user with a workspace: the user in the Auth emulator, its workspace record
 * users/{uid} in the na database with every §3.1 field, and one agent. The stack seeds the demo user once (fixed
 * uid); the journeys seed a fresh user each for the set-up steps they do not test (e2e/support/workspace.ts).
 * Idempotent: an existing user record means the workspace is there; nothing is overwritten.
 * Then runs the data migrations production runs as scheduled jobs (each a no-op once done), on both databases:
 * removing legacy plain-text client passwords and the legacy agency secret field (functions/src/migrations.ts).
 */
import { createAgent, createPersonalWorkspace, DATABASE_IDS, DEFAULT_BUCKET, paths, redactWorkspace, REGIONS, splitAgentSecrets } from '@parley/core';
import { runMigrations } from '../../functions/src/migrations';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { FAKE_PORTS } from '../fakes';
import { DEMO_TOOL_ID, demoToolDocuments } from '../fakes/tools/demo-tool';
import { DEMO_NUMBER_ID, seedDemoVoice } from './demo-number';
import { reconnectStoredNumbers } from './stored-numbers';
import { portOverride, STACK_PORTS } from './ports';

export { DEMO_TOOL_ID };

export const DEMO = {
  uid: 'parley-demo-user',
  email: 'demo@parley.dev',
  password: 'parley-demo-2026',
  displayName: 'Parley Demo',
  agentTitle: 'Parley Demo Agent',
  region: 'na' as const,
};

export interface SeedResult {
  createdUser: boolean;
  createdWorkspace: boolean;
  agentId: string | null;
}

/** Who is seeded: a verified user with this password, and the title of the workspace's one agent. */
export interface SeedUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  agentTitle: string;
  region: 'na';
}

/** The user record: the core factory's personal workspace plus the remaining §3.1 fields, secrets split off. */
export function seededWorkspaceRecord(user: SeedUser, nowSeconds: number) {
  const workspace = createPersonalWorkspace(
    { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: '', region: user.region },
    nowSeconds,
  );
  const full = {
    ...workspace,
    workspacePhotoURL: '',
    // The core factory grants FREE_SIGNUP_CREDITS with freeLTsTS = now, so the demo widget answers at once.
    loadTokens: workspace.loadTokens,
    freeLTsTS: workspace.freeLTsTS ?? nowSeconds,
    hasEverPaid: false,
    internal: {
      // A custom plan makes room for the agents and clients a journey (or someone trying the demo) adds (the free
      // plan holds 2 of each); seats stay the free 2. Two phone-number slots (the free plan has none) let the demo
      // buy a number on the Twilio stand-in and take calls.
      customPlan: { limits: { workspaceSeats: 0, maxAgents: 'infinity' as const, clientSeats: 100, twilioPhoneNumberSlots: 2 } },
      isPayAsYouGo: false,
      useNewPricing: true,
      useMultipleStripes: false,
      countryCode: 'US',
      isNewUser: false,
      utm_source: '',
      whitelabel_trial: false,
      whitelabelTrialEndsAt: 0,
    },
    stripeSubscriptionId: '',
    location: '',
    referredFrom: '',
    doubleAccountWarningHidden: false,
    origin: 'email' as const,
    showOnboarding: false,
  };
  return {
    record: redactWorkspace(full),
    secrets: { workspaceSecret: workspace.workspaceSecret!, meta: { userAccessToken: '' } },
  };
}

/** Points firebase-admin at the local Auth emulator and Firestore emulator for this process. */
function localAdminApp(firestoreHost: string, authHost: string): App {
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
  process.env.GCLOUD_PROJECT = 'demo-parley';
  // No credentials locally: keep google-auth from probing a metadata server that is not there.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  return initializeApp({ projectId: 'demo-parley' }, `parley-seed-${Date.now()}`);
}

/** Creates the user (verified) and its workspace with one agent, unless the user record exists already. */
export async function seedWorkspace(app: App, user: SeedUser): Promise<SeedResult> {
  const auth = getAuth(app);
  let createdUser = false;
  try {
    await auth.getUser(user.uid);
  } catch {
    await auth.createUser({ uid: user.uid, email: user.email, password: user.password, displayName: user.displayName, emailVerified: true });
    createdUser = true;
  }

  const agentId = await seedWorkspaceDocuments(getFirestore(app), user); // (default) = na
  return { createdUser, createdWorkspace: agentId !== null, agentId };
}

/** The user's workspace documents (its user record, their secrets and one agent) unless the user record exists; the new agent's id. */
async function seedWorkspaceDocuments(db: Firestore, user: SeedUser): Promise<string | null> {
  const userRef = db.doc(paths.user(user.uid));
  if ((await userRef.get()).exists) return null;

  const now = Math.floor(Date.now() / 1000);
  const { record, secrets } = seededWorkspaceRecord(user, now);
  const agent = createAgent(
    {
      ownerID: user.uid,
      title: user.agentTitle,
      description: 'A ready-made agent to try the dashboard, the widget and the knowledge base.',
    },
    now,
  );
  const { publicAgent, secrets: agentSecrets } = splitAgentSecrets(agent);
  const batch = db.batch();
  batch.set(userRef, record);
  batch.set(db.doc(paths.userSecrets(user.uid)), secrets);
  batch.set(db.doc(paths.agent(agent.ID)), publicAgent);
  batch.set(db.doc(paths.agentSecrets(agent.ID)), agentSecrets);
  await batch.commit();
  return agent.ID;
}

export async function seedDemo(opts: {
  firestoreHost?: string;
  authHost?: string;
  /**
   * The voice stand-in and the app's URL: the demo agent's assistant and number (demo-number.ts) and every other stored
   * number (stored-numbers.ts) are connected again on every start.
   */
  voice?: { vapiUrl: string; appUrl: string };
} = {}): Promise<SeedResult> {
  const app = localAdminApp(opts.firestoreHost ?? `127.0.0.1:${STACK_PORTS.firestore}`, opts.authHost ?? `127.0.0.1:${STACK_PORTS.auth}`);
  try {
    const db = getFirestore(app); // (default) = na
    for (const region of REGIONS) {
      const id = DATABASE_IDS[region];
      await runMigrations(id === DEFAULT_BUCKET ? db : getFirestore(app, id));
    }
    const result = await seedWorkspace(app, DEMO);
    if (result.agentId) await seedDemoTool(db, result.agentId, `http://127.0.0.1:${portOverride('tools', FAKE_PORTS.tools!)}`);
    if (opts.voice) {
      await seedDemoVoice(db, { ownerID: DEMO.uid, ...opts.voice });
      // The stand-in forgot every other number too: each is connected again, so callers reach it as before the restart.
      for (const region of REGIONS) {
        const id = DATABASE_IDS[region];
        await reconnectStoredNumbers(id === DEFAULT_BUCKET ? db : getFirestore(app, id), region, { ...opts.voice, except: [DEMO_NUMBER_ID] });
      }
    }
    return result;
  } finally {
    await deleteApp(app);
  }
}

/**
 * The demo agent's one tool, get_order_status on the tools stand-in at `toolsUrl` (its secret in the tool's private
 * document), assigned to the agent, so the demo widget shows a tool call working.
 */
export async function seedDemoTool(db: Firestore, agentId: string, toolsUrl: string): Promise<void> {
  const batch = db.batch();
  for (const [path, data] of Object.entries(demoToolDocuments(DEMO.uid, toolsUrl, Date.now()))) batch.set(db.doc(path), data);
  batch.update(db.doc(paths.agent(agentId)), { assignedToolsIds: [DEMO_TOOL_ID] });
  await batch.commit();
}

/** The demo workspace's documents (its user record, their secrets and one agent) unless the user record exists; the new agent's id. */
export async function seedDemoWorkspace(db: Firestore): Promise<string | null> {
  return seedWorkspaceDocuments(db, DEMO);
}
