// discordChannels/{channelId} (ID = Discord's channel id, agentID, channelId; members read it) and its
// private/secrets (webhookUrl; functions only). A channel answers for one agent: the document id is the channel.
import { COLLECTIONS, paths, PRIVATE_DOC_IDS, REGIONS, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { databaseFor } from '../../adapters/firestore';

export interface ChannelRecord {
  ID: string;
  agentID: string;
  channelId: string;
}

export const channelSecretsPath = (id: string) => `${paths.discordChannel(id)}/${COLLECTIONS.private}/${PRIVATE_DOC_IDS.secrets}`;

export async function readChannelOfAgent(db: Firestore, agentId: string): Promise<ChannelRecord | null> {
  const snap = await db.collection(paths.discordChannels()).where('agentID', '==', agentId).limit(1).get();
  const doc = snap.docs[0];
  return doc ? { ID: doc.id, agentID: String(doc.get('agentID')), channelId: String(doc.get('channelId')) } : null;
}

const CACHE_MS = 5000;
const byChannel = new Map<string, { at: number; value: Promise<{ region: Region; record: ChannelRecord } | null> }>();
const webhooks = new Map<string, { at: number; value: Promise<string | null> }>();

export function forgetChannel(id: string): void {
  byChannel.delete(id);
  for (const key of webhooks.keys()) if (key.endsWith(`/${id}`)) webhooks.delete(key);
}

/** Which agent (and region) answers a Discord channel: looked up in each region's database (cached briefly). */
export function channelById(id: string, now = Date.now()): Promise<{ region: Region; record: ChannelRecord } | null> {
  const hit = byChannel.get(id);
  if (hit && now - hit.at < CACHE_MS) return hit.value;
  const value = (async () => {
    const found = await Promise.all(REGIONS.map(async (region) => ({ region, snap: await databaseFor(region).doc(paths.discordChannel(id)).get() })));
    const first = found.find((f) => f.snap.exists);
    return first ? { region: first.region, record: { ID: first.snap.id, agentID: String(first.snap.get('agentID')), channelId: String(first.snap.get('channelId')) } } : null;
  })();
  value.catch(() => byChannel.delete(id));
  byChannel.set(id, { at: now, value });
  return value;
}

export function channelWebhookUrl(region: Region, id: string, now = Date.now()): Promise<string | null> {
  const key = `${region}/${id}`;
  const hit = webhooks.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.value;
  const value = databaseFor(region).doc(channelSecretsPath(id)).get().then((s) => (typeof s.get('webhookUrl') === 'string' ? (s.get('webhookUrl') as string) : null));
  value.catch(() => webhooks.delete(key));
  webhooks.set(key, { at: now, value });
  return value;
}
