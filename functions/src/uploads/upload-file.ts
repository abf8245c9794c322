// Callable uploadFile: { agentId, userId, base64Payload, targetPath, temporary } → { data: { url } }.
import { checkUploadLimits, fileExtension, newUploadPrefix, UPLOAD_ACCEPT, UPLOAD_CACHE_SECONDS, UPLOAD_MAX_MB, uploadsApi } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf } from '../access';
import { defineCallable } from '../callable/define-callable';
import { CONTENT_TYPES } from './content-types';
import { fileStore, safeStoragePath } from './file-store';

export const CACHE_CONTROL = `public, max-age=${UPLOAD_CACHE_SECONDS}`;

const contract = uploadsApi.uploadFile;
export const uploadFileInput = contract.input;
export type UploadFileInput = z.output<typeof contract.input>;

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

export async function uploadFileHandler(input: UploadFileInput, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> {
  const { uid } = callerOf(request);
  if (input.userId !== uid) throw new HttpsError('permission-denied', 'You can only upload files as yourself.');
  const data = decodePayload(input.base64Payload);
  const file = { name: input.targetPath, size: data.length };
  // The page's own limits first (its alerts), then the server's ceiling whatever the page allows.
  const problem =
    checkUploadLimits(file, { maxSizeMB: input.maxSizeMB, accept: input.accept }) ??
    checkUploadLimits(file, { maxSizeMB: UPLOAD_MAX_MB, accept: UPLOAD_ACCEPT });
  if (problem) throw new HttpsError('invalid-argument', problem);
  const contentType = CONTENT_TYPES[fileExtension(input.targetPath)] ?? 'application/octet-stream';
  const url = await fileStore().put(storagePathFor(input), data, { contentType, cacheControl: CACHE_CONTROL });
  return { data: { url } };
}

export const uploadFile = defineCallable(contract, uploadFileHandler);
