// Workspace logs: what happened in a workspace that its people should know (an event that could not be sent, a
// channel reply that failed, a tool that errored), written by the product and by integrators through the REST
// call, read on the Events page's Logs tab. Entries expire after WORKSPACE_LOG_TTL_DAYS.
import { z } from 'zod';
import { regionSchema } from '../region';
import { callable, endpoint, workspaceIdSchema } from './contract';

export const LOG_TYPES = ['info', 'warning', 'error'] as const;
export type LogType = (typeof LOG_TYPES)[number];
/** How long an entry is kept (a Firestore TTL policy on `expiresAt`). */
export const WORKSPACE_LOG_TTL_DAYS = 30;
export const LOG_CONTENT_MAX = 5000;
/** The answer when the workspace named by the call does not exist. */
export const WORKSPACE_NOT_PROVIDED = 'Workspace not provided';

/** One entry as the Logs tab shows it. */
export const workspaceLogSchema = z.object({
  id: z.string(),
  type: z.enum(LOG_TYPES),
  channel: z.string(),
  agentId: z.string(),
  content: z.string(),
  /** The entry's metadata as JSON text (whatever its writer attached). */
  metadata: z.string(),
  createdAt: z.number(),
});
export type WorkspaceLog = z.output<typeof workspaceLogSchema>;

/** What an entry says, as the REST call and the product give it. */
export const logEntryInputSchema = z.object({
  type: z.enum(LOG_TYPES, 'Type must be info, warning or error.').default('info'),
  content: z.string().trim().min(1, 'Content is required.').max(LOG_CONTENT_MAX, `Content can be at most ${LOG_CONTENT_MAX} characters.`),
  channel: z.string().trim().max(64).default(''),
  agentId: z.string().trim().max(128).default(''),
  metadata: z.record(z.string(), z.unknown()).default({}),
  /** Mails an error entry to the workspace's e-mails. */
  withEmail: z.boolean().default(false),
});
export type LogEntryInput = z.input<typeof logEntryInputSchema>;

/**
 * POST /api/workspace/:userId/logs: an integrator writes an entry to the workspace's logs. Bearer: the workspace's
 * secret. 404 "Workspace not provided" when the workspace does not exist (nothing is written); a body `userId`
 * must be the path's.
 */
export const writeWorkspaceLog = endpoint('writeWorkspaceLog', 'POST', '/api/workspace/:userId/logs', 'bearer', {
  params: z.object({ userId: workspaceIdSchema }),
  body: logEntryInputSchema.extend({ userId: z.string().optional(), region: regionSchema }),
  output: z.object({ success: z.literal(true), id: z.string(), emailed: z.boolean() }),
});

/** Callable listWorkspaceLogs: newest first, filtered by type, agent and channel; `before` pages on. Owner and members. */
export const listWorkspaceLogs = callable('listWorkspaceLogs', {
  signInMessage: 'You must be signed in to see the logs.',
  input: z.object({
    region: regionSchema,
    workspaceId: workspaceIdSchema,
    type: z.enum(LOG_TYPES).optional(),
    agentId: z.string().max(128).optional(),
    channel: z.string().max(64).optional(),
    before: z.number().optional(),
    limit: z.number().int().min(1).max(100).default(25),
  }),
  output: z.object({ logs: z.array(workspaceLogSchema), more: z.boolean() }),
});
