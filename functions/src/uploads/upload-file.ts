// Callable uploadFile: { agentId, userId, base64Payload, targetPath, temporary } → { data: { url } }.
import { newUploadPrefix, UPLOAD_CACHE_SECONDS } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import { z } from 'zod';
import { defineCallable, requireUid } from '../callable/define-callable';
import { ALLOWED_EXTENSIONS, CONTENT_TYPES } from './content-types';
import { fileStore, safeStoragePath } from './file-store';
import { checkUploadLimits, extensionOf } from './limits';

/** Server-side ceiling whatever the page allows. */
export const SERVER_MAX_UPLOAD_MB = 10;
export const CACHE_CONTROL = `public, max-age=${UPLOAD_CACHE_SECONDS}`;

export const uploadFileInput = z.object({
  agentId: z.string().max(128).default(''),
  userId: z.string().min(1).max(128),
  /** A data URL (data:<type>;base64,...) or bare base64. */
  base64Payload: z.string().min(1),
  /** Folder and file name, e.g. "avatars/logo.png". */
  targetPath: z.string().min(1).max(300),
  temporary: z.boolean().default(false),
  /** Optional tighter limits the page applies (the same alerts are enforced here). */
  maxSizeMB: z.number().positive().optional(),
  accept: z.string().max(300).optional(),
});
export type UploadFileInput = z.output<typeof uploadFileInput>;

export function decodePayload(payload: string): Buffer {
  const comma = payload.startsWith('data:') ? payload.indexOf(',') : -1;
  return Buffer.from(comma >= 0 ? payload.slice(comma + 1) : payload, 'base64');
}

/** Where a file lands: temp/ or uploads/, per user and agent, with the random 8-character prefix on the name. */
export function storagePathFor(input: UploadFileInput, prefix = newUploadPrefix()): string {
  const target = safeStoragePath(input.targetPath.replace(/[^A-Za-z0-9._/-]/g, '_'));
  const dir = target.includes('/') ? target.slice(0, target.lastIndexOf('/')) : '';
  const name = target.slice(target.lastIndexOf('/') + 1);
  const root = input.temporary ? 'temp' : 'uploads';
  const owner = [input.userId, input.agentId || 'shared'].map((p) => p.replace(/[^A-Za-z0-9_-]/g, '_'));
  return [root, ...owner, dir, `${prefix}-${name}`].filter(Boolean).join('/');
}

export async function uploadFileHandler(input: UploadFileInput, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const uid = requireUid(request as CallableRequest<unknown>);
  if (input.userId !== uid) throw new HttpsError('permission-denied', 'You can only upload files as yourself.');
  const data = decodePayload(input.base64Payload);
  const file = { name: input.targetPath, size: data.length };
  const problem =
    checkUploadLimits(file, { maxSizeMB: input.maxSizeMB, accept: input.accept }) ??
    checkUploadLimits(file, { maxSizeMB: SERVER_MAX_UPLOAD_MB, accept: ALLOWED_EXTENSIONS });
  if (problem) throw new HttpsError('invalid-argument', problem);
  const contentType = CONTENT_TYPES[extensionOf(input.targetPath)] ?? 'application/octet-stream';
  const url = await fileStore().put(storagePathFor(input), data, { contentType, cacheControl: CACHE_CONTROL });
  return { data: { url } };
}

export const uploadFile = defineCallable(uploadFileInput, uploadFileHandler);
