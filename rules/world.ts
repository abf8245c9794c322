/**
 * Shared fixture of the security-rules suite (one test file per collection, a describe per role).
 *
 * Each test file runs in its own demo project on the run's Google Firestore emulator (FIRESTORE_EMULATOR_HOST,
 * GCLOUD_PROJECT from @parley/local/testing/per-file-project). The fixture loads `/firestore.rules` (or the
 * file named by PARLEY_RULES_FILE) into both regional databases, seeds the same small multi-tenant world into
 * each with the rules disabled, and hands out Firestore Lite instances signed in as each role through
 * @firebase/rules-unit-testing contexts. Lite sends each read and write as one REST request, where the full SDK
 * opens a listen stream for every read: the rules judge both alike, and the suite takes a fifth less CPU.
 *
 *   const w = useWorld({ resetBeforeEach: true });
 *   await assertSucceeds(getDoc(doc(w.as('member'), 'voiceglow/agentA1')));
 *   await assertFails(getDoc(doc(w.as('member', EU), 'voiceglow/agentA1')));
 *
 * The emulator applies rules loaded for a project only to its (default) database; a named database stays
 * open unless rules are loaded for it by name (PUT /emulator/v1/projects/{p}/databases/{db}:securityRules),
 * which this fixture does for voiceglow-eu.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
  type TokenOptions,
} from '@firebase/rules-unit-testing';
import {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  setLogLevel,
  writeBatch,
  type DocumentData,
  type EmulatorMockTokenOptions,
  type Firestore,
  type QuerySnapshot,
} from 'firebase/firestore/lite';
import type { FirebaseApp } from 'firebase/app';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export const NA = '(default)';
export const EU = 'voiceglow-eu';
export type Database = typeof NA | typeof EU;
export const DATABASES: readonly Database[] = [NA, EU];

// PARLEY_RULES_FILE points the suite at another rules file (mutation checks: a weakened rule must fail tests).
export const RULES_FILE = process.env.PARLEY_RULES_FILE ?? fileURLToPath(new URL('../firestore.rules', import.meta.url));
export const RULES_SOURCE = readFileSync(RULES_FILE, 'utf8');

/** The identities the suite signs in as: uid plus the ID token's claims; anon has no token. */
export const ROLES = {
  /** Owner of the personal workspace users/alice, the team workspace users/team1, agency A (agA), orgs orgA and orgOff. */
  owner: { uid: 'alice', claims: { email: 'alice@a.test', email_verified: true } },
  /** Member of alice's workspace: mia@a.test (verified) is in users/alice.workspaceEmails (na only). */
  member: { uid: 'mia', claims: { email: 'Mia@A.test', email_verified: true } },
  /**
   * Signed up with the invited address mia@a.test before Mia did, so it never proved the address is its own
   * (email_verified false): it must get nothing a member gets.
   */
  squatter: { uid: 'sam', claims: { email: 'mia@a.test', email_verified: false } },
  /** Another tenant: owner of users/bob, agency B, org orgB. */
  stranger: { uid: 'bob', claims: { email: 'bob@b.test', email_verified: true } },
  /** Agency A's client cA (orgA), given agentA1 and agentT1 with pages /home and /convos. */
  client: { uid: 'client-cA', claims: { role: 'client', clientId: 'cA', orgId: 'orgA', agencyId: 'agA' } },
  /** Agency A's org admin cAdm (orgA, isOrgAdmin), given agentA1 with page /home only. */
  orgAdmin: { uid: 'client-cAdm', claims: { role: 'client', clientId: 'cAdm', orgId: 'orgA', agencyId: 'agA' } },
  /** Agency B's client cB (orgB): its widgetIDs list agentB1 and, forged by agency B, agency A's agentA1. */
  otherClient: { uid: 'client-cB', claims: { role: 'client', clientId: 'cB', orgId: 'orgB', agencyId: 'agB' } },
  /** A client token whose uid and e-mail equal the owner's: the role claim keeps it out of the workspace. */
  clientNamedAlice: { uid: 'alice', claims: { role: 'client', clientId: 'cA', orgId: 'orgA', agencyId: 'agA', email: 'alice@a.test' } },
  /** Agency A's admin-link session: its own uid `aa-agA-<generation>` (generation 2 is agency A's current one). */
  agencyAdmin: { uid: 'aa-agA-2', claims: { role: 'agencyAdmin', agencyId: 'agA', agencyRegion: 'na' } },
  /** A session minted before agency A's secret was last regenerated (generation 1): revoked. */
  staleAgencyAdmin: { uid: 'aa-agA-1', claims: { role: 'agencyAdmin', agencyId: 'agA', agencyRegion: 'na' } },
  /** No token at all (a website visitor). */
  anon: null,
} satisfies Record<string, { uid: string; claims: TokenOptions } | null>;
export type Role = keyof typeof ROLES;
export const ALL_ROLES = Object.keys(ROLES) as Role[];

export const ALL_PAGES = ['/home', '/voice', '/metrics', '/campaigns', '/convos', '/leads', '/analytics', '/kb', '/channels', '/prompt', '/nodes', '/settings'];

export type Docs = Record<string, DocumentData>;

/** The documents every suite starts from (both databases; euWorld() changes one record). */
export function baseWorld(): Docs {
  return {
    'users/alice': {
      uid: 'alice', email: 'alice@a.test', displayName: 'Alice', workspaceName: 'Personal abcde',
      workspaceEmails: ['alice@a.test', 'mia@a.test'], loadTokens: 100, hasEverPaid: false, region: 'na',
      internal: { customPlan: { limits: { workspaceSeats: 1 } }, isNewUser: true },
      stripeConnect: { accountId: 'acct_alice', isConnected: true, USDPerToken: 0.003, allowPlans: false },
    },
    'users/team1': { uid: 'team1', ownerId: 'alice', workspaceName: 'Team', workspaceEmails: ['alice@a.test'], loadTokens: 5 },
    'users/bob': { uid: 'bob', email: 'bob@b.test', workspaceName: 'Bob', workspaceEmails: ['bob@b.test'], loadTokens: 9 },
    'users/alice/private/secrets': { workspaceSecret: 'vg_aliceSecret0000000', meta: { userAccessToken: 'EAAB' } },
    'users/alice/creditUsageLogs/l1': { amount: 2, direction: 'decrease', causedBy: 'agent', agentId: 'agentA1', ts: 1 },
    'users/bob/creditUsageLogs/l1': { amount: 3, direction: 'decrease', causedBy: 'agent', agentId: 'agentB1', ts: 1 },

    'voiceglow/agentA1': { ID: 'agentA1', title: 'Alice One', ownerID: 'alice', lastModified: 1 },
    'voiceglow/agentA2': { ID: 'agentA2', title: 'Alice Two', ownerID: 'alice', lastModified: 2 },
    'voiceglow/agentT1': { ID: 'agentT1', title: 'Team One', ownerID: 'team1', lastModified: 3 },
    'voiceglow/agentB1': { ID: 'agentB1', title: 'Bob One', ownerID: 'bob', lastModified: 4 },
    'voiceglow/agentA1/private/secrets': { SECRET_API_KEY: 'vg_agentSecret00000000', whatsappToken: 'wa-token' },
    'voiceglow/agentA1/kb/d1': { ID: 'd1', name: 'Doc', content: 'hello', agentId: 'agentA1', userId: 'alice' },
    'voiceglow/agentA1/kb/d1/chunks/d1_0': { id: 'd1_0', text: 'hello', docId: 'd1', agentId: 'agentA1' },
    'voiceglow/agentB1/kb/d1': { ID: 'd1', name: 'Bob doc', content: 'bob', agentId: 'agentB1', userId: 'bob' },
    'voiceglow/agentA1/backups/b1': { ts: 1000, agent: { title: 'Alice One' } },
    'voiceglow/agentA1/backups/b2': { ts: 2000, agent: { title: 'Alice One v2' } },
    'voiceglow/agentB1/backups/b1': { ts: 1000, agent: { title: 'Bob One' } },
    'voiceglow/agentA1/conversations/c1': { ID: 'c1', agentId: 'agentA1', ownerID: 'alice', lastMessageAt: 1 },
    'voiceglow/agentA1/conversations/c1/messages/m1': { ID: 'm1', role: 'user', text: 'hi', ts: 1 },
    'voiceglow/agentB1/conversations/c1': { ID: 'c1', agentId: 'agentB1', ownerID: 'bob', lastMessageAt: 1 },
    'voiceglow/agentA1/stats/usage': { messages: 3 },
    'voiceglow/agentA1/analytics/e1': { record: 'open', ts: 1 },
    'voiceglow/agentA1/leads/l1': { email: 'lead@x.test' },

    'agencies/agA': { ID: 'agA', userId: 'alice', name: 'Agency A', customDomain: 'app.agency-a.test', isVerifiedCustomDomain: true },
    'agencies/agB': { ID: 'agB', userId: 'bob', name: 'Agency B' },
    'agencies/agA/private/secrets': { secret: 'a'.repeat(25), adminGeneration: 2 },
    'agencies/agA/dns_reminders/r1': { domain: 'app.agency-a.test', agencyId: 'agA', sent: false, timestamp: 1 },
    'agencies/agB/dns_reminders/r1': { domain: 'b.test', agencyId: 'agB', sent: false, timestamp: 1 },

    'orgs/orgA': { ID: 'orgA', name: 'Org A', ownerID: 'alice', loadTokens: 50, widgetIDs: ['agentA1'], settings: { disableClientAccess: false } },
    'orgs/orgB': { ID: 'orgB', name: 'Org B', ownerID: 'bob', loadTokens: 0, widgetIDs: ['agentB1'] },
    'orgs/orgOff': { ID: 'orgOff', name: 'Org Off', ownerID: 'alice', settings: { disableClientAccess: true, disableClientAccessMessage: 'Paused' } },

    'clients/cA': {
      ID: 'cA', orgId: 'orgA', email: 'ca@client.test', name: 'Client A', widgetIDs: ['agentA1', 'agentT1'],
      canAccess: ['/home', '/convos'], status: 'offline', preferredLanguage: 'en', isOrgAdmin: false,
      notificationsSettings: { notifyThrough: 'email', notifyIf: 'all' },
    },
    'clients/cAdm': { ID: 'cAdm', orgId: 'orgA', email: 'adm@client.test', widgetIDs: ['agentA1'], canAccess: ['/home'], isOrgAdmin: true, status: 'offline' },
    'clients/cB': { ID: 'cB', orgId: 'orgB', email: 'cb@client.test', widgetIDs: ['agentB1', 'agentA1'], canAccess: ALL_PAGES, status: 'offline' },
    'clients/cOff': { ID: 'cOff', orgId: 'orgOff', email: 'off@client.test', widgetIDs: ['agentA1'], canAccess: ALL_PAGES },
    'clients/cA/private/credentials': { dashboardPasswordHash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==' },

    // Channel records; their tokens live in the record's private/secrets document.
    'metaPages/pA': { pageId: 'pA', pageName: 'Page A', agentId: 'agentA1' },
    'metaPages/pA/private/secrets': { pageAccessToken: 'page-token' },
    'metaPages/pB': { pageId: 'pB', pageName: 'Page B', agentId: 'agentB1' },
    'metaPages/pB/private/secrets': { pageAccessToken: 'page-token-b' },
    'waNumbers/wA': { agentId: 'agentA1', wabaId: 'w1', phoneId: 'ph1', phoneNumber: '+1555' },
    'waNumbers/wA/private/secrets': { longAccessToken: 'long' },
    'waNumbers/wB': { agentId: 'agentB1', wabaId: 'w2', phoneId: 'ph2', phoneNumber: '+1666' },
    'waNumbers/wB/private/secrets': { longAccessToken: 'long-b' },
    'discordChannels/dA': { ID: 'dA', agentID: 'agentA1', channelId: '123' },
    'discordChannels/dA/private/secrets': { webhookUrl: 'https://discord.test/api/webhooks/a' },
    'discordChannels/dB': { ID: 'dB', agentID: 'agentB1', channelId: '456' },
    'discordChannels/dB/private/secrets': { webhookUrl: 'https://discord.test/api/webhooks/b' },
    'telegramBots/tA': { botId: 'tA', agentId: 'agentA1', webhookUrl: 'https://api.test/v2/agents/agentA1/telegram-webhook' },
    'telegramBots/tA/private/secrets': { botToken: '111:AAA' },
    'telegramBots/tB': { botId: 'tB', agentId: 'agentB1', webhookUrl: 'https://api.test/v2/agents/agentB1/telegram-webhook' },
    'telegramBots/tB/private/secrets': { botToken: '222:BBB' },

    'notifications-1/nAll': { ID: 'nAll', title: 'New lead', ownerID: 'alice', agentId: 'agentA1', ts: 10, seen: false, notificationLevel: 1, notifyOnly: [] },
    'notifications-1/nOnlyAdm': { ID: 'nOnlyAdm', title: 'For the admin', ownerID: 'alice', agentId: 'agentA1', ts: 11, seen: false, notificationLevel: 1, notifyOnly: ['cAdm'] },
    'notifications-1/nBob': { ID: 'nBob', title: 'Bob', ownerID: 'bob', agentId: 'agentB1', ts: 12, seen: false, notificationLevel: 1, notifyOnly: [] },
    'notifications-2/nReq': { ID: 'nReq', title: 'Handoff', ownerID: 'alice', agentId: 'agentA1', ts: 13, seen: false, notificationLevel: 2, notifyOnly: [] },
    'notifications-2/nBob': { ID: 'nBob', title: 'Bob handoff', ownerID: 'bob', agentId: 'agentB1', ts: 14, seen: false, notificationLevel: 2, notifyOnly: [] },

    'events/e1': { type: 'new-user', uid: 'alice' },
  };
}

/** The EU database differs in one place: alice's EU workspace has no members, so mia is a stranger there. */
export function euWorld(): Docs {
  const world = baseWorld();
  world['users/alice'] = { ...world['users/alice'], workspaceEmails: ['alice@a.test'], region: 'eu' };
  return world;
}

export interface World {
  readonly env: RulesTestEnvironment;
  /** A Firestore instance signed in as `role` on the given database (default na), cached per role and database. */
  as(role: Role, database?: Database): Firestore;
  /** A Firestore instance for any other identity (uid + claims) on the given database. */
  signedIn(uid: string, claims: TokenOptions, database?: Database): Firestore;
  /** Writes documents with the rules disabled (replacing whole documents). */
  seed(docs: Docs, database?: Database): Promise<void>;
  /** Reads a document with the rules disabled; null when missing. */
  read(path: string, database?: Database): Promise<DocumentData | null>;
  /**
   * Runs `fn` while the collection at `path` holds no document (the rest of the world is untouched), then
   * writes the removed documents back. For the "empty collection" case of every list rule.
   */
  withEmptyCollection(path: string, fn: () => Promise<void>, database?: Database): Promise<void>;
  /** Clears both databases and seeds the base world again. */
  reset(): Promise<void>;
}

function emulatorHostPort(): { host: string; port: number } {
  const target = process.env.FIRESTORE_EMULATOR_HOST;
  if (!target) throw new Error('FIRESTORE_EMULATOR_HOST is not set: run the suite through vitest (the global setup starts the emulator)');
  const at = target.lastIndexOf(':');
  return { host: target.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(target.slice(at + 1)) };
}

/** Loads the rules into a named database: the emulator's project-level load covers (default) only. */
async function loadRulesIntoDatabase(host: string, port: number, projectId: string, database: Database): Promise<void> {
  const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${projectId}/databases/${database}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: RULES_SOURCE }] } }),
  });
  if (!res.ok) throw new Error(`loading ${RULES_FILE} into ${database} failed: ${res.status} ${await res.text()}`);
}

async function clearDatabase(host: string, port: number, projectId: string, database: Database): Promise<void> {
  const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${projectId}/databases/${database}/documents`, { method: 'DELETE' });
  if (!res.ok) throw new Error(`clearing ${database} failed: ${res.status} ${await res.text()}`);
}

/** Ids of a query's documents, sorted. */
export function ids(snap: QuerySnapshot): string[] {
  return snap.docs.map((d) => d.id).sort();
}

/** Ids of a query's documents in the order returned. */
export function orderedIds(snap: QuerySnapshot): string[] {
  return snap.docs.map((d) => d.id);
}

/**
 * The world for one rules test file: set up before its tests and cleaned up after; with `resetBeforeEach`,
 * cleared and seeded again before every test (files whose tests write).
 */
export function useWorld(opts: { resetBeforeEach?: boolean } = {}): World {
  const world = {} as World;
  let env: RulesTestEnvironment | undefined;
  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: process.env.GCLOUD_PROJECT,
      firestore: { ...emulatorHostPort(), rules: RULES_SOURCE },
    });
    Object.assign(world, await createWorld(env));
  });
  if (opts.resetBeforeEach) beforeEach(() => world.reset());
  afterAll(() => env?.cleanup());
  return world;
}

async function createWorld(env: RulesTestEnvironment): Promise<World> {
  // The assertions report denied requests themselves.
  setLogLevel('error');
  const { host, port } = emulatorHostPort();
  await loadRulesIntoDatabase(host, port, env.projectId, EU);

  // Each role is a rules-unit-testing context; its app serves one Firestore instance per database, connected
  // to the emulator with the token payload the context itself uses (the claims plus sub/user_id; 'owner'
  // bypasses the rules). context.firestore() (the compat instance) is called once, only to reach the app.
  function contextDb(app: FirebaseApp, token: EmulatorMockTokenOptions | 'owner' | undefined, database: Database): Firestore {
    const db = getFirestore(app, database);
    connectFirestoreEmulator(db, host, port, token === undefined ? {} : { mockUserToken: token });
    return db;
  }

  const cache = new Map<string, Firestore>();
  const contexts = new Map<string, { app: FirebaseApp; token: EmulatorMockTokenOptions | undefined }>();
  function instance(key: string, uid: string | null, claims: TokenOptions, database: Database): Firestore {
    const cacheKey = `${key}@${database}`;
    let db = cache.get(cacheKey);
    if (db) return db;
    let entry = contexts.get(key);
    if (!entry) {
      const context: RulesTestContext = uid === null ? env.unauthenticatedContext() : env.authenticatedContext(uid, claims);
      const token: EmulatorMockTokenOptions | undefined = uid === null ? undefined : { ...claims, sub: uid, user_id: uid };
      entry = { app: context.firestore().app, token };
      contexts.set(key, entry);
    }
    db = contextDb(entry.app, entry.token, database);
    cache.set(cacheKey, db);
    return db;
  }

  // The world's own reads and writes bypass the rules: the emulator lets the 'owner' token through, as
  // withSecurityRulesDisabled does, but through one app kept for the file instead of a new app per call (a reset
  // before every test made and deleted one, with its connections, each time).
  const adminApp = env.authenticatedContext('__world_admin__').firestore().app;
  const adminDbs = new Map<Database, Firestore>();
  const adminDb = (database: Database): Firestore => {
    let db = adminDbs.get(database);
    if (!db) adminDbs.set(database, (db = contextDb(adminApp, 'owner', database)));
    return db;
  };

  /** Runs `fn` on each given database with the rules bypassed. */
  function asAdmin<T>(databases: readonly Database[], fn: (db: Firestore, database: Database) => Promise<T>): Promise<T[]> {
    return Promise.all(databases.map((database) => fn(adminDb(database), database)));
  }

  function writeDocs(db: Firestore, docs: Docs): Promise<void> {
    const batch = writeBatch(db);
    for (const [path, data] of Object.entries(docs)) batch.set(doc(db, path), data);
    return batch.commit();
  }

  async function seed(docs: Docs, database: Database = NA): Promise<void> {
    await asAdmin([database], (db) => writeDocs(db, docs));
  }

  async function reset(): Promise<void> {
    await Promise.all(DATABASES.map((d) => clearDatabase(host, port, env.projectId, d)));
    await asAdmin(DATABASES, (db, database) => writeDocs(db, database === EU ? euWorld() : baseWorld()));
  }

  await reset();
  return {
    env,
    as(role, database = NA) {
      const id = ROLES[role];
      return instance(role, id ? id.uid : null, id ? id.claims : {}, database);
    },
    signedIn(uid, claims, database = NA) {
      return instance(`custom:${uid}:${JSON.stringify(claims)}`, uid, claims, database);
    },
    seed,
    async read(path, database = NA) {
      const [data] = await asAdmin([database], async (db) => {
        const snap = await getDoc(doc(db, path));
        return snap.exists() ? snap.data() : null;
      });
      return data ?? null;
    },
    async withEmptyCollection(path, fn, database = NA) {
      const saved: Docs = {};
      await asAdmin([database], async (db) => {
        const snap = await getDocs(collection(db, path));
        for (const d of snap.docs) {
          saved[`${path}/${d.id}`] = d.data();
          await deleteDoc(d.ref);
        }
      });
      try {
        await fn();
      } finally {
        if (Object.keys(saved).length > 0) await seed(saved, database);
      }
    },
    reset,
  };
}
