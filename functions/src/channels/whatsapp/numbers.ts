// waNumbers/{phoneId}: which agent answers a WhatsApp number (members of the agent's workspace read it,
// firestore.rules), its token in waNumbers/{phoneId}/private/secrets (functions only), and per customer the time of
// their last message (waNumbers/{phoneId}/contacts/{waId}, functions only): WhatsApp accepts free-form messages only
// within 24 hours of it. The Legacy Method's number is the agent's own fields; its endpoint id is `legacy_{agentId}`.
import { paths, storedWaNumberSchema, waNumberSchema, type Region, type WaNumber } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { databaseFor } from '../../adapters/firestore';

export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 3600 * 1000;
const LEGACY_PREFIX = 'legacy_';

export const legacyEndpointId = (agentId: string): string => `${LEGACY_PREFIX}${agentId}`;
export const legacyAgentOf = (endpointId: string): string | null => (endpointId.startsWith(LEGACY_PREFIX) ? endpointId.slice(LEGACY_PREFIX.length) : null);

export interface WaNumberSecrets {
  longAccessToken: string;
  /** The two-step verification PIN the number was registered with. */
  pin?: string;
}

export function secretsPath(phoneId: string): string {
  return `${paths.waNumber(phoneId)}/private/secrets`;
}

export async function readNumber(db: Firestore, phoneId: string): Promise<WaNumber | null> {
  const snap = await db.doc(paths.waNumber(phoneId)).get();
  if (!snap.exists) return null;
  const parsed = storedWaNumberSchema.safeParse(snap.data());
  return parsed.success ? waNumberSchema.parse(parsed.data) : null;
}

export async function readNumberSecrets(db: Firestore, phoneId: string): Promise<WaNumberSecrets | null> {
  const data = (await db.doc(secretsPath(phoneId)).get()).data();
  return typeof data?.longAccessToken === 'string' ? (data as WaNumberSecrets) : null;
}

export async function numbersOfAgent(db: Firestore, agentId: string): Promise<WaNumber[]> {
  const snap = await db.collection(paths.waNumbers()).where('agentId', '==', agentId).get();
  return snap.docs.flatMap((d) => {
    const parsed = waNumberSchema.safeParse(d.data());
    return parsed.success ? [parsed.data] : [];
  });
}

/** The region whose database holds the number (connected numbers live in their agent's region). */
export async function findNumber(phoneId: string): Promise<{ region: Region; db: Firestore; number: WaNumber } | null> {
  for (const region of ['na', 'eu'] as const) {
    const db = databaseFor(region);
    const number = await readNumber(db, phoneId);
    if (number) return { region, db, number };
  }
  return null;
}

const contactPath = (endpointId: string, waId: string): string => `${paths.waNumber(endpointId)}/contacts/${waId}`;

export async function recordCustomerMessage(db: Firestore, endpointId: string, waId: string, at: number): Promise<void> {
  await db.doc(contactPath(endpointId, waId)).set({ lastInboundAt: at }, { merge: true });
}

/** Whether a free-form message may go to the customer now (they wrote within the last 24 hours). */
export async function windowOpen(db: Firestore, endpointId: string, waId: string, now = Date.now()): Promise<boolean> {
  const at = (await db.doc(contactPath(endpointId, waId)).get()).get('lastInboundAt');
  return typeof at === 'number' && at > now - CUSTOMER_SERVICE_WINDOW_MS;
}

/** The last message we sent the customer (status callbacks name it). */
export async function recordOutbound(db: Firestore, endpointId: string, waId: string, wamid: string, at: number): Promise<void> {
  await db.doc(contactPath(endpointId, waId)).set({ lastOutboundId: wamid, lastOutboundAt: at }, { merge: true });
}

/** The numbers of several agents (Firestore's `in` takes at most 30 values). */
export async function numbersOfAgents(db: Firestore, agentIds: string[]): Promise<WaNumber[]> {
  const out: WaNumber[] = [];
  for (let i = 0; i < agentIds.length; i += 30) {
    const snap = await db.collection(paths.waNumbers()).where('agentId', 'in', agentIds.slice(i, i + 30)).get();
    for (const d of snap.docs) {
      const parsed = waNumberSchema.safeParse(d.data());
      if (parsed.success) out.push(parsed.data);
    }
  }
  return out;
}
