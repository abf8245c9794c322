// discordChannels/{channelId} (ID = Discord's channel id, agentID, channelId; members read it) and its
// private/secrets (webhookUrl; functions only). A channel answers for one agent: the document id is the channel.
import { COLLECTIONS, paths, PRIVATE_DOC_IDS, REGIONS, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { databaseFor } from '../../adapters/firestore';
import { briefCache } from '../shared/brief-cache';

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

const byChannel = briefCache<{ region: Region; record: ChannelRecord } | null>();
const webhooks = briefCache<string | null>();

export function forgetChannel(id: string): void {
  byChannel.forget(id);
  for (const region of REGIONS) webhooks.forget(`${region}/${id}`);
}

/** Which agent (and region) answers a Discord channel: looked up in each region's database (cached briefly). */
export function channelById(id: string, now = Date.now()): Promise<{ region: Region; record: ChannelRecord } | null> {
  return byChannel.get(id, async () => {
    const found = await Promise.all(REGIONS.map(async (region) => ({ region, snap: await databaseFor(region).doc(paths.discordChannel(id)).get() })));
    const first = found.find((f) => f.snap.exists);
    return first ? { region: first.region, record: { ID: first.snap.id, agentID: String(first.snap.get('agentID')), channelId: String(first.snap.get('channelId')) } } : null;
  }, now);
}

/** The channel's webhook (cached briefly). */
export function channelWebhookUrl(region: Region, id: string, now = Date.now()): Promise<string | null> {
  return webhooks.get(`${region}/${id}`, async () => {
    const secrets = await databaseFor(region).doc(channelSecretsPath(id)).get();
    return typeof secrets.get('webhookUrl') === 'string' ? (secrets.get('webhookUrl') as string) : null;
  }, now);
}
