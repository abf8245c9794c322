// The callable wrapper: sign-in required, input parsed with the contract (invalid-argument naming the field),
// refusals mapped to codes, and our own failures — stored data that does not fit included — answered
// `internal` without details (logged with the document's path).
import { defineContract } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseStored } from '../adapters/stored-data';
import { HttpError } from '../http/endpoint';
import { noIdTokens } from '../adapters/id-token';
import { runCallable } from './define-callable';

const contract = defineContract({
  kind: 'callable',
  name: 'renameThing',
  signInMessage: 'Sign in to rename things.',
  input: z.object({ thingId: z.string().min(1), name: z.string().trim().min(1, 'Please enter a name.') }),
  output: z.object({ renamed: z.boolean() }),
});

const call = runCallable(contract, async (input) => {
  if (input.thingId === 'corrupt') {
    parseStored(z.object({ name: z.string() }), { ref: { path: 'things/corrupt' }, data: () => ({ name: 42, apiKey: 'sk-live-secret' }) });
  }
  if (input.thingId === 'theirs') throw new HttpError(403, 'You do not have access to this thing.');
  if (input.thingId === 'boom') throw new Error('database password is hunter2');
  return { renamed: true };
}, { idTokens: noIdTokens });

const request = (data: unknown, uid: string | null = 'u1') =>
  ({ data, auth: uid ? { uid, token: {} } : undefined, rawRequest: {} }) as unknown as CallableRequest<unknown>;

async function failure(promise: Promise<unknown>): Promise<HttpsError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HttpsError);
  return error as HttpsError;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runCallable', () => {
  it('runs the handler on the parsed input', async () => {
    await expect(call(request({ thingId: 't1', name: ' New name ' }))).resolves.toEqual({ renamed: true });
  });

  it('answers unauthenticated with the contract message before looking at the input', async () => {
    const error = await failure(call(request({}, null)));
    expect(error.code).toBe('unauthenticated');
    expect(error.message).toBe('Sign in to rename things.');
  });

  it('answers invalid-argument naming the field', async () => {
    const error = await failure(call(request({ thingId: 't1', name: '   ' })));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid input — name: Please enter a name.');
  });

  it('maps a refusal to its code with its message', async () => {
    const error = await failure(call(request({ thingId: 'theirs', name: 'x' })));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('You do not have access to this thing.');
  });

  it('verifies an agency-admin session again with the verifier it is served with: a revoked one is signed out', async () => {
    const handler = async () => ({ renamed: true });
    const asAdmin = { data: { thingId: 't1', name: 'x' }, auth: { uid: 'aa-agA-1', token: { role: 'agencyAdmin' }, rawToken: 'admin.token.sig' }, rawRequest: {} } as unknown as CallableRequest<unknown>;
    const checked: string[] = [];
    const revoked = runCallable(contract, handler, { idTokens: async (token) => (checked.push(token), null) });
    const error = await failure(revoked(asAdmin));
    expect(error.code).toBe('unauthenticated');
    expect(error.message).toBe('Sign in to rename things.');
    expect(checked).toEqual(['admin.token.sig']);
    const current = runCallable(contract, handler, { idTokens: async () => ({ uid: 'aa-agA-1', role: 'agencyAdmin' }) });
    await expect(current(asAdmin)).resolves.toEqual({ renamed: true });
    // Other callers are not asked about again (Firebase verified their token).
    await expect(revoked(request({ thingId: 't1', name: 'x' }))).resolves.toEqual({ renamed: true });
    expect(checked).toHaveLength(1);
  });

  it.each([
    ['stored data that does not fit its schema', 'corrupt', 'things/corrupt'],
    ['any other failure', 'boom', 'hunter2'],
  ])('answers internal without details for %s, and logs it', async (_what, thingId, logged) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await failure(call(request({ thingId, name: 'x' })));
    expect(error.code).toBe('internal');
    expect(error.message).toBe('Something went wrong on our side. Please try again.');
    expect(JSON.stringify(error.toJSON())).not.toMatch(/sk-live|hunter2|things\/corrupt|name/);
    expect(log.mock.calls.flat().join(' ')).toContain(logged);
  });
});
