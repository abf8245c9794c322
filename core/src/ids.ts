// Random ids and secrets. crypto.getRandomValues exists in browsers and Node ≥ 19 as a global.
import { AGENT_ID_LENGTH, AGENT_SECRET_PREFIX, AGENT_SECRET_RANDOM_LENGTH } from './constants/agent';
import { AGENCY_SECRET_LENGTH } from './constants/agency';
import {
  PERSONAL_WORKSPACE_NAME_PREFIX,
  PERSONAL_WORKSPACE_NAME_SUFFIX_LENGTH,
  WORKSPACE_ID_LENGTH,
  WORKSPACE_SECRET_PREFIX,
  WORKSPACE_SECRET_RANDOM_LENGTH,
} from './constants/app';
import { UPLOAD_PREFIX_LENGTH } from './constants/agent';

export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const CLIENT_ID_LENGTH = 15;
export const CLIENT_PASSWORD_LENGTH = 15;

// Largest multiple of the alphabet size below 256: bytes at or above it are rejected so every
// character is equally likely (no modulo bias).
function randomString(length: number, alphabet: string = ALPHANUMERIC): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`invalid length ${length}`);
  if (alphabet.length < 2 || alphabet.length > 256) throw new RangeError('alphabet must have 2..256 characters');
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  // getRandomValues fills at most 65,536 bytes per call.
  const buf = new Uint8Array(Math.min(65536, Math.max(16, length * 2)));
  while (out.length < length) {
    globalThis.crypto.getRandomValues(buf);
    for (const byte of buf) {
      if (byte < limit) {
        out += alphabet[byte % alphabet.length];
        if (out.length === length) break;
      }
    }
  }
  return out;
}
export { randomString };

export const newAgentId = (): string => randomString(AGENT_ID_LENGTH);
export const newAgentSecret = (): string => AGENT_SECRET_PREFIX + randomString(AGENT_SECRET_RANDOM_LENGTH);
export const newWorkspaceId = (): string => randomString(WORKSPACE_ID_LENGTH);
export const newWorkspaceSecret = (): string => WORKSPACE_SECRET_PREFIX + randomString(WORKSPACE_SECRET_RANDOM_LENGTH);
export const newAgencySecret = (): string => randomString(AGENCY_SECRET_LENGTH);
export const newClientId = (): string => randomString(CLIENT_ID_LENGTH);
export const newClientPassword = (): string => randomString(CLIENT_PASSWORD_LENGTH);
export const newPersonalWorkspaceName = (): string =>
  PERSONAL_WORKSPACE_NAME_PREFIX + randomString(PERSONAL_WORKSPACE_NAME_SUFFIX_LENGTH);
/** Random id prepended to uploaded file names. */
export const newUploadPrefix = (): string => randomString(UPLOAD_PREFIX_LENGTH);
/** Generic document id (same shape as Firestore auto ids: 20 alphanumerics). */
export const newDocId = (): string => randomString(20);
