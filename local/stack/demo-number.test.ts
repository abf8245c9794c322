// `npm start`'s demo voice: after the seed, a call to the demo number is answered by the demo agent — also after a
// restart, when the voice stand-in (which keeps assistants in memory) no longer knows the assistant the agent held.
import { paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoiceStack, type VoiceStack } from '../../functions/test/voice';
import { start as startVapi } from '../fakes/vapi';
import { DEMO_NUMBER, seedDemoVoice } from './demo-number';
import { DEMO, seedDemoWorkspace } from './seed';

let stack: VoiceStack;
let db: Firestore;

beforeAll(async () => {
  stack = await startVoiceStack();
  db = (await import('../../functions/src/adapters/firestore')).databaseFor('na');
  await seedDemoWorkspace(db);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

/** Rings the demo number on the stand-in at `vapiUrl`, says a line and answers what the caller heard (the LLM stand-in's answer repeats the line). */
async function callDemoNumber(vapiUrl: string) {
  const sim = async <T>(path: string, body: unknown) => (await (await fetch(`${vapiUrl}/__sim${path}`, { method: 'POST', body: JSON.stringify(body) })).json()) as T;
  const ring = await sim<{ callId: string; assistantId?: string; error?: string }>('/ring', { number: DEMO_NUMBER, from: '+15005550006' });
  const said = ring.error ? null : await sim<{ reply: string }>(`/calls/${ring.callId}/say`, { text: 'Hello, who am I speaking to?' });
  return { ...ring, reply: said?.reply ?? '' };
}

describe('the demo voice seed', () => {
  it('leaves the demo agent with an assistant, so a call to the demo number is answered by it', async () => {
    const seeded = await seedDemoVoice(db, { ownerID: DEMO.uid, vapiUrl: stack.vapi.url, appUrl: stack.api.url });
    const agentId = seeded!.number.agentId!;
    expect((await db.doc(paths.agent(agentId)).get()).get('vapi.id')).toBe(seeded!.assistantId);

    const call = await callDemoNumber(stack.vapi.url);
    expect(call.error).toBeUndefined();
    expect(call.assistantId).toBe(seeded!.assistantId);
    expect(call.reply).toContain('who am I speaking to?');
  });

  it('connects the agent again on the next start, whose stand-in forgot the previous assistant', async () => {
    const restarted = await startVapi({ port: 0 });
    const before = process.env.VAPI_API_BASE;
    process.env.VAPI_API_BASE = restarted.url;
    try {
      const seeded = await seedDemoVoice(db, { ownerID: DEMO.uid, vapiUrl: restarted.url, appUrl: stack.api.url });
      const call = await callDemoNumber(restarted.url);
      expect(call.error).toBeUndefined();
      expect(call.assistantId).toBe(seeded!.assistantId);
      expect(call.reply).toContain('who am I speaking to?');
    } finally {
      process.env.VAPI_API_BASE = before;
      await restarted.stop();
    }
  });
});
