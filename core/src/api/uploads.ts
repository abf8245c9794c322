// Uploads: files the dashboard stores (avatars, images, knowledge-base originals) and their public URLs.
import { z } from 'zod';
import { UPLOAD_ACCEPT, UPLOAD_MAX_MB } from '../constants/agent';
import { defineContract } from './contract';

/**
 * Callable uploadFile: stores a file for the signed-in user and answers its URL (cached one year; the file
 * name gets a random 8-character prefix). Limits: the page's own `maxSizeMB`/`accept` if given, and always
 * UPLOAD_MAX_MB and UPLOAD_ACCEPT — refused with invalid-argument "Max size: {n} MBs" / "Only {accept} Files".
 * `userId` must be the caller (permission-denied "You can only upload files as yourself.").
 */
export const uploadFile = defineContract({
  kind: 'callable',
  name: 'uploadFile',
  input: z.object({
    agentId: z.string().max(128).default(''),
    userId: z.string().min(1).max(128),
    /** A data URL (data:<type>;base64,...) or bare base64. */
    base64Payload: z.string().min(1),
    /** Folder and file name, e.g. "avatars/logo.png". */
    targetPath: z.string().min(1).max(300),
    /** Temporary files land under temp/ instead of uploads/. */
    temporary: z.boolean().default(false),
    /** Optional tighter limits the page applies (the same alerts are enforced here). */
    maxSizeMB: z.number().positive().optional(),
    accept: z.string().max(300).optional(),
  }),
  output: z.object({ data: z.object({ url: z.string() }) }),
});

/** The accepted extensions, for pages that show them. */
export const UPLOAD_LIMITS = { maxSizeMB: UPLOAD_MAX_MB, accept: UPLOAD_ACCEPT } as const;

/**
 * GET /public/files/{path}: a stored file (the path is one URL-encoded segment: slashes as %2F), with its
 * content type and one-year caching. 400 invalid path, 404 unknown file.
 */
export const getPublicFile = defineContract({
  kind: 'endpoint',
  name: 'getPublicFile',
  method: 'GET',
  path: '/public/files/:path',
  auth: 'public',
  params: z.object({ path: z.string().min(1).max(1024) }),
  response: 'file',
  output: z.never(),
});
