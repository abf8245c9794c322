// Sign-in codes and link tokens (clients/{id}/private/loginCode): a 6-digit code and a link token, both stored
// as salted hashes, valid LOGIN_CODE.ttlSeconds, used once (deleted in the transaction that accepts them), and
// dropped after LOGIN_CODE.maxAttempts wrong codes. A new request replaces the previous one.
import { randomBytes, randomInt } from 'node:crypto';
import { paths, randomString, type Region } from '@parley/core';
import { LOGIN_CODE } from './api';
import type { Firestore } from 'firebase-admin/firestore';
import { hashOneTime, sameHash } from './password';

export const LOGIN_CODE_DOC = 'loginCode';

interface StoredCode {
  codeHash: string;
  tokenHash: string;
  salt: string;
  agencyId: string;
  expiresAt: number;
  attempts: number;
}

const codeRef = (db: Firestore, clientId: string) => db.doc(`${paths.client(clientId)}/private/${LOGIN_CODE_DOC}`);

/** `{region}.{clientId}.{random}`: the link names where to look; only the random part is secret. */
export const linkToken = (region: Region, clientId: string, secret: string): string => `${region}.${clientId}.${secret}`;
export function parseLinkToken(token: string): { region: Region; clientId: string; secret: string } | null {
  const m = /^(na|eu)\.([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9]{32})$/.exec(token);
  return m ? { region: m[1] as Region, clientId: m[2]!, secret: m[3]! } : null;
}

export async function issueLoginCode(db: Firestore, region: Region, clientId: string, agencyId: string, now = Date.now()) {
  const code = String(randomInt(0, 10 ** LOGIN_CODE.digits)).padStart(LOGIN_CODE.digits, '0');
  const secret = randomString(32);
  const salt = randomBytes(16).toString('base64');
  const stored: StoredCode = {
    codeHash: hashOneTime(code, salt), tokenHash: hashOneTime(secret, salt), salt, agencyId,
    expiresAt: now + LOGIN_CODE.ttlSeconds * 1000, attempts: 0,
  };
  await codeRef(db, clientId).set(stored);
  return { code, token: linkToken(region, clientId, secret), expiresInSeconds: LOGIN_CODE.ttlSeconds };
}

export type CodeCheck = 'ok' | 'invalid' | 'expired';

/** Accepts the code (or the link's secret) once; a wrong code counts an attempt. */
export async function consumeLoginCode(
  db: Firestore, clientId: string, agencyId: string, given: { code: string } | { secret: string }, now = Date.now(),
): Promise<CodeCheck> {
  const ref = codeRef(db, clientId);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const stored = snap.data() as StoredCode | undefined;
    if (!stored || stored.agencyId !== agencyId) return 'invalid';
    if (now > stored.expiresAt) {
      tx.delete(ref);
      return 'expired';
    }
    const ok = 'code' in given
      ? sameHash(hashOneTime(given.code, stored.salt), stored.codeHash)
      : sameHash(hashOneTime(given.secret, stored.salt), stored.tokenHash);
    if (ok) {
      tx.delete(ref);
      return 'ok';
    }
    // A wrong link secret changes nothing (32 random characters are not guessed); wrong codes are counted.
    if ('code' in given) {
      if (stored.attempts + 1 < LOGIN_CODE.maxAttempts) tx.update(ref, { attempts: stored.attempts + 1 });
      else tx.delete(ref);
    }
    return 'invalid';
  });
}
