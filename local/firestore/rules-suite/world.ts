/**
 * Shared fixture of the security-rules suite: starts the engine with the project's real
 * `firestore.rules` (or, with FIRESTORE_TARGET=host:port, loads those rules into that emulator,
 * e.g. Google's), seeds a small multi-tenant world with the admin bypass in both regional
 * databases, and hands out web (lite SDK) clients signed in as each role with mock ID tokens.
 *
 *   const w = await startWorld();   // beforeAll
 *   await w.as('member').get('voiceglow/agentA1');
 *   await w.stop();                 // afterAll
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Firestore } from 'firebase/firestore/lite';
import { plainToFields } from '../src/import-format.ts';
import { startHarness, type Harness } from '../test/harness.ts';

export const NA = '(default)';
export const EU = 'voiceglow-eu';
export type Database = typeof NA | typeof EU;

// PARLEY_RULES_FILE points the suite at another rules file (mutation checks: a weakened rule must fail tests).
const RULES_FILE = process.env.PARLEY_RULES_FILE ?? fileURLToPath(new URL('../../../firestore.rules', import.meta.url));
export const RULES_SOURCE = readFileSync(RULES_FILE, 'utf8');

/** The identities the suite signs in as: mock ID-token payloads (sub/user_id plus claims). */
export const ROLES = {
  /** Owner of the personal workspace users/alice, agency A (agencies/agA) and org orgA. */
  owner: { uid: 'alice', claims: { email: 'alice@a.test' } },
  /** Member of alice's workspace: mia@a.test is in users/alice.workspaceEmails (na only). */
  member: { uid: 'mia', claims: { email: 'Mia@A.test' } },
  /** Another tenant: owner of users/bob, agency B, org orgB. */
  stranger: { uid: 'bob', claims: { email: 'bob@b.test' } },
  /** Agency A's client (orgA), given agentA1 with pages /home and /convos. */
  client: { uid: 'client-cA', claims: { role: 'client', clientId: 'cA', orgId: 'orgA', agencyId: 'agA' } },
  /** Agency A's org admin (orgA, isOrgAdmin), given agentA1 with page /home only. */
  orgAdmin: { uid: 'client-cAdm', claims: { role: 'client', clientId: 'cAdm', orgId: 'orgA', agencyId: 'agA' } },
  /** Agency B's client (orgB): its widgetIDs list agentB1 and, forged by agency B, agency A's agentA1. */
  otherClient: { uid: 'client-cB', claims: { role: 'client', clientId: 'cB', orgId: 'orgB', agencyId: 'agB' } },
  /** A client token whose uid equals a workspace owner's: the role claim keeps it out of the workspace. */
  clientNamedAlice: { uid: 'alice', claims: { role: 'client', clientId: 'cA', orgId: 'orgA', agencyId: 'agA', email: 'alice@a.test' } },
  anon: null,
} as const;
export type Role = keyof typeof ROLES;

const ALL_PAGES = ['/home', '/voice', '/metrics', '/campaigns', '/convos', '/leads', '/analytics', '/kb', '/channels', '/prompt', '/nodes', '/settings'];

/** The documents every suite starts from (both databases unless noted). */
export function baseWorld(): Record<string, Record<string, unknown>> {
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
    'agencies/agA/private/secrets': { secret: 'a'.repeat(25) },
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

    'metaPages/pA': { pageId: 'pA', pageName: 'Page A', agentId: 'agentA1', pageAccessToken: 'page-token' },
    'metaPages/pB': { pageId: 'pB', pageName: 'Page B', agentId: 'agentB1', pageAccessToken: 'page-token-b' },
    'waNumbers/wA': { agentId: 'agentA1', wabaId: 'w1', phoneId: 'ph1', longAccessToken: 'long', phoneNumber: '+1555' },
    'waNumbers/wB': { agentId: 'agentB1', wabaId: 'w2', phoneId: 'ph2', longAccessToken: 'long-b', phoneNumber: '+1666' },
    'discordChannels/dA': { ID: 'dA', agentID: 'agentA1', channelId: '123', webhookUrl: 'https://discord.test/api/webhooks/a' },
    'discordChannels/dB': { ID: 'dB', agentID: 'agentB1', channelId: '456', webhookUrl: 'https://discord.test/api/webhooks/b' },
    'telegramBots/tA': { botId: 'tA', agentId: 'agentA1', botToken: '111:AAA', webhookUrl: 'https://api.test/v2/agents/agentA1/telegram-webhook' },
    'telegramBots/tB': { botId: 'tB', agentId: 'agentB1', botToken: '222:BBB', webhookUrl: 'https://api.test/v2/agents/agentB1/telegram-webhook' },

    'notifications-1/nAll': { ID: 'nAll', title: 'New lead', ownerID: 'alice', agentId: 'agentA1', ts: 10, seen: false, notificationLevel: 1, notifyOnly: [] },
    'notifications-1/nOnlyAdm': { ID: 'nOnlyAdm', title: 'For the admin', ownerID: 'alice', agentId: 'agentA1', ts: 11, seen: false, notificationLevel: 1, notifyOnly: ['cAdm'] },
    'notifications-1/nBob': { ID: 'nBob', title: 'Bob', ownerID: 'bob', agentId: 'agentB1', ts: 12, seen: false, notificationLevel: 1, notifyOnly: [] },
    'notifications-2/nReq': { ID: 'nReq', title: 'Handoff', ownerID: 'alice', agentId: 'agentA1', ts: 13, seen: false, notificationLevel: 2, notifyOnly: [] },
    'notifications-2/nBob': { ID: 'nBob', title: 'Bob handoff', ownerID: 'bob', agentId: 'agentB1', ts: 14, seen: false, notificationLevel: 2, notifyOnly: [] },

    'events/e1': { type: 'new-user', uid: 'alice' },
  };
}

/** The EU database differs in one place: alice's EU workspace has no members, so mia is a stranger there. */
export function euWorld(): Record<string, Record<string, unknown>> {
  const world = baseWorld();
  world['users/alice'] = { ...world['users/alice'], workspaceEmails: ['alice@a.test'], region: 'eu' };
  return world;
}

export interface World {
  harness: Harness;
  /** A lite web client signed in as `role` on the given database (default na). Cached per role and database. */
  as(role: Role, database?: Database): Firestore;
  /** Writes documents with the admin bypass (rules do not apply). */
  seed(docs: Record<string, Record<string, unknown>>, database?: Database): Promise<void>;
  /** Reads a document with the admin bypass; null when missing. */
  read(path: string, database?: Database): Promise<Record<string, unknown> | null>;
  /** Clears both databases and seeds the base world again (call in beforeEach of suites that write). */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

async function loadRulesInto(h: Harness): Promise<void> {
  // Google's emulator takes rules through its emulator endpoint (as @firebase/rules-unit-testing does).
  const res = await fetch(`${h.url}/emulator/v1/projects/${h.projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: RULES_SOURCE }] } }),
  });
  if (!res.ok) throw new Error(`loading rules into ${h.target} failed: ${res.status} ${await res.text()}`);
}

function adminHeaders(): Record<string, string> {
  return { Authorization: 'Bearer owner', 'content-type': 'application/json' };
}

/**
 * The world for one rules test file: started before its tests and stopped after;
 * with `resetBeforeEach`, cleared and seeded again before every test (suites that write).
 */
export function useWorld(opts: { resetBeforeEach?: boolean } = {}): World {
  const world = {} as World;
  beforeAll(async () => {
    Object.assign(world, await startWorld());
  });
  if (opts.resetBeforeEach) beforeEach(() => world.reset());
  afterAll(() => world.stop());
  return world;
}

export async function startWorld(): Promise<World> {
  const external = !!process.env.FIRESTORE_TARGET;
  const harness = external ? await startHarness() : await startHarness({ rules: RULES_SOURCE });
  if (external) await loadRulesInto(harness);
  const clients = new Map<string, Firestore>();
  const base = `${harness.url}/v1/projects/${harness.projectId}/databases`;

  async function seed(docs: Record<string, Record<string, unknown>>, database: Database = NA): Promise<void> {
    const writes = Object.entries(docs).map(([path, data]) => ({
      update: {
        name: `projects/${harness.projectId}/databases/${database}/documents/${path}`,
        fields: plainToFields(data, harness.projectId, database),
      },
    }));
    const res = await fetch(`${base}/${encodeURIComponent(database)}/documents:commit`, {
      method: 'POST',
      headers: adminHeaders(),
      body: JSON.stringify({ writes }),
    });
    if (!res.ok) throw new Error(`seeding ${database} failed: ${res.status} ${await res.text()}`);
  }

  async function reset(): Promise<void> {
    await harness.clear(NA);
    await harness.clear(EU);
    await seed(baseWorld(), NA);
    await seed(euWorld(), EU);
  }

  await reset();
  return {
    harness,
    as(role, database = NA) {
      const key = `${role}@${database}`;
      let db = clients.get(key);
      if (!db) {
        const id = ROLES[role];
        db = harness.liteDb(id ? { uid: id.uid, claims: { ...id.claims }, database } : { database });
        clients.set(key, db);
      }
      return db;
    },
    seed,
    async read(path, database = NA) {
      const res = await fetch(`${base}/${encodeURIComponent(database)}/documents/${path}`, { headers: adminHeaders() });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`admin read of ${path} failed: ${res.status}`);
      return (await res.json()) as Record<string, unknown>;
    },
    reset,
    stop: () => harness.stop(),
  };
}

/** The promise is rejected by the rules (permission-denied). */
export async function expectDenied(p: Promise<unknown>): Promise<void> {
  await expect(p).rejects.toMatchObject({ code: 'permission-denied' });
}
