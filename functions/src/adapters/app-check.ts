// Firebase App Check on the widget's requests: when PARLEY_APP_CHECK=enforce, a request must carry a valid App
// Check token (X-Firebase-AppCheck), which firebase-admin verifies. It shows the request comes from the real
// widget on a registered app (reCAPTCHA Enterprise provider), not from a script replaying the API.
//
// Locally there is no App Check backend: the Firebase emulators have no App Check emulator, and firebase-admin's
// verifyToken always checks Google's signature, so no token the widget could obtain offline verifies. The local
// stack therefore configures one debug token (PARLEY_APP_CHECK_DEBUG_TOKEN) that the widget's App Check SDK hands
// out, and it is accepted — exactly that string — only inside the Functions emulator on a demo- project. Deployed
// functions never take this path: every token there goes to firebase-admin.
import { createHash, timingSafeEqual } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';

export const APP_CHECK_HEADER = 'x-firebase-appcheck';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the token verifies. */
export type AppCheckVerifier = (token: string) => Promise<boolean>;

const VERDICTS_MAX = 5000;

/**
 * A verdict kept for the token's lifetime: a valid token stays valid until it expires, so a warm instance verifies
 * each token once instead of on every message. Refusals are not kept. Bounded: the oldest verdict goes first.
 */
export function cachedVerifier(verify: (token: string) => Promise<number | null>, now: () => number = Date.now): AppCheckVerifier {
  // Tokens seen valid, by digest, with when they expire (ms): a widget sends the same token for its whole lifetime.
  // Each verifier keeps its own, so one verify function's verdicts never answer for another's.
  const validUntil = new Map<string, number>();
  return async (token) => {
    const key = digest(token).toString('base64');
    const until = validUntil.get(key);
    if (until !== undefined && now() < until) return true;
    validUntil.delete(key);
    const expires = await verify(token);
    if (expires === null || !(now() < expires)) return false;
    if (validUntil.size >= VERDICTS_MAX) validUntil.delete(validUntil.keys().next().value!);
    validUntil.set(key, expires);
    return true;
  };
}

/** When a token firebase-admin verifies expires (ms), or null when it does not verify. */
const firebaseVerifier: AppCheckVerifier = cachedVerifier(async (token) => {
  try {
    const { token: decoded } = await getAppCheck(getApps()[0] ?? initializeApp()).verifyToken(token);
    return decoded.exp * 1000;
  } catch {
    return null;
  }
});

/**
 * The local stack's debug token, when this process is the Functions emulator serving a demo- project
 * (FUNCTIONS_EMULATOR is set by the emulator itself); null anywhere else, whatever the environment says.
 */
export function localDebugToken(env: NodeJS.ProcessEnv = process.env): string | null {
  const token = env.PARLEY_APP_CHECK_DEBUG_TOKEN?.trim();
  if (!token || token.length < 16) return null;
  const project = env.GCLOUD_PROJECT ?? '';
  return env.FUNCTIONS_EMULATOR === 'true' && project.startsWith('demo-') ? token : null;
}

/** Verifies with firebase-admin, except for the emulator's configured debug token (compared in constant time). */
export function appCheckVerifier(env: NodeJS.ProcessEnv = process.env, verify: AppCheckVerifier = firebaseVerifier): AppCheckVerifier {
  return async (token) => {
    const debug = localDebugToken(env);
    if (debug !== null) return timingSafeEqual(digest(token), digest(debug));
    return verify(token);
  };
}

/** App Check is required when PARLEY_APP_CHECK is "enforce". */
export const appCheckEnforced = (env: NodeJS.ProcessEnv = process.env): boolean => env.PARLEY_APP_CHECK === 'enforce';
