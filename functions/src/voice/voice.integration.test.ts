// Voice end to end on the test stack: the production adapter (Vapi's and Twilio's SDKs) against their stand-ins, the
// API on a node server (the stand-in calls our custom LLM and webhook there), the conversation engine with the LLM
// and tools stand-ins, Google's Firestore emulator. Calls are simulated as a caller would make them: ring, say a
// line, hang up.
/* eslint-disable @typescript-eslint/no-explicit-any -- stored documents and JSON replies are inspected loosely */
import { paths, PLAN_LIMIT_MESSAGES, voiceApi, voicePaths, VOICE_CREDITS_PER_MINUTE } from '@parley/core';
import { OWN_ACCOUNT, PLATFORM_ACCOUNT } from '@parley/local/fakes/twilio';
import { FAKE_VAPI_KEY } from '@parley/local/fakes/vapi';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, startVoiceStack, type VoiceStack } from '../../test/voice';
import { eventId } from './webhook/once';

const M = voiceApi.VOICE_MESSAGES;
let stack: VoiceStack;
let db: Firestore;
let voice: typeof import('./index');
let handlers: {
  save: typeof import('./save-voice-config').saveVoiceConfigHandler;
  buy: typeof import('./numbers/buy-phone-number').buyPhoneNumberHandler;
  search: typeof import('./numbers/search-phone-numbers').searchPhoneNumbersHandler;
  importOwn: typeof import('./numbers/import-twilio-number').importTwilioNumberHandler;
  assign: typeof import('./numbers/assign-phone-number').assignPhoneNumberHandler;
  release: typeof import('./numbers/release-phone-number').releasePhoneNumberHandler;
  list: typeof import('./numbers/list-phone-numbers').listPhoneNumbersHandler;
  testCall: typeof import('./start-test-call').startTestCallHandler;
  webCall: typeof import('./start-web-call').startWebCallHandler;
};
let deps: import('./deps').VoiceDeps;

let n = 0;
let OWNER = '';
let AGENT = '';
const voiceConfig = (voiceId = 'asteria', provider = 'deepgram') =>
  voiceApi.saveVoiceConfig.input.shape.voiceConfig.parse({ speechGen: { provider, voiceId }, transcriber: { provider: 'deepgram', modelId: 'nova-2', utteranceThreshold: 150, language: 'en' } });

const balance = async (path = paths.user(OWNER)) => (await db.doc(path).get()).get('loadTokens') as number;
const minuteLogs = async () => (await db.collection(paths.creditUsageLogs(OWNER)).where('featureKey', '==', 'voice-call').get()).docs.map((d) => d.data());
const webhook = (body: unknown, secret = 'vapi-local-webhook-secret') =>
  fetch(`${stack.api.url}/v2/voice/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-vapi-secret': secret }, body: JSON.stringify(body) });

/** A workspace with `slots` number slots (custom plan) and `credits`, and an agent of it with the order tool. */
async function seedWorkspace(slots: number, credits = 10_000) {
  OWNER = `voiceOwner${++n}`;
  AGENT = `VoiceAgent${n}`;
  await db.doc(paths.user(OWNER)).set({ uid: OWNER, loadTokens: credits, ...(slots > 0 ? { internal: { customPlan: { limits: { twilioPhoneNumberSlots: slots } } } } : {}) });
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Front desk', ownerID: OWNER, agentPlatform: 'vg', recordChatHistory: true, smartInit: true, messagesLimit: 0, assignedToolsIds: [`orderTool${n}`] });
  await db.doc(paths.tool(`orderTool${n}`)).set({
    id: `orderTool${n}`, userId: OWNER, name: 'get_order_status', description: 'The status of an order', method: 'GET', hasSecret: false,
    serverUrl: `${stack.tools.url}/orders/status`, fields: [{ in: 'query', key: 'order_id', type: 'string', description: 'The order number', required: true }],
  });
}

/** Buys the first number offered in `areaCode` and assigns it to the agent (the workspace must have a free slot). */
async function numberForAgent(agentId = AGENT, areaCode = '415') {
  const { numbers } = await handlers.search(deps)({ region: 'na', workspaceId: OWNER, country: 'US', areaCode }, signedIn(OWNER));
  const free = numbers[0]!;
  const { phoneNumber } = await handlers.buy(deps)({ region: 'na', workspaceId: OWNER, number: free.number, agentId }, signedIn(OWNER));
  return phoneNumber;
}

async function conversationOfCall(callId: string) {
  const state = (await db.doc(voicePaths.voiceCall(callId)).get()).data()!;
  const conversation = (await db.doc(paths.conversation(state.agentId, state.conversationId)).get()).data()!;
  const messages = (await db.collection(paths.conversationMessages(state.agentId, state.conversationId)).orderBy('ts').get()).docs.map((d) => d.data());
  return { state, conversation, messages };
}

beforeAll(async () => {
  stack = await startVoiceStack();
  db = (await import('../adapters/firestore')).databaseFor('na');
  voice = await import('./index');
  const { testApp } = await import('../../test/composition');
  deps = voice.voiceDepsOf(testApp);
  handlers = {
    save: (await import('./save-voice-config')).saveVoiceConfigHandler,
    buy: (await import('./numbers/buy-phone-number')).buyPhoneNumberHandler,
    search: (await import('./numbers/search-phone-numbers')).searchPhoneNumbersHandler,
    importOwn: (await import('./numbers/import-twilio-number')).importTwilioNumberHandler,
    assign: (await import('./numbers/assign-phone-number')).assignPhoneNumberHandler,
    release: (await import('./numbers/release-phone-number')).releasePhoneNumberHandler,
    list: (await import('./numbers/list-phone-numbers')).listPhoneNumbersHandler,
    testCall: (await import('./start-test-call')).startTestCallHandler,
    webCall: (await import('./start-web-call')).startWebCallHandler,
  };
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});
beforeEach(async () => {
  await stack.limits.reset();
});

describe('voice settings', () => {
  it('saving syncs the assistant with exactly the chosen voice and transcriber, Parley as its model; vapi.id is the server’s', async () => {
    await seedWorkspace(0);
    const { assistantId } = await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig('luna'), settings: { maxMinutesMonthly: 100 } }, signedIn(OWNER));
    const assistant = await stack.vapiGet<any>(`/assistant/${assistantId}`);
    expect(assistant.voice).toEqual({ provider: 'deepgram', voiceId: 'luna' });
    expect(assistant.transcriber).toMatchObject({ provider: 'deepgram', model: 'nova-2', language: 'en', endpointing: 150 });
    expect(assistant.model).toMatchObject({ provider: 'custom-llm', url: `${stack.api.url}/v2/voice/na/agents/${AGENT}/llm` });
    expect(assistant.server).toMatchObject({ url: `${stack.api.url}/v2/voice/webhook`, headers: { 'x-vapi-secret': 'vapi-local-webhook-secret' } });
    const agent = (await db.doc(paths.agent(AGENT)).get()).data()!;
    expect(agent.vapi).toEqual({ id: assistantId, account: 'platform' });
    expect(agent.voiceConfig.speechGen.voiceId).toBe('luna');
    expect(agent.maxMinutesMonthly).toBe(100);
    // A second save updates the same assistant.
    const again = await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig('orion'), settings: {} }, signedIn(OWNER));
    expect(again.assistantId).toBe(assistantId);
    expect((await stack.vapiGet<any>(`/assistant/${assistantId}`)).voice.voiceId).toBe('orion');
  });

  it('answers the provider’s refusal as a 4xx sentence and leaves the agent as it was', async () => {
    await seedWorkspace(0);
    const refused = handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig('asteria', 'speakright'), settings: {} }, signedIn(OWNER));
    await expect(refused).rejects.toMatchObject({ status: 412, message: expect.stringContaining('The voice provider refused this: voice.provider must be one of') });
    expect((await db.doc(paths.agent(AGENT)).get()).get('voiceConfig')).toBeUndefined();
    // The owner finds the provider's error in the workspace's logs, naming the agent.
    const logs = async () => (await db.collection(`${paths.user(OWNER)}/workspaceLogs`).get()).docs.map((d) => d.data());
    await expect.poll(async () => (await logs()).map((l) => [l.type, l.agentId, l.channel])).toEqual([['error', AGENT, 'phone']]);
    expect((await logs())[0]!.content).toContain('Voice provider error: voice.provider must be one of');
  });

  it('refuses a stranger', async () => {
    await seedWorkspace(0);
    await expect(handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig(), settings: {} }, signedIn('someone-else'))).rejects.toMatchObject({ status: 403 });
  });
});

describe('phone numbers', () => {
  it('a free workspace has no number slots: buying is refused with how to get more', async () => {
    await seedWorkspace(0);
    await fetch(`${stack.twilio.url}/__recorded`, { method: 'DELETE' });
    await expect(numberForAgent()).rejects.toMatchObject({ status: 402, message: PLAN_LIMIT_MESSAGES.phoneNumbers(0) });
    // Refused before anything was bought.
    expect(((await (await fetch(`${stack.twilio.url}/__recorded`)).json()) as any[]).filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('buys, imports an own Twilio number, assigns, refuses beyond the slots, and releases', async () => {
    await seedWorkspace(2);
    const bought = await numberForAgent();
    expect(bought).toMatchObject({ ownerID: OWNER, source: 'bought', agentId: AGENT });
    const twilioBuys = ((await (await fetch(`${stack.twilio.url}/__recorded`)).json()) as any[]).filter((r) => r.method === 'POST' && r.params.PhoneNumber === bought.number);
    expect(twilioBuys).toHaveLength(1);
    expect(await stack.vapiGet<any>(`/phone-number/${bought.providerNumberId}`)).toMatchObject({ provider: 'twilio', number: bought.number, server: { url: `${stack.api.url}/v2/voice/webhook` } });

    const wrong = handlers.importOwn(deps)({ region: 'na', workspaceId: OWNER, number: OWN_ACCOUNT.numbers[0], accountSid: OWN_ACCOUNT.accountSid, authToken: 'not-the-token' }, signedIn(OWNER));
    await expect(wrong).rejects.toMatchObject({ status: 400, message: M.numberNotInAccount });
    const { phoneNumber: own } = await handlers.importOwn(deps)({ region: 'na', workspaceId: OWNER, number: OWN_ACCOUNT.numbers[0], accountSid: OWN_ACCOUNT.accountSid, authToken: OWN_ACCOUNT.authToken }, signedIn(OWNER));
    expect(own).toMatchObject({ source: 'imported', agentId: null });
    // The own account's token stays in the private document, never in the record members read.
    expect(JSON.stringify(own)).not.toContain(OWN_ACCOUNT.authToken);
    expect((await db.doc(voicePaths.phoneNumberSecrets(own.ID)).get()).get('twilioAuthToken')).toBe(OWN_ACCOUNT.authToken);

    const assigned = await handlers.assign(deps)({ region: 'na', phoneNumberId: own.ID, agentId: AGENT }, signedIn(OWNER));
    expect(assigned.phoneNumber.agentId).toBe(AGENT);
    expect((await stack.vapiGet<any>(`/phone-number/${own.providerNumberId}`)).name).toBe('Parley: Front desk');
    expect(await handlers.list(deps)({ region: 'na', workspaceId: OWNER }, signedIn(OWNER))).toMatchObject({ slots: { used: 2, limit: 2 } });

    await expect(numberForAgent()).rejects.toMatchObject({ status: 402, message: PLAN_LIMIT_MESSAGES.phoneNumbers(2) });
    await expect(handlers.release(deps)({ region: 'na', phoneNumberId: bought.ID }, signedIn('someone-else'))).rejects.toMatchObject({ status: 403 });

    expect(await handlers.release(deps)({ region: 'na', phoneNumberId: bought.ID }, signedIn(OWNER))).toEqual({ released: true });
    expect(((await (await fetch(`${stack.twilio.url}/__recorded`)).json()) as any[]).some((r) => r.method === 'DELETE' && r.path.endsWith(`${bought.twilioSid}.json`))).toBe(true);
    expect((await stack.vapiGet<any>(`/phone-number/${bought.providerNumberId}`)).statusCode).toBe(404);
    expect(await handlers.list(deps)({ region: 'na', workspaceId: OWNER }, signedIn(OWNER))).toMatchObject({ slots: { used: 1, limit: 2 } });
  });

  it('"Call me" wants the number with its country code', () => {
    const parsed = voiceApi.startTestCall.input.safeParse({ region: 'na', agentId: 'a1', phoneNumber: '4155550123' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe('Please include the country code in the phone number.');
    expect(voiceApi.startTestCall.input.parse({ region: 'na', agentId: 'a1', phoneNumber: '+1 (415) 555-0123' }).phoneNumber).toBe('+14155550123');
  });
});

describe('a call', () => {
  it('is answered by the same engine (an assigned tool is called), kept in Chats as a phone conversation, and its minutes billed once', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent();
    await fetch(`${stack.tools.url}/__recorded`, { method: 'DELETE' });
    const ring = await stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from: '+15005550006' });
    expect(ring.error).toBeUndefined();
    const { reply } = await stack.sim<{ reply: string }>(`/calls/${ring.callId}/say`, { text: 'where is order 1234?' });
    expect(reply).toContain('Here is what I found');
    expect(reply).toContain('1234');
    const toolRequests = (await (await fetch(`${stack.tools.url}/__recorded`)).json()) as any[];
    expect(toolRequests.map((r) => [r.path, r.query.order_id])).toEqual([['/orders/status', '1234']]);

    const before = await balance();
    await stack.sim(`/calls/${ring.callId}/hangup`, { durationSeconds: 125 });
    const { conversation, messages } = await conversationOfCall(ring.callId);
    expect(conversation).toMatchObject({
      channel: 'phone',
      channelUser: { id: '+15005550006' },
      call: { callId: ring.callId, callerNumber: '+15005550006', agentNumber: number.number, direction: 'inbound', durationSeconds: 125, endedReason: 'customer-ended-call', minuteCredits: 3 * VOICE_CREDITS_PER_MINUTE },
    });
    expect(messages.map((m) => [m.role, m.text.slice(0, 20)])).toEqual([['user', 'where is order 1234?'], ['assistant', reply.slice(0, 20)]]);
    expect(messages[1]!.toolCalls?.[0]).toMatchObject({ name: 'get_order_status', ok: true });
    expect(await balance()).toBe(before - 3 * VOICE_CREDITS_PER_MINUTE);

    // Vapi sends the report once, but a replay must not bill again.
    await stack.sim(`/calls/${ring.callId}/report`);
    expect(await balance()).toBe(before - 3 * VOICE_CREDITS_PER_MINUTE);
    expect(await minuteLogs()).toHaveLength(1);
  });

  it('keeps the recording’s link with the call when recording is on, and none when it is off', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent(AGENT, '530');
    const callWith = async (recordAudio: boolean) => {
      const config = voiceApi.saveVoiceConfig.input.shape.voiceConfig.parse({ ...voiceConfig(), config: { recordAudio } });
      await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: config, settings: {} }, signedIn(OWNER));
      const ring = await stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from: '+15005557000' });
      expect(ring.error).toBeUndefined();
      await stack.sim(`/calls/${ring.callId}/hangup`, { durationSeconds: 5 });
      return (await conversationOfCall(ring.callId)).conversation.call;
    };
    expect((await callWith(true)).recordingUrl).toMatch(/\/__recordings\/.+\.wav$/);
    expect((await callWith(false)).recordingUrl).toBeUndefined();
  });

  it('a warm instance rings a reassigned number’s new agent once the settings’ cache life has passed', async () => {
    await seedWorkspace(1);
    const first = AGENT;
    const number = await numberForAgent();
    const second = `${AGENT}b`;
    await db.doc(paths.agent(second)).set({ ID: second, title: 'Back office', ownerID: OWNER, agentPlatform: 'vg', vapi: { id: 'assistant-of-b' } });
    await db.doc(paths.agent(first)).set({ vapi: { id: 'assistant-of-a' } }, { merge: true });
    // An instance that keeps settings as production does (3 s), on a clock of the test's.
    let clock = 1_000_000;
    const { routeCall } = await import('./webhook/assistant-request');
    const { warmCache } = await import('../adapters/warm-cache');
    const warm = { ...deps, now: () => clock, engine: () => ({ ...deps.engine(), agentCacheMs: 3000 }), warm: warmCache() };
    const ringing = { call: { id: 'warm-call' }, phoneNumber: { id: number.providerNumberId } };
    const answering = async () => (await routeCall(warm, 'na', ringing))?.agent.vapi?.id;
    expect(await answering()).toBe('assistant-of-a');
    await handlers.assign(deps)({ region: 'na', phoneNumberId: number.ID, agentId: second }, signedIn(OWNER));
    clock += 3000;
    expect(await answering()).toBe('assistant-of-b');
  });

  it('refuses a webhook with a wrong secret with 401 and stores nothing', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent();
    const call = { id: `forged-call-${n}`, phoneNumberId: number.providerNumberId, customer: { number: '+15005550006' } };
    for (const secret of ['wrong-secret', '']) {
      const res = await webhook({ message: { type: 'assistant-request', call, phoneNumber: { id: number.providerNumberId } } }, secret);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, error: 'Unauthorized' });
      const report = await webhook({ message: { type: 'end-of-call-report', call, endedReason: 'customer-ended-call', durationSeconds: 600, cost: 1 } }, secret);
      expect(report.status).toBe(401);
    }
    expect((await db.doc(voicePaths.voiceCall(call.id)).get()).exists).toBe(false);
    for (const type of ['assistant-request', 'end-of-call-report']) expect((await db.doc(voicePaths.voiceEvent(eventId(call.id, type))).get()).exists).toBe(false);
    expect((await db.collection(paths.conversations(AGENT)).get()).size).toBe(0);
    expect((await db.doc(voicePaths.voiceLines(OWNER)).get()).exists).toBe(false);
    expect(await minuteLogs()).toHaveLength(0);
  });

  it('the eleventh concurrent call on a free workspace is refused with a spoken sentence and the owner is told; the count is 0 after the hang-ups', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent();
    const calls: string[] = [];
    for (let i = 0; i < 10; i++) {
      const ring = await stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from: `+1500555${String(1000 + i)}` });
      expect(ring.error).toBeUndefined();
      calls.push(ring.callId);
    }
    const { callsInProgress } = await import('./calls/lines');
    expect(await callsInProgress(db, OWNER)).toBe(10);
    const eleventh = await stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from: '+15005552000' });
    expect(eleventh.error).toBe(M.spokenBusy);
    const told = (await db.collection(paths.notifications(1)).where('ownerID', '==', OWNER).get()).docs.map((d) => d.data());
    expect(told).toEqual([expect.objectContaining({ title: 'Call refused', body: M.refusedNotification(M.concurrentLimitReason(10)) })]);
    expect((await db.doc(voicePaths.voiceCall(eleventh.callId)).get()).exists).toBe(false);

    await Promise.all(calls.map((id) => stack.sim(`/calls/${id}/hangup`, { durationSeconds: 30 })));
    expect(await callsInProgress(db, OWNER)).toBe(0);
    // The line is free again.
    const next = await stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from: '+15005552001' });
    expect(next.error).toBeUndefined();
    await stack.sim(`/calls/${next.callId}/hangup`, { durationSeconds: 1 });
  });

  it('calls ringing at once on a free workspace: ten are answered, the rest refused, never more than ten lines', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent(AGENT, '202');
    const rings = await Promise.all(Array.from({ length: 13 }, (_, i) => stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from: `+1500555${3100 + i}` })));
    const answered = rings.filter((r) => !r.error);
    expect(answered).toHaveLength(10);
    expect(rings.filter((r) => r.error).map((r) => r.error)).toEqual([M.spokenBusy, M.spokenBusy, M.spokenBusy]);
    const { callsInProgress } = await import('./calls/lines');
    expect(await callsInProgress(db, OWNER)).toBe(10);
    await Promise.all(answered.map((r) => stack.sim(`/calls/${r.callId}/hangup`, { durationSeconds: 10 })));
    expect(await callsInProgress(db, OWNER)).toBe(0);
  });

  it('a call whose end never reached us is read back from the provider once its line is stale, and finished', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent();
    const lost = await stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from: '+15005550009' });
    expect(lost.error).toBeUndefined();
    // The hang-up's status-update and report do not get through (Vapi does not send them again).
    const secret = process.env.VAPI_WEBHOOK_SECRET;
    process.env.VAPI_WEBHOOK_SECRET = 'rotated-meanwhile';
    await stack.sim(`/calls/${lost.callId}/hangup`, { durationSeconds: 40 });
    process.env.VAPI_WEBHOOK_SECRET = secret;
    expect((await conversationOfCall(lost.callId)).conversation.call.endedReason).toBeUndefined();
    // Hours later its line is still held: the next call finds it stale and reads the call back.
    await db.doc(voicePaths.voiceLines(OWNER)).update({ [`calls.${lost.callId}`]: Date.now() - 3 * 3600_000 });
    const next = await stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from: '+15005550010' });
    expect(next.error).toBeUndefined();
    const { state, conversation } = await conversationOfCall(lost.callId);
    expect(state).toMatchObject({ billed: true, status: 'ended' });
    expect(conversation.call).toMatchObject({ endedReason: 'customer-ended-call' });
    const { callsInProgress } = await import('./calls/lines');
    expect(await callsInProgress(db, OWNER)).toBe(1);
    await stack.sim(`/calls/${next.callId}/hangup`, { durationSeconds: 1 });
  });

  it('a call on an agent whose org has billing on charges the org, not the workspace', async () => {
    await seedWorkspace(1);
    const orgId = `voiceOrg${n}`;
    await db.doc(paths.org(orgId)).set({ ID: orgId, name: 'Acme Dental', ownerID: OWNER, widgetIDs: [AGENT], allowBilling: true, loadTokens: 1000 });
    const number = await numberForAgent();
    const workspaceBefore = await balance();
    const ring = await stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from: '+15005550007' });
    expect(ring.error).toBeUndefined();
    await stack.sim(`/calls/${ring.callId}/hangup`, { durationSeconds: 60 });
    expect(await balance(paths.org(orgId))).toBe(1000 - VOICE_CREDITS_PER_MINUTE);
    expect(await balance()).toBe(workspaceBefore);
    expect(await minuteLogs()).toEqual([expect.objectContaining({ amount: VOICE_CREDITS_PER_MINUTE, orgId, agentId: AGENT })]);
  });

  it('a payer out of credits: the call is refused with a sentence and the owner is told', async () => {
    await seedWorkspace(1, 0);
    const number = await numberForAgent();
    const ring = await stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from: '+15005550008' });
    expect(ring.error).toBe(M.spokenUnavailable);
    const told = (await db.collection(paths.notifications(1)).where('ownerID', '==', OWNER).get()).docs.map((d) => d.data());
    expect(told).toEqual([expect.objectContaining({ title: 'Out of credits', body: expect.stringContaining('phone call') })]);
  });

  it('an agent past its monthly minutes, then past its monthly cost, refuses calls with a sentence and tells the owner', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent(AGENT, '520');
    const ring = (from: string) => stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from });
    const refusals = async () => (await db.collection(paths.notifications(1)).where('ownerID', '==', OWNER).get()).docs.map((d) => d.get('body') as string).sort();
    await db.doc(paths.agent(AGENT)).set({ maxMinutesMonthly: 1 }, { merge: true });
    const first = await ring('+15005556001');
    expect(first.error).toBeUndefined();
    await stack.sim(`/calls/${first.callId}/hangup`, { durationSeconds: 60 });
    expect((await ring('+15005556002')).error).toBe(M.spokenUnavailable);
    expect(await refusals()).toEqual([M.refusedNotification(M.monthlyMinutesReason)]);

    // The stand-in charges $0.10 a minute: this month's call cost $0.10.
    await db.doc(paths.agent(AGENT)).set({ maxMinutesMonthly: 0, maxCostMonthly: 0.1 }, { merge: true });
    expect((await ring('+15005556003')).error).toBe(M.spokenUnavailable);
    expect(await refusals()).toEqual([M.refusedNotification(M.monthlyCostReason), M.refusedNotification(M.monthlyMinutesReason)].sort());
    await db.doc(paths.agent(AGENT)).set({ maxCostMonthly: 0.2 }, { merge: true });
    const allowed = await ring('+15005556004');
    expect(allowed.error).toBeUndefined();
    await stack.sim(`/calls/${allowed.callId}/hangup`, { durationSeconds: 1 });
  });

  it('"Call me" calls the number from the agent’s number; a web call answers with the web prompt', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent();
    const placed = await handlers.testCall(deps)({ region: 'na', agentId: AGENT, phoneNumber: '+14155550123' }, signedIn(OWNER));
    const recorded = (await (await fetch(`${stack.vapi.url}/__recorded`)).json()) as any[];
    expect(recorded.filter((r) => r.kind === 'api' && r.path === '/call').at(-1).body).toMatchObject({ phoneNumberId: number.providerNumberId, customer: { number: '+14155550123' } });
    await stack.sim(`/calls/${placed.callId}/start`);
    await stack.sim(`/calls/${placed.callId}/hangup`, { durationSeconds: 20 });
    expect((await conversationOfCall(placed.callId)).conversation.call).toMatchObject({ direction: 'outbound', callerNumber: '+14155550123', minuteCredits: VOICE_CREDITS_PER_MINUTE });

    await db.doc(paths.agent(AGENT)).set({ vg_systemPrompt: 'You are the phone agent.', vapiConfig: { promptOnWeb: 'You are the website voice agent.' } }, { merge: true });
    const web = await handlers.webCall(deps)({ region: 'na', agentId: AGENT }, signedIn(OWNER));
    expect(web.webCallUrl).toContain(`/__web/${web.callId}`);
    await fetch(`${stack.llm.url}/__recorded`, { method: 'DELETE' });
    await stack.sim(`/calls/${web.callId}/start`);
    await stack.sim(`/calls/${web.callId}/say`, { text: 'What are your opening hours?' });
    const prompts = ((await (await fetch(`${stack.llm.url}/__recorded`)).json()) as any[]).map((r) => r.body.messages[0].content as string);
    expect(prompts.at(-1)).toContain('You are the website voice agent.');
    expect(prompts.at(-1)).not.toContain('You are the phone agent.');
    await stack.sim(`/calls/${web.callId}/hangup`, { durationSeconds: 5 });
    expect((await conversationOfCall(web.callId)).conversation).toMatchObject({ channel: 'webcall', call: { direction: 'web' } });
  });

  it('a client user with /voice places a test call with its agent; numbers stay the workspace’s to buy', async () => {
    await seedWorkspace(2);
    const number = await numberForAgent();
    const org = `voiceOrg${n}`;
    await db.doc(paths.org(org)).set({ ID: org, ownerID: OWNER, settings: {} });
    await db.doc(paths.client(`voiceClient${n}`)).set({ orgId: org, widgetIDs: [AGENT], canAccess: ['/home', '/voice'] });
    await db.doc(paths.client(`chatsClient${n}`)).set({ orgId: org, widgetIDs: [AGENT], canAccess: ['/home', '/convos'] });
    const asClient = (clientId: string) => ({ auth: { uid: `${clientId}-uid`, token: { role: 'client', clientId } as never, rawToken: 'x' } });

    const placed = await handlers.testCall(deps)({ region: 'na', agentId: AGENT, phoneNumber: '+14155550199' }, asClient(`voiceClient${n}`));
    const recorded = (await (await fetch(`${stack.vapi.url}/__recorded`)).json()) as any[];
    expect(recorded.filter((r) => r.kind === 'api' && r.path === '/call').at(-1).body).toMatchObject({ phoneNumberId: number.providerNumberId, customer: { number: '+14155550199' } });
    expect((await conversationOfCall(placed.callId)).conversation.call).toMatchObject({ direction: 'outbound', callerNumber: '+14155550199' });

    await expect(handlers.testCall(deps)({ region: 'na', agentId: AGENT, phoneNumber: '+14155550199' }, asClient(`chatsClient${n}`))).rejects.toMatchObject({ status: 403 });
    const { numbers } = await handlers.search(deps)({ region: 'na', workspaceId: OWNER, country: 'US', areaCode: '415' }, signedIn(OWNER));
    await expect(handlers.buy(deps)({ region: 'na', workspaceId: OWNER, number: numbers[0]!.number, agentId: AGENT }, asClient(`voiceClient${n}`))).rejects.toMatchObject({ status: 403 });
    await expect(handlers.release(deps)({ region: 'na', phoneNumberId: number.ID }, asClient(`voiceClient${n}`))).rejects.toMatchObject({ status: 403 });
  });

  it('a visitor starts a browser call from the widget only when web calling is on, within the agent’s allowed domains', async () => {
    await seedWorkspace(0);
    const start = (origin = 'https://shop.example') =>
      fetch(`${stack.api.url}/public/agents/${AGENT}/web-call`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: '{}' });
    const off = await start();
    expect(off.status).toBe(403);
    expect(await off.json()).toEqual({ success: false, error: M.webCallingOff });
    await db.doc(paths.agent(AGENT)).set({ voiceConfig: { config: { enableWebCalling: true } }, allowedDomains: ['shop.example'] }, { merge: true });
    expect((await start('https://elsewhere.example')).status).toBe(403);
    const res = await start();
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as any;
    expect(data.webCallUrl).toContain(`/__web/${data.callId}`);
    await stack.sim(`/calls/${data.callId}/start`);
    const { reply } = await stack.sim<{ reply: string }>(`/calls/${data.callId}/say`, { text: 'Do you deliver on Sundays?' });
    expect(reply).toContain('Do you deliver on Sundays?');
    await stack.sim(`/calls/${data.callId}/hangup`, { durationSeconds: 61 });
    const { conversation, messages } = await conversationOfCall(data.callId);
    expect(conversation).toMatchObject({ channel: 'webcall', call: { direction: 'web', durationSeconds: 61, minuteCredits: 2 * VOICE_CREDITS_PER_MINUTE } });
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('the custom LLM refuses a wrong bearer with 401', async () => {
    await seedWorkspace(0);
    await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig(), settings: {} }, signedIn(OWNER));
    const res = await fetch(`${stack.api.url}/v2/voice/na/agents/${AGENT}/llm/chat/completions`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer vs_guess' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hello' }], call: { id: 'c1' }, stream: true }),
    });
    expect(res.status).toBe(401);
    expect((await db.doc(voicePaths.voiceCall('c1')).get()).exists).toBe(false);
  });
});

/** Deletes the agent's assistant at the stand-in, as its restart (or a deletion in the provider's dashboard) leaves it. */
async function assistantLost(assistantId: string) {
  await fetch(`${stack.vapi.url}/assistant/${assistantId}`, { method: 'DELETE', headers: { authorization: `Bearer ${FAKE_VAPI_KEY}` } });
  expect((await stack.vapiGet<any>(`/assistant/${assistantId}`)).statusCode).toBe(404);
}

const storedAssistant = async (agentId = AGENT) => (await db.doc(paths.agent(agentId)).get()).get('vapi.id') as string;

describe('an assistant the provider lost', () => {
  it('is made again by the next save, and the agent keeps the new id', async () => {
    await seedWorkspace(0);
    const { assistantId: lost } = await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig('luna'), settings: {} }, signedIn(OWNER));
    await assistantLost(lost);
    const { assistantId } = await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig('orion'), settings: {} }, signedIn(OWNER));
    expect(assistantId).not.toBe(lost);
    expect(await storedAssistant()).toBe(assistantId);
    expect((await stack.vapiGet<any>(`/assistant/${assistantId}`)).voice).toEqual({ provider: 'deepgram', voiceId: 'orion' });
  });

  it('is made again when an inbound call needs it: the call is answered', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent(AGENT, '212');
    const { assistantId: lost } = await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig(), settings: {} }, signedIn(OWNER));
    await assistantLost(lost);
    const ring = await stack.sim<{ callId: string; assistantId?: string; error?: string }>('/ring', { number: number.number, from: '+15005553000' });
    expect(ring.error).toBeUndefined();
    expect(ring.assistantId).not.toBe(lost);
    expect(await storedAssistant()).toBe(ring.assistantId);
    expect((await stack.sim<{ reply: string }>(`/calls/${ring.callId}/say`, { text: 'Hello?' })).reply).toBeTruthy();
    await stack.sim(`/calls/${ring.callId}/hangup`, { durationSeconds: 5 });
  });

  it('is made again when a browser call or "Call me" needs it: the call is placed', async () => {
    await seedWorkspace(1);
    await numberForAgent(AGENT, '646');
    const { assistantId: lost } = await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig(), settings: {} }, signedIn(OWNER));
    await assistantLost(lost);
    const web = await handlers.webCall(deps)({ region: 'na', agentId: AGENT }, signedIn(OWNER));
    const remade = await storedAssistant();
    expect(remade).not.toBe(lost);
    expect((await stack.sim<{ calls: any[] }>('/calls')).calls.find((c) => c.id === web.callId)?.assistantId).toBe(remade);
    await stack.sim(`/calls/${web.callId}/hangup`, { durationSeconds: 1 });

    await assistantLost(remade);
    const placed = await handlers.testCall(deps)({ region: 'na', agentId: AGENT, phoneNumber: '+14155550123' }, signedIn(OWNER));
    expect(await storedAssistant()).not.toBe(remade);
    await stack.sim(`/calls/${placed.callId}/hangup`, { durationSeconds: 1 });
  });
});

describe('a number the stand-ins lost', () => {
  it('is released all the same: its slot is free again', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent(AGENT, '415');
    // As a restart of the stand-ins leaves it: neither Vapi nor Twilio holds the number any more.
    await fetch(`${stack.vapi.url}/phone-number/${number.providerNumberId}`, { method: 'DELETE', headers: { authorization: `Bearer ${FAKE_VAPI_KEY}` } });
    const platform = `Basic ${Buffer.from(`${PLATFORM_ACCOUNT.accountSid}:${PLATFORM_ACCOUNT.authToken}`).toString('base64')}`;
    const twilioNumber = `${stack.twilio.url}/2010-04-01/Accounts/${PLATFORM_ACCOUNT.accountSid}/IncomingPhoneNumbers/${String(number.twilioSid)}.json`;
    expect((await fetch(twilioNumber, { method: 'DELETE', headers: { authorization: platform } })).status).toBe(204);
    expect(await handlers.release(deps)({ region: 'na', phoneNumberId: number.ID }, signedIn(OWNER))).toEqual({ released: true });
    expect(await handlers.release(deps)({ region: 'na', phoneNumberId: number.ID }, signedIn(OWNER)).catch((e: { status: number }) => e.status)).toBe(404);
    expect(await handlers.list(deps)({ region: 'na', workspaceId: OWNER }, signedIn(OWNER))).toMatchObject({ slots: { used: 0, limit: 1 } });
  });
});

describe('numbers the Vapi stand-in lost in a restart', () => {
  const storedNumber = async (id: string) => (await db.doc(voicePaths.phoneNumber(id)).get()).get('providerNumberId') as string;

  it('are connected again from the platform’s Twilio purchase by "Call me" and by Assign, and then ring', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent(AGENT, '408');
    await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig(), settings: {} }, signedIn(OWNER));
    await stack.restartVapi();

    // "Call me": the assistant and the number are made and connected again, and the call is placed from the number.
    const placed = await handlers.testCall(deps)({ region: 'na', agentId: AGENT, phoneNumber: '+14155550123' }, signedIn(OWNER));
    const afterCall = await storedNumber(number.ID);
    expect(afterCall).not.toBe(number.providerNumberId);
    expect(await stack.vapiGet<any>(`/phone-number/${afterCall}`)).toMatchObject({ number: number.number, name: 'Parley: Front desk', twilioAccountSid: PLATFORM_ACCOUNT.accountSid, server: { url: `${stack.api.url}/v2/voice/webhook` } });
    expect((await stack.sim<{ calls: any[] }>('/calls')).calls.find((c) => c.id === placed.callId)).toMatchObject({ phoneNumberId: afterCall, customer: { number: '+14155550123' } });
    await stack.sim(`/calls/${placed.callId}/hangup`, { durationSeconds: 1 });

    await stack.restartVapi();
    const assigned = await handlers.assign(deps)({ region: 'na', phoneNumberId: number.ID, agentId: AGENT }, signedIn(OWNER));
    expect(assigned.phoneNumber.providerNumberId).not.toBe(afterCall);
    expect(await storedNumber(number.ID)).toBe(assigned.phoneNumber.providerNumberId);
    expect((await stack.vapiGet<any>(`/phone-number/${assigned.phoneNumber.providerNumberId}`)).name).toBe('Parley: Front desk');
    // Callers reach the agent on it again.
    const ring = await stack.sim<{ callId: string; error?: string }>('/ring', { number: number.number, from: '+15005554000' });
    expect(ring.error).toBeUndefined();
    await stack.sim(`/calls/${ring.callId}/hangup`, { durationSeconds: 1 });
  });

  it('an imported one is connected again with the workspace’s own Twilio credentials; without them Assign says what to do', async () => {
    await seedWorkspace(2);
    const importOwn = (number: string) => handlers.importOwn(deps)({ region: 'na', workspaceId: OWNER, number, accountSid: OWN_ACCOUNT.accountSid, authToken: OWN_ACCOUNT.authToken }, signedIn(OWNER));
    // Another test's workspace may hold the own account's numbers: they go first.
    for (const own of OWN_ACCOUNT.numbers) {
      const held = await db.collection(voicePaths.phoneNumbers()).where('number', '==', own).get();
      await Promise.all(held.docs.map((d) => d.ref.delete()));
    }
    await stack.restartVapi();
    const { phoneNumber: kept } = await importOwn(OWN_ACCOUNT.numbers[0]);
    const { phoneNumber: bare } = await importOwn(OWN_ACCOUNT.numbers[1]);
    await db.doc(voicePaths.phoneNumberSecrets(bare.ID)).delete();
    await stack.restartVapi();

    const { phoneNumber } = await handlers.assign(deps)({ region: 'na', phoneNumberId: kept.ID, agentId: AGENT }, signedIn(OWNER));
    expect(phoneNumber.providerNumberId).not.toBe(kept.providerNumberId);
    expect(await stack.vapiGet<any>(`/phone-number/${phoneNumber.providerNumberId}`)).toMatchObject({ number: kept.number, twilioAccountSid: OWN_ACCOUNT.accountSid, name: 'Parley: Front desk' });

    const refused = handlers.assign(deps)({ region: 'na', phoneNumberId: bare.ID, agentId: AGENT }, signedIn(OWNER));
    await expect(refused).rejects.toMatchObject({ status: 412, message: M.numberLostNoCredentials });
    expect(await storedNumber(bare.ID)).toBe(bare.providerNumberId);
    // Released all the same, as the sentence says.
    expect(await handlers.release(deps)({ region: 'na', phoneNumberId: bare.ID }, signedIn(OWNER))).toEqual({ released: true });
  });
});

describe('deleting', () => {
  /** The production adapter pointed at a port nobody listens on: every request fails as in an outage. */
  const unreachable = async () => {
    const { vapiProvider } = await import('../adapters/voice/vapi');
    const provider = vapiProvider({ vapiBase: 'http://127.0.0.1:9', vapiKey: 'k', twilioBase: 'http://127.0.0.1:9', twilio: { accountSid: 'AC', authToken: 't' } });
    return { ...deps, provider: () => provider };
  };
  const logs = async () => (await db.collection(`${paths.user(OWNER)}/workspaceLogs`).get()).docs.map((d) => d.data());

  it('an agent deletes its assistant at the provider and unassigns its numbers, which stay the workspace’s', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent(AGENT, '718');
    const { assistantId } = await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig(), settings: {} }, signedIn(OWNER));
    await voice.forgetAgentVoice(deps, 'na', { ID: AGENT, ownerID: OWNER, vapi: { id: assistantId } });
    expect((await stack.vapiGet<any>(`/assistant/${assistantId}`)).statusCode).toBe(404);
    expect((await db.doc(voicePaths.phoneNumber(number.ID)).get()).get('agentId')).toBeNull();
    expect((await stack.vapiGet<any>(`/phone-number/${number.providerNumberId}`)).name).toBe('Parley');
  });

  it('an agent deleted without the functions (a member deletes its document) is let go of at the provider by the scheduled sweep', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent(AGENT, '503');
    const { assistantId } = await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig(), settings: {} }, signedIn(OWNER));
    const kept = `${AGENT}kept`;
    await db.doc(paths.agent(kept)).set({ ID: kept, title: 'Kept desk', ownerID: OWNER, agentPlatform: 'vg' });
    const { assistantId: keptAssistant } = await handlers.save(deps)({ region: 'na', agentId: kept, voiceConfig: voiceConfig(), settings: {} }, signedIn(OWNER));
    // As the rules let a member do: the agent's document alone goes.
    await db.doc(paths.agent(AGENT)).delete();

    expect(await voice.sweepDeletedAgents(deps, 'na')).toContain(AGENT);
    expect((await stack.vapiGet<any>(`/assistant/${assistantId}`)).statusCode).toBe(404);
    expect((await db.doc(voicePaths.phoneNumber(number.ID)).get()).get('agentId')).toBeNull();
    expect((await stack.vapiGet<any>(`/phone-number/${number.providerNumberId}`)).name).toBe('Parley');
    expect((await db.doc(voicePaths.agentVoiceSecret(AGENT)).get()).exists).toBe(false);
    // The workspace's other agent keeps its assistant, and the next run finds nothing more of the deleted one.
    expect((await stack.vapiGet<any>(`/assistant/${keptAssistant}`)).id).toBe(keptAssistant);
    const again = await voice.sweepDeletedAgents(deps, 'na');
    expect(again).not.toContain(AGENT);
    expect(again).not.toContain(kept);
  });

  it('an agent whose provider fails is still unassigned here, and the failure is in the workspace’s logs', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent(AGENT, '305');
    await voice.forgetAgentVoice(await unreachable(), 'na', { ID: AGENT, ownerID: OWNER, vapi: { id: 'assistant-x' } });
    expect((await db.doc(voicePaths.phoneNumber(number.ID)).get()).get('agentId')).toBeNull();
    await expect.poll(async () => (await logs()).filter((l) => l.agentId === AGENT && l.type === 'error').length).toBeGreaterThan(0);
    expect((await logs())[0]!.content).toContain('while deleting the agent');
  });

  it('a workspace releases its numbers (a bought one on Twilio too) and deletes its agents’ assistants', async () => {
    await seedWorkspace(2);
    await db.doc(paths.user(OWNER)).set({ ownerId: 'someAgencyOwner' }, { merge: true });
    await db.doc(paths.userSecrets(OWNER)).set({ workspaceSecret: `vg_${OWNER}DeletionSecret00` });
    const bought = await numberForAgent(AGENT, '312');
    const { phoneNumber: own } = await handlers.importOwn(deps)({ region: 'na', workspaceId: OWNER, number: OWN_ACCOUNT.numbers[1]!, accountSid: OWN_ACCOUNT.accountSid, authToken: OWN_ACCOUNT.authToken }, signedIn(OWNER));
    const { assistantId } = await handlers.save(deps)({ region: 'na', agentId: AGENT, voiceConfig: voiceConfig(), settings: {} }, signedIn(OWNER));
    await fetch(`${stack.twilio.url}/__recorded`, { method: 'DELETE' });

    const res = await fetch(`${stack.api.url}/v2/workspaces/${OWNER}`, { method: 'DELETE', headers: { authorization: `Bearer vg_${OWNER}DeletionSecret00` } });
    expect(res.status).toBe(200);
    expect((await stack.vapiGet<any>(`/assistant/${assistantId}`)).statusCode).toBe(404);
    for (const n of [bought, own]) {
      expect((await stack.vapiGet<any>(`/phone-number/${n.providerNumberId}`)).statusCode).toBe(404);
      expect((await db.doc(voicePaths.phoneNumber(n.ID)).get()).exists).toBe(false);
      expect((await db.doc(voicePaths.phoneNumberSecrets(n.ID)).get()).exists).toBe(false);
    }
    // The bought number leaves the platform's Twilio account; the workspace's own stays in its own account.
    const twilioDeletes = ((await (await fetch(`${stack.twilio.url}/__recorded`)).json()) as any[]).filter((r) => r.method === 'DELETE').map((r) => r.path as string);
    expect(twilioDeletes).toEqual([expect.stringContaining(String(bought.twilioSid))]);
    expect((await db.doc(paths.agent(AGENT)).get()).exists).toBe(false);
  });

  it('a workspace whose provider fails is deleted all the same, its numbers with it', async () => {
    await seedWorkspace(1);
    const number = await numberForAgent(AGENT, '617');
    await voice.releaseWorkspaceVoiceWith(await unreachable(), 'na', OWNER, [{ ID: AGENT, ownerID: OWNER, vapi: { id: 'assistant-x' } }]);
    expect((await db.doc(voicePaths.phoneNumber(number.ID)).get()).exists).toBe(false);
    expect(await handlers.list(deps)({ region: 'na', workspaceId: OWNER }, signedIn(OWNER))).toMatchObject({ slots: { used: 0 } });
  });
});
