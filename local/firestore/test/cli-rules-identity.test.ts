/**
 * The documented CLI (`npm run firestore -- --port … --data … --rules … --import …`):
 * the ready line, a valid --rules file enforced for ID-token and anonymous
 * callers while "Bearer owner" (firebase-admin) bypasses it, --import seeding
 * under rules, and a clean exit 0 on SIGTERM with gRPC and REST clients connected.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { doc, getDoc, setDoc } from 'firebase/firestore/lite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { adminClients, cleanupCli, liteClient, portClosed, signalGroup, startCli } from './cli-process.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-fs-cli-'));
afterEach(() => cleanupCli());
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /public/{id} { allow read: if true; }
    match /private/{uid} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
  }
}
`;

describe('CLI with --rules, --import and --data', () => {
  it('npm run firestore serves with rules enforced, the owner bypassing them, and exits 0 on SIGTERM', async () => {
    const rulesFile = path.join(tmp, 'firestore.rules');
    const seedFile = path.join(tmp, 'seed.json');
    fs.writeFileSync(rulesFile, RULES);
    fs.writeFileSync(
      seedFile,
      JSON.stringify({ databases: { '(default)': { 'public/p': { v: 1 }, 'private/alice': { secret: 'a' }, 'private/bob': { secret: 'b' } } } }),
    );
    const dataDir = path.join(tmp, 'data');
    const cli = await startCli(['--data', dataDir, '--rules', rulesFile, '--import', seedFile], { viaNpm: true });
    expect(cli.output()).toMatch(/^firestore ready on 127\.0\.0\.1:\d+$/m);

    // Anonymous (no Authorization header): only what the rules allow.
    const anon = liteClient(cli.port);
    expect((await getDoc(doc(anon, 'public/p'))).data()).toEqual({ v: 1 });
    await expect(getDoc(doc(anon, 'private/alice'))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(setDoc(doc(anon, 'public/p'), { v: 2 })).rejects.toMatchObject({ code: 'permission-denied' });

    // An unsigned ID token is accepted and its uid claim read.
    const alice = liteClient(cli.port, { uid: 'alice' });
    expect((await getDoc(doc(alice, 'private/alice'))).data()).toEqual({ secret: 'a' });
    await setDoc(doc(alice, 'private/alice'), { secret: 'a2' });
    await expect(getDoc(doc(alice, 'private/bob'))).rejects.toMatchObject({ code: 'permission-denied' });

    // firebase-admin sends "Bearer owner": rules do not apply.
    const { db } = adminClients(cli.port);
    expect((await db.doc('private/bob').get()).get('secret')).toBe('b');
    await db.doc('anywhere/x').set({ by: 'admin' });
    const raw = await fetch(`http://127.0.0.1:${cli.port}/v1/projects/demo-parley/databases/(default)/documents/anywhere/x`, {
      headers: { Authorization: 'Bearer owner' },
    });
    expect(raw.status).toBe(200);
    const rawAnon = await fetch(`http://127.0.0.1:${cli.port}/v1/projects/demo-parley/databases/(default)/documents/anywhere/x`);
    expect(rawAnon.status).toBe(403);
    expect(((await rawAnon.json()) as { error: { status: string; message: string } }).error).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: expect.stringContaining('Missing or insufficient permissions.'),
    });

    // SIGTERM to npm alone (as a process manager sends it) with open gRPC and HTTP connections:
    // npm passes it on, the script execs the engine, so the engine stops serving and all exit 0.
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    expect(await portClosed(cli.port)).toBe(true);

    // What was acknowledged is in --data.
    const again = await startCli(['--data', dataDir, '--rules', rulesFile]);
    const { db: db2 } = adminClients(again.port);
    expect((await db2.doc('private/alice').get()).data()).toEqual({ secret: 'a2' });
    expect((await db2.doc('anywhere/x').get()).data()).toEqual({ by: 'admin' });
    // The engine itself exits 0 on SIGTERM even with a firebase-admin (HTTP/2) connection open.
    again.child.kill('SIGTERM');
    expect(await again.exit).toBe(0);
  }, 60_000);

  it('without --rules every request is allowed, whoever makes it; Ctrl-C stops it cleanly', async () => {
    const cli = await startCli([], { viaNpm: true });
    const anon = liteClient(cli.port);
    const user = liteClient(cli.port, { uid: 'someone' });
    await setDoc(doc(anon, 'private/alice'), { by: 'anon' });
    expect((await getDoc(doc(user, 'private/alice'))).data()).toEqual({ by: 'anon' });
    await setDoc(doc(user, 'private/alice'), { by: 'someone' });
    const listed = await fetch(`http://127.0.0.1:${cli.port}/v1/projects/demo-parley/databases/(default)/documents:listCollectionIds`, {
      method: 'POST',
      body: '{}',
    });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { collectionIds: string[] }).collectionIds).toEqual(['private']);
    // Ctrl-C in a terminal signals the whole process group: npm and the engine it exec'd.
    signalGroup(cli, 'SIGINT');
    expect(await cli.exit).toBe(0);
    expect(await portClosed(cli.port)).toBe(true);
  }, 30_000);
});
