// Turning a pending code (or link) into a session in two round trips to Firestore — the sign-in budget is
// 50 ms: (1) the code document, found by key; (2) at once, a batch that spends it (a precondition on its update
// time, so of two requests racing with the same code only one commits) and sets the client online, and a read of
// the client, its org and its agents. Who the code was for is checked again against what those say now.
import { paths, storedClientSchema, storedOrgSchema, type Region } from '@parley/core';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import { parseStored } from '../adapters/stored-data';
import { HttpError } from '../http/endpoint';
import { CLIENTS_MESSAGES, LOGIN_CODE, type ClientSession } from './api';
import { landingAgentIds, landingFromAgents } from './landing';
import { codeRef, judgeCode, type StoredCode } from './login-code-store';
import { sessionToken } from './session';
import type { StoredClient } from './org-client-reads';

export interface CodeLogin { session: ClientSession; client: StoredClient }

export type CodeOutcome = CodeLogin | 'missing' | 'invalid' | 'expired' | 'spent';

export async function sessionFromCode(
  region: Region, key: string, agencyId: string, given: { code: string } | { secret: string }, expectedEmail?: string,
): Promise<CodeOutcome> {
  const db = databaseFor(region);
  const ref = codeRef(db, key);
  const snap = await ref.get();
  if (!snap.exists) return 'missing';
  const stored = snap.data() as StoredCode;
  if (expectedEmail && stored.email !== expectedEmail) return 'invalid';
  const verdict = judgeCode(stored, agencyId, given);
  if (verdict !== 'ok') {
    // Only typed codes are counted (a 32-character link secret is not guessed).
    if ('code' in given || verdict === 'expired') {
      const precondition = { lastUpdateTime: snap.updateTime! };
      const spent = verdict === 'expired' || stored.attempts + 1 >= LOGIN_CODE.maxAttempts;
      // A racing request may have changed the document: its count stands, and this try is refused all the same.
      await (spent ? ref.delete(precondition) : ref.update({ attempts: stored.attempts + 1 }, precondition)).catch(() => undefined);
    }
    return verdict;
  }
  const batch = db.batch();
  batch.delete(ref, { lastUpdateTime: snap.updateTime! });
  batch.update(db.doc(paths.client(stored.clientId)), { status: 'online' });
  const agentIds = stored.widgetIDs.slice(0, 50);
  const [committed, snaps] = await Promise.all([
    batch.commit().then(() => true, () => false),
    db.getAll(db.doc(paths.client(stored.clientId)), db.doc(paths.org(stored.orgId)), ...agentIds.map((id) => db.doc(paths.agent(id)))),
  ]);
  if (!committed) return 'spent';
  const [clientSnap, orgSnap, ...agentSnaps] = snaps as [DocumentSnapshot, DocumentSnapshot, ...DocumentSnapshot[]];
  if (!clientSnap.exists || !orgSnap.exists) return 'invalid';
  const client = parseStored(storedClientSchema, clientSnap, { ID: stored.clientId });
  const org = parseStored(storedOrgSchema, orgSnap, { ID: stored.orgId });
  // Moved to another org, given another e-mail, or the org changed hands since the code was sent: no session.
  if (client.orgId !== stored.orgId || client.email !== stored.email || org.ownerID !== stored.ownerUid) return 'invalid';
  const byId = new Map(agentSnaps.map((s) => [s.id, s] as const));
  const missing = landingAgentIds(client).filter((id) => !byId.has(id));
  if (missing.length > 0) for (const s of await db.getAll(...missing.map((id) => db.doc(paths.agent(id))))) byId.set(s.id, s);
  const [token, where] = await Promise.all([
    sessionToken(region, agencyId, client),
    landingFromAgents(db, region, client, org, landingAgentIds(client).map((id) => byId.get(id)!)),
  ]);
  return {
    client: { ...client, status: 'online' },
    session: { success: true, token, clientId: client.ID, orgId: client.orgId, agencyId, region, ...where },
  };
}

/** The refusal for an outcome that is not a session. */
export function codeRefusal(outcome: Exclude<CodeOutcome, CodeLogin>, link: boolean): HttpError {
  if (link) return new HttpError(401, CLIENTS_MESSAGES.linkInvalid);
  return new HttpError(401, outcome === 'expired' ? CLIENTS_MESSAGES.codeExpired : CLIENTS_MESSAGES.codeInvalid);
}
