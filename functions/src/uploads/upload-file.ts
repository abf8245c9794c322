// Callable uploadFile: { region?, agentId, userId, base64Payload, targetPath, temporary } → { data: { url } }.
// A public upload (avatars, logos, icons) within its workspace's daily quota; the payload's length is checked
// before it is decoded. Who may upload where, and which workspace counts it, is access's requireUploadWorkspace
// (the caller as itself, into an agent it may edit; an agency client only its feedback attachments, counted
// against its agency owner's quota).
import { checkUploadLimits, fileExtension, newUploadPrefix, UPLOAD_ACCEPT, UPLOAD_CACHE_SECONDS, UPLOAD_MAX_MB, uploadsApi } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireUploadWorkspace } from '../access';
import { databaseFor } from '../adapters/firestore';
import { clientUploadOwner } from '../clients';
import { defineCallable } from '../callable/define-callable';
import { takeQuota, type QuotaSpec } from '../quota';
import { CONTENT_TYPES } from './content-types';
import { isActiveContentType, safeStoragePath } from './file-store';
import type { UploadsDeps } from './uploads-deps';

export const CACHE_CONTROL = `public, max-age=${UPLOAD_CACHE_SECONDS}`;

const contract = uploadsApi.uploadFile;
export const uploadFileInput = contract.input;
export type UploadFileInput = z.output<typeof contract.input>;

/** Uploads per workspace and day (uploadsApi.UPLOAD_QUOTA). */
export const UPLOAD_QUOTA = {
  name: 'uploads',
  windowSeconds: 24 * 60 * 60,
  limits: { files: uploadsApi.UPLOAD_QUOTA.filesPerDay, bytes: uploadsApi.UPLOAD_QUOTA.megabytesPerDay * 1e6 },
} satisfies QuotaSpec;

export function decodePayload(payload: string): Buffer {
  return Buffer.from(base64Of(payload), 'base64');
}

function base64Of(payload: string): string {
  const comma = payload.startsWith('data:') ? payload.indexOf(',') : -1;
  return comma >= 0 ? payload.slice(comma + 1) : payload;
}

/** The size the payload decodes to (exact for well-formed base64), known without decoding it. */
export function decodedSize(payload: string): number {
  const text = base64Of(payload).replace(/\s+/g, '');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((text.length * 3) / 4) - padding);
}

/**
 * Decodes a payload only if its length fits every limit (the first refusal wins: the page's own limits before
 * the server's ceiling), then checks the decoded file again. invalid-argument with the limit's alert otherwise.
 */
export function decodeWithin(payload: string, fileName: string, limits: ReadonlyArray<{ maxSizeMB?: number; accept?: string }>): Buffer {
  const check = (size: number) => {
    for (const limit of limits) {
      const problem = checkUploadLimits({ name: fileName, size }, limit);
      if (problem) throw new HttpsError('invalid-argument', problem);
    }
  };
  check(decodedSize(payload));
  const data = decodePayload(payload);
  check(data.length);
  return data;
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

export async function uploadFileHandler(deps: UploadsDeps, input: UploadFileInput, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> {
  const { region, workspaceId } = await requireUploadWorkspace(callerOf(request), input, clientUploadOwner);
  // The page's own limits first (its alerts), then the server's ceiling whatever the page allows.
  const data = decodeWithin(input.base64Payload, input.targetPath, [
    { maxSizeMB: input.maxSizeMB, accept: input.accept },
    { maxSizeMB: UPLOAD_MAX_MB, accept: UPLOAD_ACCEPT },
  ]);
  const quota = await takeQuota(databaseFor(region), workspaceId, UPLOAD_QUOTA, { files: 1, bytes: data.length });
  if (!quota.allowed) throw new HttpsError('resource-exhausted', uploadsApi.UPLOAD_MESSAGES.quota);
  const contentType = CONTENT_TYPES[fileExtension(input.targetPath)] ?? 'application/octet-stream';
  const url = await deps.fileStore.put(storagePathFor(input), data, {
    contentType,
    cacheControl: CACHE_CONTROL,
    ...(isActiveContentType(contentType) ? { contentDisposition: 'attachment' as const } : {}),
  });
  return { data: { url } };
}

export const uploadFileCallable = (deps: UploadsDeps) => defineCallable(contract, (input, request) => uploadFileHandler(deps, input, request));
