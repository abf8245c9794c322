// The demo workspace's phone number, connected again on every `npm start`: the voice stand-in keeps its numbers in
// memory, so each start registers the number there (with our webhook, as a purchase does) and points the stored
// phoneNumbers document at it, assigned to the demo agent. It takes one of the demo's two slots.
import { voicePaths, type PhoneNumberRecord } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { FAKE_VAPI_KEY, functionsEnv } from '../fakes/vapi';

export const DEMO_NUMBER = '+15005550100';
export const DEMO_NUMBER_ID = 'demo-number';

export async function seedDemoNumber(db: Firestore, opts: { ownerID: string; vapiUrl: string; appUrl: string; now?: number }): Promise<PhoneNumberRecord | null> {
  const agents = await db.collection('voiceglow').where('ownerID', '==', opts.ownerID).limit(1).get();
  const agent = agents.docs[0];
  if (!agent) return null;
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
  const record: PhoneNumberRecord = { ID: DEMO_NUMBER_ID, ownerID: opts.ownerID, number: DEMO_NUMBER, source: 'bought', agentId: agent.id, country: 'US', providerNumberId: id, twilioSid: '', createdAt: opts.now ?? Date.now() };
  await db.doc(voicePaths.phoneNumber(DEMO_NUMBER_ID)).set(record);
  return record;
}
