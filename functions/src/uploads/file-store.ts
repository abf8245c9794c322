// FileStore port: Cloud Storage (firebase-admin) in production, a local folder served by GET /public/files/*.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileExtension } from '@parley/core';
import { CONTENT_TYPES } from './content-types';

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

export interface FileStore {
  /** Stores a file and returns the URL it can be fetched from. */
  put(filePath: string, data: Buffer, options: { contentType: string; cacheControl: string }): Promise<string>;
  get(filePath: string): Promise<StoredFile | null>;
}

/** Rejects absolute paths and `..` segments so a path can never leave the store. */
export function safeStoragePath(filePath: string): string {
  const parts = filePath.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.some((p) => p === '..' || p.includes('\\') || p.includes('\0'))) {
    throw new Error('invalid file path');
  }
  return parts.join('/');
}

export const publicFileUrl = (baseUrl: string, filePath: string) =>
  `${baseUrl.replace(/\/$/, '')}/public/files/${encodeURIComponent(filePath)}`;

function findRepoRoot(from: string): string {
  let dir = from;
  for (let i = 0; i < 6; i++) {
    if (existsSync(path.join(dir, 'firebase.json')) || existsSync(path.join(dir, 'package-lock.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return from;
}

export function localUploadsDir(): string {
  return process.env.PARLEY_UPLOADS_DIR ?? path.join(findRepoRoot(process.cwd()), '.data', 'uploads');
}

export function localFileStore(rootDir = localUploadsDir(), baseUrl = process.env.PARLEY_PUBLIC_BASE_URL ?? process.env.PARLEY_APP_URL ?? 'http://127.0.0.1:5000'): FileStore {
  return {
    async put(filePath, data) {
      const safe = safeStoragePath(filePath);
      const target = path.join(rootDir, safe);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
      return publicFileUrl(baseUrl, safe);
    },
    async get(filePath) {
      const safe = safeStoragePath(filePath);
      try {
        const data = await readFile(path.join(rootDir, safe));
        return { data, contentType: CONTENT_TYPES[fileExtension(safe)] ?? 'application/octet-stream' };
      } catch {
        return null;
      }
    },
  };
}

export function cloudStorageFileStore(): FileStore {
  const bucket = async () => {
    const { getApps, initializeApp } = await import('firebase-admin/app');
    const { getStorage } = await import('firebase-admin/storage');
    return getStorage(getApps()[0] ?? initializeApp()).bucket();
  };
  return {
    async put(filePath, data, options) {
      const { getDownloadURL } = await import('firebase-admin/storage');
      const file = (await bucket()).file(safeStoragePath(filePath));
      await file.save(data, { resumable: false, metadata: { contentType: options.contentType, cacheControl: options.cacheControl } });
      return getDownloadURL(file);
    },
    async get(filePath) {
      const file = (await bucket()).file(safeStoragePath(filePath));
      const [exists] = await file.exists();
      if (!exists) return null;
      const [[data], [meta]] = await Promise.all([file.download(), file.getMetadata()]);
      return { data, contentType: meta.contentType ?? 'application/octet-stream' };
    },
  };
}

let override: FileStore | null = null;
/** Tests swap the store. */
export function setFileStore(store: FileStore | null): void {
  override = store;
}

/** Local folder when running against emulators (or FILE_STORE=local), Cloud Storage otherwise. */
export function fileStore(): FileStore {
  if (override) return override;
  const local = process.env.FILE_STORE === 'local' ||
    (process.env.FILE_STORE !== 'gcs' && (process.env.FUNCTIONS_EMULATOR === 'true' || !!process.env.FIRESTORE_EMULATOR_HOST));
  return local ? localFileStore() : cloudStorageFileStore();
}
