// FileStore port: Cloud Storage (firebase-admin) in production, a local folder served by GET /public/files/*.
// Two kinds of files: public uploads (uploads/, temp/: avatars, logos, icons — anyone with the URL may fetch them)
// and private files (kb/: knowledge-base originals), stored with no URL and never served.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileExtension } from '@parley/core';
import { CONTENT_TYPES } from './content-types';

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

export interface PutOptions {
  contentType: string;
  cacheControl: string;
  /** 'attachment' for types a browser would run (HTML, SVG) when opened directly. */
  contentDisposition?: 'attachment';
}

export interface FileStore {
  /** Stores a public upload (under uploads/ or temp/) and returns the URL it can be fetched from. */
  put(filePath: string, data: Buffer, options: PutOptions): Promise<string>;
  /** Stores a private file: no URL leads to it. */
  putPrivate(filePath: string, data: Buffer, options: { contentType: string }): Promise<void>;
  get(filePath: string): Promise<StoredFile | null>;
  /** Removes every file under a folder (e.g. a knowledge source's original). */
  removeFolder(folder: string): Promise<void>;
}

/** Top folders of public uploads: the only ones GET /public/files serves. */
export const PUBLIC_UPLOAD_ROOTS = ['uploads', 'temp'] as const;
/** Top folder of knowledge-base originals (private). */
export const KB_ORIGINALS_ROOT = 'kb';

/** Whether a stored path is a public upload. */
export function isPublicUploadPath(filePath: string): boolean {
  const root = safeStoragePath(filePath).split('/')[0];
  return (PUBLIC_UPLOAD_ROOTS as readonly string[]).includes(root ?? '');
}

/** Content types a browser would run as a page when opened directly: stored and served as attachments. */
export function isActiveContentType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return ['text/html', 'application/xhtml+xml', 'image/svg+xml', 'text/xml', 'application/xml'].includes(type);
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
  const write = async (safe: string, data: Buffer) => {
    const target = path.join(rootDir, safe);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
  };
  return {
    async put(filePath, data) {
      const safe = safeStoragePath(filePath);
      if (!isPublicUploadPath(safe)) throw new Error('public uploads live under uploads/ or temp/');
      await write(safe, data);
      return publicFileUrl(baseUrl, safe);
    },
    async putPrivate(filePath, data) {
      const safe = safeStoragePath(filePath);
      if (isPublicUploadPath(safe)) throw new Error('private files never live under uploads/ or temp/');
      await write(safe, data);
    },
    async removeFolder(folder) {
      await rm(path.join(rootDir, safeStoragePath(folder)), { recursive: true, force: true });
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
      const safe = safeStoragePath(filePath);
      if (!isPublicUploadPath(safe)) throw new Error('public uploads live under uploads/ or temp/');
      const file = (await bucket()).file(safe);
      await file.save(data, {
        resumable: false,
        metadata: { contentType: options.contentType, cacheControl: options.cacheControl, ...(options.contentDisposition ? { contentDisposition: options.contentDisposition } : {}) },
      });
      return getDownloadURL(file);
    },
    async putPrivate(filePath, data, options) {
      const safe = safeStoragePath(filePath);
      if (isPublicUploadPath(safe)) throw new Error('private files never live under uploads/ or temp/');
      // No download token is ever made for it (getDownloadURL is what creates one).
      await (await bucket()).file(safe).save(data, { resumable: false, metadata: { contentType: options.contentType, cacheControl: 'private, max-age=0' } });
    },
    async removeFolder(folder) {
      await (await bucket()).deleteFiles({ prefix: `${safeStoragePath(folder)}/` });
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

/** The platform's store (the composition's): a local folder against emulators (or FILE_STORE=local), Cloud Storage otherwise. */
export function platformFileStore(): FileStore {
  const local = process.env.FILE_STORE === 'local' ||
    (process.env.FILE_STORE !== 'gcs' && (process.env.FUNCTIONS_EMULATOR === 'true' || !!process.env.FIRESTORE_EMULATOR_HOST));
  return local ? localFileStore() : cloudStorageFileStore();
}
