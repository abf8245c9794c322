// The demo workspace's voice, connected again on every `npm start`: the voice stand-in keeps its assistants and
// numbers in memory, so each start makes the demo agent's assistant there (as saving its Voice tab does, so a call to
// the demo number is answered at once) and registers the number (with our webhook, as a purchase does), pointing the
// stored phoneNumbers document at it, assigned to the demo agent. The number takes one of the demo's two slots.
import { voicePaths, type PhoneNumberRecord } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { vapiProvider } from '../../functions/src/adapters/voice/vapi';
import type { StoredAgent } from '../../functions/src/access';
// The module alone: the voice feature's index loads every voice endpoint, a second of `npm start`.
import { syncAssistant } from '../../functions/src/voice/assistant';
import { FAKE_VAPI_KEY, functionsEnv } from '../fakes/vapi';

export const DEMO_NUMBER = '+15005550100';
export const DEMO_NUMBER_ID = 'demo-number';

export interface DemoVoice {
  number: PhoneNumberRecord;
  /** The demo agent's assistant at the stand-in. */
  assistantId: string;
}

/** Makes the agent's assistant at the stand-in (any id it held was the previous start's) and records its id. */
async function seedAssistant(db: Firestore, agent: StoredAgent, opts: { vapiUrl: string; appUrl: string }): Promise<string> {
  const provider = vapiProvider({ vapiBase: opts.vapiUrl, vapiKey: FAKE_VAPI_KEY, twilioBase: '', twilio: { accountSid: '', authToken: '' } });
  const deps = { db: () => db, provider: () => provider, apiBase: () => opts.appUrl, webhookSecret: () => functionsEnv(opts.vapiUrl).VAPI_WEBHOOK_SECRET };
  return syncAssistant(deps, 'na', { ...agent, vapi: undefined });
}

export async function seedDemoVoice(db: Firestore, opts: { ownerID: string; vapiUrl: string; appUrl: string; now?: number }): Promise<DemoVoice | null> {
  const agents = await db.collection('voiceglow').where('ownerID', '==', opts.ownerID).limit(1).get();
  const agent = agents.docs[0];
  if (!agent) return null;
  const assistantId = await seedAssistant(db, { ID: agent.id, ...agent.data() } as StoredAgent, opts);
  const res = await fetch(`${opts.vapiUrl}/phone-number`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FAKE_VAPI_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      provider: 'twilio',
      number: DEMO_NUMBER,
      twilioAccountSid: `AC${'0'.repeat(32)}`,
      twilioAuthToken: 'demo-platform-token',
      name: 'Parley demo',
      server: { url: `${opts.appUrl}/v2/voice/webhook`, headers: { 'x-vapi-secret': functionsEnv(opts.vapiUrl).VAPI_WEBHOOK_SECRET } },
    }),
  });
  if (!res.ok) throw new Error(`The voice stand-in refused the demo number: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const number: PhoneNumberRecord = { ID: DEMO_NUMBER_ID, ownerID: opts.ownerID, number: DEMO_NUMBER, source: 'bought', agentId: agent.id, country: 'US', providerNumberId: id, twilioSid: '', providerAccount: 'platform', createdAt: opts.now ?? Date.now() };
  await db.doc(voicePaths.phoneNumber(DEMO_NUMBER_ID)).set(number);
  return { number, assistantId };
}
