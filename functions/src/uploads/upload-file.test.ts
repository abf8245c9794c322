// uploadFile and GET /public/files against the Firestore emulator and a local file store.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileExtension, paths, UPLOAD_ACCEPT, uploadsApi } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { serveApi } from '../http/serve';
import { addKnowledgeSourceHandler, addKnowledgeSourceInput } from '../knowledge/add-source';
import { quotaPath } from '../quota';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import { CONTENT_TYPES } from './content-types';
import { localFileStore } from './file-store';
import { uploadsEndpoints, type UploadsDeps } from './index';
import { createCredits } from '../credits';
import { platformVectorIndex } from '../knowledge';
import { storagePathFor, UPLOAD_QUOTA, uploadFileHandler, uploadFileInput } from './upload-file';

let api: Awaited<ReturnType<typeof serveApi>>;
let dir = '';
/** The file store as the composition hands it over: a folder of this test's, served at the test API's address. */
const uploads: UploadsDeps = { fileStore: localFileStore(mkdtempSync(path.join(tmpdir(), 'uploads-unserved-'))) };
const alice = { auth: { uid: 'alice', token: {} } } as never;
const bob = { auth: { uid: 'bob', token: {} } } as never;

beforeAll(async () => {
  api = await serveApi(uploadsEndpoints(uploads));
  dir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
  uploads.fileStore = localFileStore(dir, api.url);
  await seedWorkspace('na', 'alice', 'vg_aliceSecret0000000001');
  await seedWorkspace('na', 'bob', 'vg_bobSecret000000000001');
  await seedAgent('na', 'agent1', 'alice', 'vg_agent1Secret000000001');
  await seedAgent('eu', 'agentEu', 'alice', 'vg_agentEuSecret00000001');
  await seedAgent('na', 'bobAgent', 'bob', 'vg_bobAgentSecret0000001');
});
afterAll(async () => {
  await api?.close();
});

const upload = (fields: Record<string, unknown>, who = alice) =>
  uploadFileHandler(uploads, uploadFileInput.parse({ agentId: 'agent1', userId: 'alice', temporary: false, ...fields }), who);
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const pngPayload = `data:image/png;base64,${png.toString('base64')}`;

describe('content types', () => {
  it('has one for every extension the uploads accept', () => {
    for (const ext of UPLOAD_ACCEPT.split(',')) expect(CONTENT_TYPES[fileExtension(`x${ext}`)], ext).toBeDefined();
  });
});

describe('uploadFile', () => {
  it('stores the file with an 8-character prefix and serves it with one-year caching', async () => {
    const { data } = await upload({ base64Payload: pngPayload, targetPath: 'avatars/my logo.png' });
    expect(data.url).toMatch(/\/public\/files\/uploads%2Falice%2Fagent1%2Favatars%2F[A-Za-z0-9]{8}-my_logo\.png$/);
    const res = await fetch(data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000');
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('puts temporary files under temp/', () => {
    const input = uploadFileInput.parse({ userId: 'alice', agentId: 'a', base64Payload: 'eA==', targetPath: 'x.txt', temporary: true });
    expect(storagePathFor(input, 'ABCDEFGH')).toBe('temp/alice/a/ABCDEFGH-x.txt');
  });

  it('enforces the size and type limits with the spec alerts', async () => {
    const big = Buffer.alloc(1_500_000).toString('base64');
    await expect(upload({ base64Payload: big, targetPath: 'avatar.png', maxSizeMB: 1 })).rejects.toThrow('Max size: 1 MBs');
    await expect(upload({ base64Payload: 'eA==', targetPath: 'avatar.gif', accept: '.png,.jpg' })).rejects.toThrow('Only .png,.jpg Files');
    await expect(upload({ base64Payload: Buffer.alloc(10_000_001).toString('base64'), targetPath: 'huge.png' })).rejects.toThrow('Max size: 10 MBs');
    await expect(upload({ base64Payload: 'eA==', targetPath: 'run.exe' })).rejects.toThrow(/^Only .*Files$/);
    expect(readdirSync(path.join(dir, 'uploads', 'alice', 'agent1'))).toEqual(['avatars']);
  });

  it('refuses a payload longer than the limit before decoding it', async () => {
    // Characters that are not base64 decode to nothing: only the length check stops this one.
    await expect(upload({ base64Payload: '!'.repeat(1_500_000), targetPath: 'avatar.png', maxSizeMB: 1 })).rejects.toThrow('Max size: 1 MBs');
    // Past the server's ceiling the contract refuses it before the handler runs: a clear 400, not a crash.
    const huge = uploadFileInput.safeParse({ userId: 'alice', agentId: 'agent1', base64Payload: 'A'.repeat(40_000_000), targetPath: 'a.png' });
    expect(huge.success).toBe(false);
    expect(huge.error?.issues[0]?.message).toBe('Max size: 10 MBs');
  });

  it('refuses signed-out callers and uploads in another user\'s name', async () => {
    await expect(upload({ base64Payload: 'eA==', targetPath: 'a.png' }, { auth: undefined } as never)).rejects.toThrow('You must be signed in.');
    await expect(upload({ base64Payload: 'eA==', targetPath: 'a.png', userId: 'bob' })).rejects.toThrow('You can only upload files as yourself.');
  });

  it('uploads only into an agent the caller may edit', async () => {
    // Bob names alice's agent: refused, nothing stored under it.
    await expect(upload({ base64Payload: pngPayload, targetPath: 'avatars/x.png', userId: 'bob' }, bob)).rejects.toThrow('You do not have access to this agent.');
    await expect(upload({ base64Payload: pngPayload, targetPath: 'avatars/x.png', agentId: 'bobAgent' })).rejects.toThrow('You do not have access to this agent.');
    await expect(upload({ base64Payload: pngPayload, targetPath: 'avatars/x.png', agentId: 'noSuchAgent' })).rejects.toThrow('This widget does not exist.');
    // An id that is no document id is refused by the contract (a clear invalid-argument, never a crash).
    expect(uploadFileInput.safeParse({ userId: 'alice', agentId: 'agent1/../x', base64Payload: 'eA==', targetPath: 'a.png' }).success).toBe(false);
    const client = { auth: { uid: 'alice', token: { role: 'client', clientId: 'c1' } } } as never;
    await expect(upload({ base64Payload: pngPayload, targetPath: 'avatars/x.png' }, client)).rejects.toThrow('You do not have access to this agent.');
    await expect(upload({ base64Payload: pngPayload, targetPath: 'avatars/x.png', agentId: '' }, client)).rejects.toThrow('You do not have access to this agent.');
    expect(readdirSync(path.join(dir, 'uploads')).sort()).toEqual(['alice']);
    // An agent in the other region is found there.
    expect((await upload({ base64Payload: pngPayload, targetPath: 'avatars/eu.png', agentId: 'agentEu' })).data.url).toContain('agentEu');
  });

  it('serves uploaded HTML and SVG as attachments, sandboxed', async () => {
    for (const [name, type] of [['page.html', 'text/html'], ['logo.svg', 'image/svg+xml']] as const) {
      const body = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"></svg>`).toString('base64');
      const { data } = await upload({ base64Payload: body, targetPath: `x/${name}` });
      const res = await fetch(data.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect(res.headers.get('content-disposition')).toBe('attachment');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
    }
  });

  it('keeps to a daily quota per workspace, whoever in it uploads', async () => {
    const before = (await databaseFor('na').doc(quotaPath('alice', 'uploads')).get()).data()!;
    expect(before.counts.files).toBeGreaterThan(0);
    await databaseFor('na').doc(quotaPath('alice', 'uploads')).set({ windowStart: Date.now(), counts: { files: UPLOAD_QUOTA.limits.files, bytes: 0 } });
    await expect(upload({ base64Payload: pngPayload, targetPath: 'avatars/one-more.png' })).rejects.toThrow(uploadsApi.UPLOAD_MESSAGES.quota);
    // The bytes count too.
    await databaseFor('na').doc(quotaPath('alice', 'uploads')).set({ windowStart: Date.now(), counts: { files: 0, bytes: UPLOAD_QUOTA.limits.bytes - 10 } });
    await expect(upload({ base64Payload: pngPayload, targetPath: 'avatars/one-more.png' })).rejects.toThrow(uploadsApi.UPLOAD_MESSAGES.quota);
    // Another workspace is not affected; a new day starts over.
    expect((await upload({ base64Payload: pngPayload, targetPath: 'avatars/b.png', agentId: 'bobAgent', userId: 'bob' }, bob)).data.url).toContain('bobAgent');
    await databaseFor('na').doc(quotaPath('alice', 'uploads')).set({ windowStart: Date.now() - 25 * 3600 * 1000, counts: { files: UPLOAD_QUOTA.limits.files, bytes: 0 } });
    expect((await upload({ base64Payload: pngPayload, targetPath: 'avatars/next-day.png' })).data.url).toContain('next-day');
  });
});

describe('uploadFile by an agency client', () => {
  // Cleo is a client of an org that alice (the agency owner) owns; Dan's org has no owner on record.
  const cleo = { auth: { uid: 'client-cleo', token: { role: 'client', clientId: 'cleo', orgId: 'orgA', agencyId: 'agA' } } } as never;
  const dan = { auth: { uid: 'client-dan', token: { role: 'client', clientId: 'dan', orgId: 'orgX', agencyId: 'agA' } } } as never;
  const asCleo = (fields: Record<string, unknown>) =>
    uploadFileHandler(uploads, uploadFileInput.parse({ agentId: '', userId: 'client-cleo', temporary: true, targetPath: 'feedback/screen.png', ...fields }), cleo);

  beforeAll(async () => {
    const db = databaseFor('eu');
    await seedWorkspace('eu', 'carol', 'vg_carolSecret00000000001');
    await db.doc(paths.org('orgA')).set({ ID: 'orgA', name: 'Probe Org', ownerID: 'carol', widgetIDs: [] });
    await db.doc(paths.client('cleo')).set({ ID: 'cleo', orgId: 'orgA', email: 'cleo@client.test', widgetIDs: [] });
    await db.doc(paths.org('orgX')).set({ ID: 'orgX', name: 'Orphan', widgetIDs: [] });
    await db.doc(paths.client('dan')).set({ ID: 'dan', orgId: 'orgX', email: 'dan@client.test', widgetIDs: [] });
  });

  it('uploads a feedback attachment, counted on the agency owner’s quota', async () => {
    const quota = () => databaseFor('eu').doc(quotaPath('carol', 'uploads')).get();
    const before = (await quota()).data()?.counts?.files ?? 0;
    // No region named: the client is found in the region it lives in.
    const { data } = await asCleo({ base64Payload: pngPayload });
    expect(data.url).toMatch(/\/public\/files\/temp%2Fclient-cleo%2Fshared%2Ffeedback%2F[A-Za-z0-9]{8}-screen\.png$/);
    const res = await fetch(data.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect((await quota()).data()!.counts).toMatchObject({ files: before + 1, bytes: expect.any(Number) });
    // The owner's quota is the limit: when it is used up, the client is refused too.
    await databaseFor('eu').doc(quotaPath('carol', 'uploads')).set({ windowStart: Date.now(), counts: { files: UPLOAD_QUOTA.limits.files, bytes: 0 } });
    await expect(asCleo({ base64Payload: pngPayload })).rejects.toThrow(uploadsApi.UPLOAD_MESSAGES.quota);
    await databaseFor('eu').doc(quotaPath('carol', 'uploads')).delete();
  });

  it('keeps to the normal size and type limits', async () => {
    await expect(asCleo({ base64Payload: 'eA==', targetPath: 'feedback/run.exe' })).rejects.toThrow(/^Only .*Files$/);
    await expect(asCleo({ base64Payload: Buffer.alloc(10_000_001).toString('base64') })).rejects.toThrow('Max size: 10 MBs');
  });

  it('refuses every other client upload', async () => {
    const refused = 'You do not have access to this agent.';
    // Not temporary, outside feedback/, nested or escaping it.
    await expect(asCleo({ base64Payload: pngPayload, temporary: false })).rejects.toThrow(refused);
    for (const targetPath of ['avatars/x.png', 'x.png', 'feedback/deep/x.png', 'feedback/../x.png', 'other/feedback/x.png']) {
      await expect(asCleo({ base64Payload: pngPayload, targetPath }), targetPath).rejects.toThrow(refused);
    }
    // Into an agent, even of its own agency owner: no page opens uploads to clients.
    await seedAgent('eu', 'carolAgent', 'carol', 'vg_carolAgentSecret00001');
    await expect(asCleo({ base64Payload: pngPayload, agentId: 'carolAgent' })).rejects.toThrow(refused);
    await expect(asCleo({ base64Payload: pngPayload, agentId: 'agent1' })).rejects.toThrow(refused);
    // In another's name; as a client with no record, or whose org has no owner.
    await expect(asCleo({ base64Payload: pngPayload, userId: 'carol' })).rejects.toThrow('You can only upload files as yourself.');
    const ghost = { auth: { uid: 'client-ghost', token: { role: 'client', clientId: 'ghost' } } } as never;
    await expect(uploadFileHandler(uploads, uploadFileInput.parse({ agentId: '', userId: 'client-ghost', temporary: true, targetPath: 'feedback/a.png', base64Payload: pngPayload }), ghost)).rejects.toThrow(refused);
    await expect(uploadFileHandler(uploads, uploadFileInput.parse({ agentId: '', userId: 'client-dan', temporary: true, targetPath: 'feedback/a.png', base64Payload: pngPayload }), dan)).rejects.toThrow(refused);
    expect(readdirSync(path.join(dir, 'temp')).sort()).toEqual(['client-cleo']);
    expect(readdirSync(path.join(dir, 'temp', 'client-cleo', 'shared'))).toEqual(['feedback']);
  });
});

describe('GET /public/files', () => {
  it('never serves files outside the store', async () => {
    expect((await fetch(`${api.url}/public/files/${encodeURIComponent('../../etc/passwd')}`)).status).toBe(400);
    expect((await fetch(`${api.url}/public/files/${encodeURIComponent('uploads/../kb/x.txt')}`)).status).toBe(400);
    expect((await fetch(`${api.url}/public/files/${encodeURIComponent('uploads/none.png')}`)).status).toBe(404);
  });

  it('never serves a knowledge-base original, and the source names no path to it', async () => {
    const payload = Buffer.from('INTERNAL ONLY: salaries and the acquisition plan.').toString('base64');
    const added = await addKnowledgeSourceHandler({ credits: createCredits(), vectorIndex: platformVectorIndex(), fileStore: uploads.fileStore }, addKnowledgeSourceInput.parse({ region: 'na', agentId: 'agent1', type: 'file', fileName: 'internal.txt', base64Payload: payload }), alice);
    expect(added.status).toBe('SUCCESS');
    // The original is kept (privately) …
    const original = `kb/agent1/${added.docId}/internal.txt`;
    expect(readdirSync(path.join(dir, 'kb', 'agent1', added.docId))).toEqual(['internal.txt']);
    // … but the public route answers as for a file that does not exist, however the path is spelled.
    for (const spelled of [original, `/${original}`, `./${original}`, `kb//agent1/${added.docId}/internal.txt`]) {
      const res = await fetch(`${api.url}/public/files/${encodeURIComponent(spelled)}`);
      expect(res.status, spelled).toBe(404);
      expect(await res.text()).not.toContain('INTERNAL');
    }
    const doc = (await databaseFor('na').doc(paths.kbDoc('agent1', added.docId)).get()).data()!;
    expect(JSON.stringify(doc)).not.toMatch(/public\/files|kb%2F|kb\/agent1/);
  });
});
