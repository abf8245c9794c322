// The local App Check path: the stack's debug token is accepted only inside the Functions emulator on a demo-
// project; everywhere else (a deployed function, even one whose environment names a debug token) every token goes
// to firebase-admin's verification.
import { describe, expect, it } from 'vitest';
import { appCheckVerifier, cachedVerifier, localDebugToken } from './app-check';

const DEBUG = 'parley-local-debug-0123456789abcdef';
const EMULATOR = { FUNCTIONS_EMULATOR: 'true', GCLOUD_PROJECT: 'demo-parley', PARLEY_APP_CHECK_DEBUG_TOKEN: DEBUG };
const adminSaw: string[] = [];
const admin = async (token: string) => {
  adminSaw.push(token);
  return token === 'google-signed-token';
};

describe('App Check verification', () => {
  it('in the Functions emulator of a demo project, accepts exactly the configured debug token', async () => {
    const verify = appCheckVerifier(EMULATOR, admin);
    expect(await verify(DEBUG)).toBe(true);
    for (const forged of ['', 'forged', `${DEBUG} `, DEBUG.slice(0, -1), DEBUG.toUpperCase(), 'google-signed-token']) {
      expect(await verify(forged), forged).toBe(false);
    }
  });

  it('in production never accepts the debug token: every token goes to firebase-admin', async () => {
    adminSaw.length = 0;
    for (const env of [
      { GCLOUD_PROJECT: 'parley-prod', PARLEY_APP_CHECK_DEBUG_TOKEN: DEBUG },
      { FUNCTIONS_EMULATOR: 'true', GCLOUD_PROJECT: 'parley-prod', PARLEY_APP_CHECK_DEBUG_TOKEN: DEBUG },
      { FUNCTIONS_EMULATOR: 'false', GCLOUD_PROJECT: 'demo-parley', PARLEY_APP_CHECK_DEBUG_TOKEN: DEBUG },
    ]) {
      const verify = appCheckVerifier(env, admin);
      expect(await verify(DEBUG)).toBe(false);
      expect(await verify('google-signed-token')).toBe(true);
    }
    expect(adminSaw).toEqual([DEBUG, 'google-signed-token', DEBUG, 'google-signed-token', DEBUG, 'google-signed-token']);
  });

  it('ignores a missing or trivially short debug token', () => {
    expect(localDebugToken({ FUNCTIONS_EMULATOR: 'true', GCLOUD_PROJECT: 'demo-parley' })).toBeNull();
    expect(localDebugToken({ ...EMULATOR, PARLEY_APP_CHECK_DEBUG_TOKEN: 'short' })).toBeNull();
    expect(localDebugToken(EMULATOR)).toBe(DEBUG);
  });
});

describe('App Check verdicts for a token\'s lifetime', () => {
  it('keeps a valid token accepted until it expires, then asks again; a refusal is never kept', async () => {
    let now = 1_000_000;
    const backend = { valid: new Map<string, number>(), asked: 0 };
    const verify = cachedVerifier(async (token) => {
      backend.asked++;
      const expires = backend.valid.get(token);
      return expires !== undefined && now < expires ? expires : null;
    }, () => now);

    backend.valid.set('token-a', now + 60_000);
    expect(await verify('token-a')).toBe(true);
    // Within its lifetime the token is accepted without verifying it again, even if the backend were down.
    backend.valid.clear();
    now += 59_000;
    expect(await verify('token-a')).toBe(true);
    expect(backend.asked).toBe(1);
    // Expired: verified again, and refused.
    now += 2_000;
    expect(await verify('token-a')).toBe(false);

    // A refused token is asked about again next time (it may have been the backend's hiccup).
    expect(await verify('token-b')).toBe(false);
    backend.valid.set('token-b', now + 60_000);
    expect(await verify('token-b')).toBe(true);
  });
});
