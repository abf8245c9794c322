// Sign-in codes and link tokens: one pending code per agency and e-mail, in clientLoginCodes/{key} (functions
// only; key = hash of agency id and e-mail, so the sign-in finds it without a query). A 6-digit code and a link
// secret, both stored as salted hashes, valid LOGIN_CODE.ttlSeconds, used once, dropped after
// LOGIN_CODE.maxAttempts wrong codes; a new request replaces the previous one. The document also says who it is
// for (client, org, the agency owner, the client's agents when it was issued), all checked again on use.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { randomString, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { LOGIN_CODE } from './api';
import { hashOneTime, sameHash } from './password';

export const LOGIN_CODES = 'clientLoginCodes';

export interface StoredCode {
  codeHash: string;
  tokenHash: string;
  salt: string;
  agencyId: string;
  ownerUid: string;
  clientId: string;
  orgId: string;
  email: string;
  widgetIDs: string[];
  expiresAt: number;
  attempts: number;
}

export const codeKey = (agencyId: string, email: string): string =>
  createHash('sha256').update(`${agencyId}|${email.trim().toLowerCase()}`).digest('base64url');
export const codeRef = (db: Firestore, key: string) => db.collection(LOGIN_CODES).doc(key);

/** `{region}.{key}.{secret}`: the link names where to look; only the secret part is secret. */
export const linkToken = (region: Region, key: string, secret: string): string => `${region}.${key}.${secret}`;
export function parseLinkToken(token: string): { region: Region; key: string; secret: string } | null {
  const m = /^(na|eu)\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9]{32})$/.exec(token);
  return m ? { region: m[1] as Region, key: m[2]!, secret: m[3]! } : null;
}

export interface CodeSubject { agencyId: string; ownerUid: string; clientId: string; orgId: string; email: string; widgetIDs: string[] }

export async function issueLoginCode(db: Firestore, region: Region, subject: CodeSubject, now = Date.now()) {
  const code = String(randomInt(0, 10 ** LOGIN_CODE.digits)).padStart(LOGIN_CODE.digits, '0');
  const secret = randomString(32);
  const salt = randomBytes(16).toString('base64');
  const key = codeKey(subject.agencyId, subject.email);
  const stored: StoredCode = {
    ...subject, email: subject.email.trim().toLowerCase(), codeHash: hashOneTime(code, salt), tokenHash: hashOneTime(secret, salt), salt,
    expiresAt: now + LOGIN_CODE.ttlSeconds * 1000, attempts: 0,
  };
  await codeRef(db, key).set(stored);
  return { code, token: linkToken(region, key, secret), expiresInSeconds: LOGIN_CODE.ttlSeconds };
}

export type CodeCheck = 'ok' | 'invalid' | 'expired';

/** A stored code (or link secret) judged against what was given (pure: the caller spends or counts it). */
export function judgeCode(stored: StoredCode | undefined, agencyId: string, given: { code: string } | { secret: string }, now = Date.now()): CodeCheck {
  if (!stored || stored.agencyId !== agencyId) return 'invalid';
  if (now > stored.expiresAt) return 'expired';
  const ok = 'code' in given
    ? sameHash(hashOneTime(given.code, stored.salt), stored.codeHash)
    : sameHash(hashOneTime(given.secret, stored.salt), stored.tokenHash);
  return ok ? 'ok' : 'invalid';
}

/** Drops every pending code of a client (its password was reset, or it was removed). */
export async function revokeLoginCodes(db: Firestore, clientId: string): Promise<void> {
  const snap = await db.collection(LOGIN_CODES).where('clientId', '==', clientId).get();
  await Promise.all(snap.docs.map((doc) => doc.ref.delete()));
}
