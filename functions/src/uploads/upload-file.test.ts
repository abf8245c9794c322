import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApi } from '../http/serve';
import { endpoints } from './index';
import { localFileStore, setFileStore } from './file-store';
import { fileExtension, UPLOAD_ACCEPT } from '@parley/core';
import { CONTENT_TYPES } from './content-types';
import { storagePathFor, uploadFileHandler, uploadFileInput } from './upload-file';

let api: Awaited<ReturnType<typeof serveApi>>;
let dir = '';
const alice = { auth: { uid: 'alice', token: {} } } as never;

beforeAll(async () => {
  api = await serveApi(endpoints);
  dir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
  setFileStore(localFileStore(dir, api.url));
});
afterAll(async () => {
  setFileStore(null);
  await api?.close();
});

const upload = (fields: Record<string, unknown>, who = alice) =>
  uploadFileHandler(uploadFileInput.parse({ agentId: 'agent1', userId: 'alice', temporary: false, ...fields }), who);

describe('content types', () => {
  it('has one for every extension the uploads accept', () => {
    for (const ext of UPLOAD_ACCEPT.split(',')) expect(CONTENT_TYPES[fileExtension(`x${ext}`)], ext).toBeDefined();
  });
});

describe('uploadFile', () => {
  it('stores the file with an 8-character prefix and serves it with one-year caching', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const { data } = await upload({ base64Payload: `data:image/png;base64,${png.toString('base64')}`, targetPath: 'avatars/my logo.png' });
    expect(data.url).toMatch(/\/public\/files\/uploads%2Falice%2Fagent1%2Favatars%2F[A-Za-z0-9]{8}-my_logo\.png$/);
    const res = await fetch(data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000');
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
    expect(readdirSync(dir).length).toBeLessThanOrEqual(1);
  });

  it('refuses signed-out callers and uploads in another user\'s name', async () => {
    await expect(upload({ base64Payload: 'eA==', targetPath: 'a.png' }, { auth: undefined } as never)).rejects.toThrow('You must be signed in.');
    await expect(upload({ base64Payload: 'eA==', targetPath: 'a.png', userId: 'bob' })).rejects.toThrow('You can only upload files as yourself.');
  });

  it('never serves files outside the store', async () => {
    expect((await fetch(`${api.url}/public/files/${encodeURIComponent('../../etc/passwd')}`)).status).toBe(400);
    expect((await fetch(`${api.url}/public/files/${encodeURIComponent('uploads/none.png')}`)).status).toBe(404);
  });
});
