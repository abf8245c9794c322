// `npm start` after a restart: the voice stand-in forgot every number, and each stored one is connected again — a
// bought one with the platform's Twilio account, an imported one with the workspace's own Twilio credentials — so a
// caller reaches its agent at once.
import { paths, voicePaths, type PhoneNumberRecord } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoiceStack, type VoiceStack } from '../../functions/test/voice';
import { OWN_ACCOUNT, PLATFORM_ACCOUNT } from '../fakes/twilio';
import { DEMO, seedDemoWorkspace } from './seed';
import { reconnectStoredNumbers } from './stored-numbers';

let stack: VoiceStack;
let db: Firestore;
let agentId = '';

beforeAll(async () => {
  stack = await startVoiceStack();
  db = (await import('../../functions/src/adapters/firestore')).databaseFor('na');
  await seedDemoWorkspace(db);
  agentId = (await db.collection(paths.agents()).where('ownerID', '==', DEMO.uid).limit(1).get()).docs[0]!.id;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const stored = (id: string, number: string, source: PhoneNumberRecord['source']): PhoneNumberRecord => ({
  ID: id, ownerID: DEMO.uid, number, source, agentId, country: 'US', providerNumberId: `lost-${id}`, twilioSid: `PN${id}`, providerAccount: 'platform', createdAt: 1,
});

describe('stored numbers on a restarted voice stand-in', () => {
  it('are connected again, each with its Twilio account, and ring their agent', async () => {
    await db.doc(voicePaths.phoneNumber('storedBought')).set(stored('storedBought', '+14155550177', 'bought'));
    await db.doc(voicePaths.phoneNumber('storedOwn')).set(stored('storedOwn', OWN_ACCOUNT.numbers[0], 'imported'));
    await db.doc(voicePaths.phoneNumberSecrets('storedOwn')).set({ twilioAccountSid: OWN_ACCOUNT.accountSid, twilioAuthToken: OWN_ACCOUNT.authToken });

    expect(await reconnectStoredNumbers(db, 'na', { vapiUrl: stack.vapi.url, appUrl: stack.api.url })).toBe(2);
    for (const [id, account] of [['storedBought', PLATFORM_ACCOUNT.accountSid], ['storedOwn', OWN_ACCOUNT.accountSid]] as const) {
      const providerNumberId = (await db.doc(voicePaths.phoneNumber(id)).get()).get('providerNumberId') as string;
      expect(providerNumberId).not.toBe(`lost-${id}`);
      expect(await stack.vapiGet<Record<string, unknown>>(`/phone-number/${providerNumberId}`)).toMatchObject({ twilioAccountSid: account, server: { url: `${stack.api.url}/v2/voice/webhook` } });
    }
    const ring = await stack.sim<{ callId: string; error?: string }>('/ring', { number: '+14155550177', from: '+15005550006' });
    expect(ring.error).toBeUndefined();
    await stack.sim(`/calls/${ring.callId}/hangup`, { durationSeconds: 1 });
  });
});
