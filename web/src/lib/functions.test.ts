// A callable's refusal as the real Firebase SDK reports it: the page gets the server's sentence alone (the SDK
// adds the HTTP status to its message), with the refusal's code kept.
import { knowledgeApi } from '@parley/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callFunction } from './functions';

// The real SDK here (other web tests answer callables from test/callables.ts), talking to a stubbed fetch.
vi.unmock('firebase/functions');

const calls: string[] = [];
beforeEach(() => {
  window.__PARLEY_CONFIG__ = {
    firebase: { apiKey: 'demo-api-key', authDomain: 'demo-parley.firebaseapp.com', projectId: 'demo-parley' },
    functionsRegion: 'us-central1',
    apiBase: '',
    emulators: { auth: 'http://127.0.0.1:9099', firestore: { host: '127.0.0.1', port: 8080 }, functions: { host: '127.0.0.1', port: 5001 } },
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
  bodies.length = 0;
});

describe('callFunction input', () => {
  it('leaves out a field that is undefined (the SDK would send null, which an optional field refuses)', async () => {
    serverAnswers(200, { result: { sources: [] } });
    await callFunction(knowledgeApi.listKnowledgeSources, { agentId: 'A1', region: undefined }).catch(() => undefined);
    expect(JSON.parse(bodies[0]!)).toEqual({ data: { agentId: 'A1' } });
  });
});

const bodies: string[] = [];

/** The functions server answering every call with `status` and `body`, as a callable answers over HTTP. */
function serverAnswers(status: number, body: unknown) {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push(url);
    bodies.push(String(init?.body ?? ''));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

describe('callFunction refusals', () => {
  it("shows the server's sentence without the HTTP status the SDK appends, and keeps the code", async () => {
    const sentence = 'Connect your Stripe account before enabling billing for an organization.';
    serverAnswers(400, { error: { status: 'FAILED_PRECONDITION', message: sentence } });
    const error = await callFunction(knowledgeApi.listKnowledgeSources, { agentId: 'A1' }).catch((e: unknown) => e);
    expect(calls).toEqual(['http://127.0.0.1:5001/demo-parley/us-central1/listKnowledgeSources']);
    expect(error).toMatchObject({ code: 'functions/failed-precondition', message: sentence });
  });

  it('keeps brackets that are part of the sentence', async () => {
    serverAnswers(403, { error: { status: 'PERMISSION_DENIED', message: 'Only the owner may change [Billing].' } });
    const error = await callFunction(knowledgeApi.listKnowledgeSources, { agentId: 'A1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'functions/permission-denied', message: 'Only the owner may change [Billing].' });
  });

  it('answers the parsed output when the server accepts', async () => {
    serverAnswers(200, { result: { sources: [] } });
    await expect(callFunction(knowledgeApi.listKnowledgeSources, { agentId: 'A1' })).resolves.toEqual({ sources: [] });
  });
});
