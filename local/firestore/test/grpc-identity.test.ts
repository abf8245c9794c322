/**
 * Identity over gRPC: the bearer token decides who the rules see. The admin SDK
 * always calls as "owner" (rules bypassed); other gRPC callers are users or
 * anonymous, and a denial arrives as PERMISSION_DENIED.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupType } from '../src/grpc/protos.ts';
import { startAdmin, type AdminHarness } from './admin-client.ts';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /profiles/{uid} {
      allow read: if request.auth != null && request.auth.uid == uid;
      allow write: if false;
    }
  }
}
`;

let fx: AdminHarness;
let client: grpc.Client;
beforeAll(async () => {
  fx = await startAdmin({ rules: RULES });
  client = new grpc.Client(fx.harness.target, grpc.credentials.createInsecure());
});
afterAll(async () => {
  client?.close();
  await fx?.stop();
});

function idToken(claims: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

function getDocument(path: string, authorization?: string): Promise<{ code: number; name?: string }> {
  const req = lookupType('google.firestore.v1.GetDocumentRequest');
  const doc = lookupType('google.firestore.v1.Document');
  const md = new grpc.Metadata();
  if (authorization) md.set('authorization', authorization);
  const name = `projects/${fx.harness.projectId}/databases/(default)/documents/${path}`;
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      '/google.firestore.v1.Firestore/GetDocument',
      () => Buffer.from(req.encode({ name }).finish()),
      (b: Buffer) => doc.decode(b) as unknown as { name: string },
      null,
      md,
      (err, res) => resolve(err ? { code: err.code } : { code: 0, name: res!.name }),
    );
  });
}

describe('gRPC identity and rules', () => {
  it('lets the owner bypass rules, a user read their own profile, and denies the rest', async () => {
    await fx.db.doc('profiles/alice').set({ name: 'Alice' });
    await fx.db.doc('profiles/bob').set({ name: 'Bob' });
    // The admin SDK (owner) reads anything.
    expect((await fx.db.doc('profiles/bob').get()).get('name')).toBe('Bob');

    const alice = `Bearer ${idToken({ user_id: 'alice', sub: 'alice', email: 'alice@example.com' })}`;
    expect(await getDocument('profiles/alice', alice)).toMatchObject({ code: 0 });
    expect(await getDocument('profiles/bob', alice)).toEqual({ code: grpc.status.PERMISSION_DENIED });
    expect(await getDocument('profiles/alice')).toEqual({ code: grpc.status.PERMISSION_DENIED });
    expect(await getDocument('profiles/alice', 'Bearer owner')).toMatchObject({ code: 0 });
    expect(await getDocument('profiles/alice', 'Bearer garbage')).toEqual({ code: grpc.status.UNAUTHENTICATED });
  });
});
