// telegramBots/{botId} (botId, agentId, webhookUrl, botUsername; members read it) and its private/secrets
// (botToken, webhookSecret; functions only). Lookups are kept for a few seconds per instance: every update and
// every reply needs them.
import { paths, PRIVATE_DOC_IDS, COLLECTIONS, storedTelegramBotSchema, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { databaseFor } from '../../adapters/firestore';
import { briefCache } from '../shared/brief-cache';

export interface BotRecord {
  botId: string;
  agentId: string;
  webhookUrl: string;
  botUsername?: string;
}
export interface BotSecrets {
  botToken: string;
  webhookSecret: string;
}

export const botSecretsPath = (botId: string) => `${paths.telegramBot(botId)}/${COLLECTIONS.private}/${PRIVATE_DOC_IDS.secrets}`;

const byAgent = briefCache<{ bot: BotRecord; secrets: BotSecrets } | null>();
const byBot = briefCache<BotSecrets | null>();

export function forgetBot(region: Region, agentId: string, botId?: string): void {
  byAgent.forget(`${region}/${agentId}`);
  if (botId) byBot.forget(`${region}/${botId}`);
}

export async function readBotOfAgent(db: Firestore, agentId: string): Promise<BotRecord | null> {
  const snap = await db.collection(paths.telegramBots()).where('agentId', '==', agentId).limit(1).get();
  const doc = snap.docs[0];
  if (!doc) return null;
  const data = storedTelegramBotSchema.parse(doc.data());
  return { botId: doc.id, agentId: data.agentId, webhookUrl: data.webhookUrl, ...(typeof data.botUsername === 'string' ? { botUsername: data.botUsername } : {}) };
}

export async function readBotSecrets(db: Firestore, botId: string): Promise<BotSecrets | null> {
  const snap = await db.doc(botSecretsPath(botId)).get();
  const data = snap.data();
  return data && typeof data.botToken === 'string' ? { botToken: data.botToken, webhookSecret: String(data.webhookSecret ?? '') } : null;
}

/** The agent's bot and its secrets (cached briefly). */
export function connectedBot(region: Region, agentId: string, now = Date.now()): Promise<{ bot: BotRecord; secrets: BotSecrets } | null> {
  return byAgent.get(`${region}/${agentId}`, async () => {
    const db = databaseFor(region);
    const bot = await readBotOfAgent(db, agentId);
    if (!bot) return null;
    const secrets = await readBotSecrets(db, bot.botId);
    return secrets ? { bot, secrets } : null;
  }, now);
}

/** A bot's secrets by bot id (cached briefly). */
export function botSecrets(region: Region, botId: string, now = Date.now()): Promise<BotSecrets | null> {
  return byBot.get(`${region}/${botId}`, () => readBotSecrets(databaseFor(region), botId), now);
}
