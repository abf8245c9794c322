// A workspace's own Vapi key end to end on the voice test stack: saved through saveVoiceKey (checked at the Vapi
// stand-in, which refuses a key it does not know), kept in the private secrets document and shown as its last 4; the
// workspace's assistant, its imported number and its calls are then made with that key (the stand-in records the key
// of every request and keeps each key its own account), a call's minutes cost no credits, and removing the key puts
// the workspace back on the platform's.
import { credentialsApi, paths, voiceApi, voicePaths } from '@parley/core';
import { OWN_ACCOUNT } from '@parley/local/fakes/twilio';
import { FAKE_VAPI_KEY, OWN_VAPI_KEY_PREFIX, type VapiRecord } from '@parley/local/fakes/vapi';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startVoiceStack, type VoiceStack } from '../../test/voice';
import { eventId } from '../voice/webhook/once';
import type { VoiceKeyDeps } from './save-voice-key';

const M = credentialsApi.CREDENTIAL_MESSAGES;
const OWN_KEY = `${OWN_VAPI_KEY_PREFIX}workspace-k3y9`;
const OWNER = 'ownVoiceOwner';
const AGENT = 'OwnVoiceAgent';
const input = { region: 'na' as const, workspaceId: OWNER };
let stack: VoiceStack;
let db: Firestore;
let keyDeps: VoiceKeyDeps;
let deps: import('../voice').VoiceDeps;
let save: typeof import('./save-voice-key').saveVoiceKeyHandler;
let getCredentials: typeof import('./get-credentials').getCredentialsHandler;

const recorded = async () => (await (await fetch(`${stack.vapi.url}/__recorded`)).json()) as VapiRecord[];
const keysOf = async (method: string, path: string) => (await recorded()).filter((r) => r.kind === 'api' && r.method === method && r.path === path).map((r) => r.key);
const balance = async () => (await db.doc(paths.user(OWNER)).get()).get('loadTokens') as number;

beforeAll(async () => {
  stack = await startVoiceStack();
  db = (await import('../adapters/firestore')).databaseFor('na');
  const { testApp } = await import('../../test/composition');
  keyDeps = testApp;
  deps = (await import('../voice')).voiceDepsOf(testApp);
  save = (await import('./save-voice-key')).saveVoiceKeyHandler;
  getCredentials = (await import('./get-credentials')).getCredentialsHandler;
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: 10_000, workspaceEmails: [`${OWNER}@voice.test`], internal: { customPlan: { limits: { twilioPhoneNumberSlots: 2 } } } });
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Own desk', ownerID: OWNER, agentPlatform: 'vg', recordChatHistory: true, smartInit: true, messagesLimit: 0 });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe('the own voice provider key', () => {
  it('is refused at its field when Vapi refuses it; a valid one is kept privately and shown as its last 4; only the owner saves', async () => {
    await expect(save(keyDeps)({ ...input, apiKey: 'sk-not-a-vapi-key' }, signedIn(OWNER))).rejects.toMatchObject({ code: 'invalid-argument', message: `Invalid input — apiKey: ${M.voiceKeyRefused}` });
    expect((await db.doc(paths.userSecrets(OWNER)).get()).get('vapiApiKey')).toBeUndefined();
    await expect(save(keyDeps)({ ...input, apiKey: OWN_KEY }, signedIn('someoneElse'))).rejects.toMatchObject({ status: 403 });

    expect(await save(keyDeps)({ ...input, apiKey: OWN_KEY }, signedIn(OWNER))).toEqual({ apiKey: { last4: 'k3y9' } });
    expect((await db.doc(paths.userSecrets(OWNER)).get()).get('vapiApiKey')).toBe(OWN_KEY);
    const creds = await getCredentials(keyDeps)(input, signedIn(OWNER));
    expect(creds.voice).toEqual({ apiKey: { last4: 'k3y9' } });
    expect(JSON.stringify(creds)).not.toContain(OWN_KEY);
  });

  it('makes the workspace’s assistant, number and calls with its key, bills no minute credits, and refuses buying a platform number', async () => {
    await fetch(`${stack.vapi.url}/__recorded`, { method: 'DELETE' });
    const { handlers } = await loadHandlers();
    const { assistantId } = await handlers.saveConfig(deps)(
      voiceApi.saveVoiceConfig.input.parse({
        region: 'na', agentId: AGENT,
        voiceConfig: { speechGen: { provider: 'deepgram', voiceId: 'asteria' }, transcriber: { provider: 'deepgram', modelId: 'nova-2', utteranceThreshold: 150, language: 'en' } },
      }),
      signedIn(OWNER),
    );
    expect(await keysOf('POST', '/assistant')).toEqual([OWN_KEY]);
    expect((await db.doc(paths.agent(AGENT)).get()).get('vapi.account')).toMatch(/^own:/);
    // The assistant lives in the workspace's own account, not the platform's.
    expect((await fetch(`${stack.vapi.url}/assistant/${assistantId}`, { headers: { authorization: `Bearer ${FAKE_VAPI_KEY}` } })).status).toBe(404);

    await expect(handlers.buy(deps)({ region: 'na', workspaceId: OWNER, number: '+14155550100', agentId: AGENT }, signedIn(OWNER))).rejects.toMatchObject({ status: 412, message: M.ownVoiceKeyBuy });
    const { phoneNumber } = await handlers.importOwn(deps)({ region: 'na', workspaceId: OWNER, number: OWN_ACCOUNT.numbers[0], accountSid: OWN_ACCOUNT.accountSid, authToken: OWN_ACCOUNT.authToken, agentId: AGENT }, signedIn(OWNER));
    expect(await keysOf('POST', '/phone-number')).toEqual([OWN_KEY]);

    const ring = await stack.sim<{ callId: string; error?: string }>('/ring', { number: phoneNumber.number, from: '+15005550006' });
    expect(ring.error).toBeUndefined();
    const before = await balance();
    await stack.sim(`/calls/${ring.callId}/hangup`, { durationSeconds: 125 });
    const state = (await db.doc(voicePaths.voiceCall(ring.callId)).get()).data()!;
    expect(state).toMatchObject({ ownKey: true, billed: true });
    const conversation = (await db.doc(paths.conversation(AGENT, state.conversationId)).get()).data()!;
    expect(conversation.call).toMatchObject({ durationSeconds: 125, minuteCredits: 0 });
    expect(await balance()).toBe(before);

    const web = await handlers.webCall(deps)({ region: 'na', agentId: AGENT }, signedIn(OWNER));
    expect(await keysOf('POST', '/call/web')).toEqual([OWN_KEY]);
    expect((await db.doc(voicePaths.voiceCall(web.callId)).get()).get('ownKey')).toBe(true);
    // Nothing was made with the platform's key (the one GET with it above is this test's own look).
    expect((await recorded()).filter((r) => r.kind === 'api' && r.method !== 'GET' && r.key !== OWN_KEY).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('makes an assistant its own account lost again in that account when a call needs it, and stores it with that account', async () => {
    const lost = (await db.doc(paths.agent(AGENT)).get()).get('vapi.id') as string;
    const ownAccount = (await db.doc(paths.agent(AGENT)).get()).get('vapi.account') as string;
    await fetch(`${stack.vapi.url}/assistant/${lost}`, { method: 'DELETE', headers: { authorization: `Bearer ${OWN_KEY}` } });
    await fetch(`${stack.vapi.url}/__recorded`, { method: 'DELETE' });
    const { handlers } = await loadHandlers();
    const web = await handlers.webCall(deps)({ region: 'na', agentId: AGENT }, signedIn(OWNER));
    expect(web.callId).toBeTruthy();
    expect(await keysOf('POST', '/assistant')).toEqual([OWN_KEY]);
    const agent = (await db.doc(paths.agent(AGENT)).get()).get('vapi') as { id: string; account: string };
    expect(agent.id).not.toBe(lost);
    expect(agent.account).toBe(ownAccount);
    expect((await fetch(`${stack.vapi.url}/assistant/${agent.id}`, { headers: { authorization: `Bearer ${OWN_KEY}` } })).status).toBe(200);
  });

  it('deleting the workspace releases its number and deletes its assistant in its own account', async () => {
    const vapi = (await db.doc(paths.agent(AGENT)).get()).get('vapi') as { id: string; account: string };
    const numbers = await db.collection(voicePaths.phoneNumbers()).where('ownerID', '==', OWNER).get();
    expect(numbers.size).toBe(1);
    const providerNumberId = numbers.docs[0]!.get('providerNumberId') as string;
    await fetch(`${stack.vapi.url}/__recorded`, { method: 'DELETE' });
    const voice = await import('../voice');
    await voice.releaseWorkspaceVoiceWith(deps, 'na', OWNER, [{ ID: AGENT, ownerID: OWNER, vapi }]);
    expect(await keysOf('DELETE', `/assistant/${vapi.id}`)).toEqual([OWN_KEY]);
    expect(await keysOf('DELETE', `/phone-number/${providerNumberId}`)).toEqual([OWN_KEY]);
    expect((await fetch(`${stack.vapi.url}/assistant/${vapi.id}`, { headers: { authorization: `Bearer ${OWN_KEY}` } })).status).toBe(404);
    expect((await db.collection(voicePaths.phoneNumbers()).where('ownerID', '==', OWNER).get()).size).toBe(0);
  });

  it('removed, puts the workspace back on the platform’s key: a new assistant there, calls billed again', async () => {
    expect(await save(keyDeps)({ ...input, apiKey: '' }, signedIn(OWNER))).toEqual({ apiKey: null });
    expect((await db.doc(paths.userSecrets(OWNER)).get()).get('vapiApiKey')).toBeUndefined();
    await fetch(`${stack.vapi.url}/__recorded`, { method: 'DELETE' });
    const { handlers } = await loadHandlers();
    const web = await handlers.webCall(deps)({ region: 'na', agentId: AGENT }, signedIn(OWNER));
    expect(await keysOf('POST', '/assistant')).toEqual([FAKE_VAPI_KEY]);
    expect(await keysOf('POST', '/call/web')).toEqual([FAKE_VAPI_KEY]);
    expect((await db.doc(voicePaths.voiceCall(web.callId)).get()).get('ownKey')).toBe(false);
    expect((await db.doc(paths.agent(AGENT)).get()).get('vapi.account')).toBe('platform');
  });
});

describe('a replaced own voice provider key', () => {
  const OWNER2 = 'replacedKeyOwner';
  const AGENT2 = 'ReplacedKeyAgent';
  const FIRST_KEY = `${OWN_VAPI_KEY_PREFIX}first-key1`;
  const input2 = { region: 'na' as const, workspaceId: OWNER2 };
  let number = { ID: '', number: '', providerNumberId: '' };

  beforeAll(async () => {
    await db.doc(paths.user(OWNER2)).set({ uid: OWNER2, loadTokens: 10_000, internal: { customPlan: { limits: { twilioPhoneNumberSlots: 2 } } } });
    await db.doc(paths.agent(AGENT2)).set({ ID: AGENT2, title: 'Replaced desk', ownerID: OWNER2, agentPlatform: 'vg', recordChatHistory: true, smartInit: true, messagesLimit: 0 });
    await save(keyDeps)({ ...input2, apiKey: FIRST_KEY }, signedIn(OWNER2));
    const { handlers } = await loadHandlers();
    ({ phoneNumber: number } = await handlers.importOwn(deps)({ ...input2, number: OWN_ACCOUNT.numbers[1], accountSid: OWN_ACCOUNT.accountSid, authToken: OWN_ACCOUNT.authToken, agentId: AGENT2 }, signedIn(OWNER2)));
    await handlers.saveConfig(deps)(voiceApi.saveVoiceConfig.input.parse({ region: 'na', agentId: AGENT2, voiceConfig: {} }), signedIn(OWNER2));
    await save(keyDeps)({ ...input2, apiKey: `${OWN_VAPI_KEY_PREFIX}second-key2` }, signedIn(OWNER2));
  });

  it('a call to a number connected with the old key is answered by the agent given whole: it speaks in that account, at no credits', async () => {
    await fetch(`${stack.vapi.url}/__recorded`, { method: 'DELETE' });
    const ring = await stack.sim<{ callId: string; transient?: boolean; assistantId?: string; error?: string }>('/ring', { number: number.number, from: '+15005550016' });
    expect(ring).toMatchObject({ transient: true });
    expect(ring.error).toBeUndefined();
    // No assistant was made for it in the new key's account, where this number's calls cannot reach it.
    expect(await keysOf('POST', '/assistant')).toEqual([]);
    const { reply } = await stack.sim<{ reply: string }>(`/calls/${ring.callId}/say`, { text: 'Are you open on Sundays?' });
    expect(reply).toContain('Are you open on Sundays?');
    const before = (await db.doc(paths.user(OWNER2)).get()).get('loadTokens') as number;
    await stack.sim(`/calls/${ring.callId}/hangup`, { durationSeconds: 65 });
    const state = (await db.doc(voicePaths.voiceCall(ring.callId)).get()).data()!;
    expect(state).toMatchObject({ ownKey: true, billed: true, agentId: AGENT2 });
    expect((await db.doc(paths.conversation(AGENT2, state.conversationId)).get()).get('call')).toMatchObject({ direction: 'inbound', durationSeconds: 65, minuteCredits: 0 });
    expect((await db.doc(paths.user(OWNER2)).get()).get('loadTokens')).toBe(before);
    // The answer is recorded for a repeat as transient, never whole (it holds the agent's secrets).
    const event = (await db.doc(voicePaths.voiceEvent(eventId(ring.callId, 'assistant-request'))).get()).get('answer');
    expect(event).toEqual({ transient: true });
  });

  it('"Call me" from that number is refused with how to reach it again', async () => {
    const { handlers } = await loadHandlers();
    const call = handlers.testCall(deps)({ region: 'na', agentId: AGENT2, phoneNumber: '+14155550123' }, signedIn(OWNER2));
    await expect(call).rejects.toMatchObject({ status: 412, message: M.voiceKeyChanged });
  });

  it('deleting the workspace tells the owner what stays in the old key’s account, out of reach', async () => {
    await db.doc(paths.user(OWNER2)).set({ ownerId: 'someAgencyOwner' }, { merge: true });
    await db.doc(paths.userSecrets(OWNER2)).set({ workspaceSecret: `vg_${OWNER2}DeletionSecret0` }, { merge: true });
    const oldAssistant = (await db.doc(paths.agent(AGENT2)).get()).get('vapi.id') as string;
    const res = await fetch(`${stack.api.url}/v2/workspaces/${OWNER2}`, { method: 'DELETE', headers: { authorization: `Bearer vg_${OWNER2}DeletionSecret0` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; leftAtProvider: string[] };
    expect(body.success).toBe(true);
    expect(body.leftAtProvider.sort()).toEqual([voiceApi.VOICE_MESSAGES.leftAssistant('Replaced desk'), voiceApi.VOICE_MESSAGES.leftNumber(number.number)].sort());
    // They are indeed still there, in the first key's account; our records are gone.
    expect((await fetch(`${stack.vapi.url}/assistant/${oldAssistant}`, { headers: { authorization: `Bearer ${FIRST_KEY}` } })).status).toBe(200);
    expect((await fetch(`${stack.vapi.url}/phone-number/${number.providerNumberId}`, { headers: { authorization: `Bearer ${FIRST_KEY}` } })).status).toBe(200);
    expect((await db.doc(voicePaths.phoneNumber(number.ID)).get()).exists).toBe(false);
  });
});

async function loadHandlers() {
  return {
    handlers: {
      saveConfig: (await import('../voice/save-voice-config')).saveVoiceConfigHandler,
      buy: (await import('../voice/numbers/buy-phone-number')).buyPhoneNumberHandler,
      importOwn: (await import('../voice/numbers/import-twilio-number')).importTwilioNumberHandler,
      webCall: (await import('../voice/start-web-call')).startWebCallHandler,
      testCall: (await import('../voice/start-test-call')).startTestCallHandler,
    },
  };
}
