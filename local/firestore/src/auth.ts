/**
 * Who is calling, from the Authorization header. "Bearer owner" is the admin
 * (what firebase-admin sends to emulators); any other bearer is a Firebase ID
 * token whose claims are read without verifying the signature, as emulators do
 * (the Auth emulator and mockUserToken issue unsigned, alg "none" tokens).
 */
import type { Caller } from './contract.ts';
import { FirestoreError } from './contract.ts';

export function callerFromAuthorization(header: string | string[] | undefined): Caller {
  const h = Array.isArray(header) ? header[0] : header;
  if (!h) return { kind: 'anonymous' };
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  if (!m) throw new FirestoreError('UNAUTHENTICATED', 'Authorization header must be "Bearer <token>".');
  const token = m[1]!.trim();
  if (token === 'owner') return { kind: 'owner' };
  const parts = token.split('.');
  if (parts.length < 2) throw new FirestoreError('UNAUTHENTICATED', 'Invalid ID token: not a JWT.');
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new FirestoreError('UNAUTHENTICATED', 'Invalid ID token: payload is not JSON.');
  }
  if (!claims || typeof claims !== 'object') throw new FirestoreError('UNAUTHENTICATED', 'Invalid ID token payload.');
  const uid = typeof claims.user_id === 'string' ? claims.user_id : typeof claims.sub === 'string' ? claims.sub : '';
  if (!uid) throw new FirestoreError('UNAUTHENTICATED', 'Invalid ID token: no user_id or sub claim.');
  return { kind: 'user', uid, token: claims };
}
