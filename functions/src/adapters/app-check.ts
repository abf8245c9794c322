// Firebase App Check on the widget's requests: when PARLEY_APP_CHECK=enforce, a request must carry a valid App
// Check token (X-Firebase-AppCheck), which firebase-admin verifies. It shows the request comes from the real
// widget on a registered app (reCAPTCHA Enterprise / reCAPTCHA v3 provider), not from a script replaying the API.
// Off by default: the widget has to obtain tokens first (production setup in functions/README.md).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';

export const APP_CHECK_HEADER = 'x-firebase-appcheck';

/** Whether the token verifies. */
export type AppCheckVerifier = (token: string) => Promise<boolean>;

const firebaseVerifier: AppCheckVerifier = async (token) => {
  try {
    await getAppCheck(getApps()[0] ?? initializeApp()).verifyToken(token);
    return true;
  } catch {
    return false;
  }
};

let verifier: AppCheckVerifier = firebaseVerifier;
/** Tests swap the verifier (no App Check backend locally). */
export function setAppCheckVerifier(next: AppCheckVerifier | null): void {
  verifier = next ?? firebaseVerifier;
}

/** App Check is required when PARLEY_APP_CHECK is "enforce". */
export const appCheckEnforced = (env: NodeJS.ProcessEnv = process.env): boolean => env.PARLEY_APP_CHECK === 'enforce';

export const verifyAppCheckToken = (token: string): Promise<boolean> => verifier(token);
