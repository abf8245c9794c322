// Uploads: files the dashboard stores for public use (avatars, logos, icons, images) and their public URLs.
// Knowledge-base originals are stored by the knowledge callables and are never public.
import { z } from 'zod';
import { UPLOAD_ACCEPT, UPLOAD_MAX_MB } from '../constants/agent';
import { regionSchema } from '../region';
import { agentIdSchema, callable, endpoint } from './contract';

/** The longest base64 text of a file of `megabytes` (1 MB = 1e6 bytes), with room for a data-URL header. */
export const base64MaxChars = (megabytes: number): number => Math.ceil((megabytes * 1e6) / 3) * 4 + 256;

/** What one workspace may upload per day (uploadFile), whoever in it uploads. */
export const UPLOAD_QUOTA = { filesPerDay: 200, megabytesPerDay: 200 } as const;
export const UPLOAD_MESSAGES = {
  quota: `This workspace reached its upload limit (${UPLOAD_QUOTA.filesPerDay} files or ${UPLOAD_QUOTA.megabytesPerDay} MB a day). Please try again tomorrow.`,
} as const;

/**
 * Callable uploadFile: stores a file for the signed-in user and answers its URL (cached one year; the file
 * name gets a random 8-character prefix). Limits: the page's own `maxSizeMB`/`accept` if given, and always
 * UPLOAD_MAX_MB and UPLOAD_ACCEPT — refused with invalid-argument "Max size: {n} MBs" / "Only {accept} Files"
 * (a payload too long for the limit is refused before it is decoded).
 * `userId` must be the caller (permission-denied "You can only upload files as yourself."). A named `agentId`
 * must be an agent the caller may edit (a member of its workspace: permission-denied "You do not have access
 * to this agent.", not-found "This widget does not exist."); it is looked up in `region`, then in the other
 * region. Each workspace (the agent's, or the caller's own without an agent) may upload UPLOAD_QUOTA a day
 * (resource-exhausted UPLOAD_MESSAGES.quota).
 */
export const uploadFile = callable('uploadFile', {
  input: z.object({
    region: regionSchema.optional(),
    /** The agent the file is for ('' for none). */
    agentId: z.union([z.literal(''), agentIdSchema]).default(''),
    userId: z.string().min(1).max(128),
    /** A data URL (data:<type>;base64,...) or bare base64. */
    base64Payload: z.string().min(1).max(base64MaxChars(UPLOAD_MAX_MB), `Max size: ${UPLOAD_MAX_MB} MBs`),
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
 * GET /public/files/{path}: a file uploadFile stored (the path is one URL-encoded segment: slashes as %2F, under
 * uploads/ or temp/), with its content type and one-year caching; HTML and SVG are served as attachments
 * (`Content-Disposition: attachment`) inside a sandboxing CSP. Anything else — knowledge-base originals among
 * it — answers 404 like an unknown file. 400 invalid path.
 */
export const getPublicFile = endpoint('getPublicFile', 'GET', '/public/files/:path', 'public', {
  params: z.object({ path: z.string().min(1).max(1024) }),
  response: 'file',
  output: z.never(),
});
