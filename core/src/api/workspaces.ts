// Workspaces (the record users/{uid}): creation, saving the editable fields, deleting a team workspace and
// sending e-mail (invitations) in the workspace's name.
import { z } from 'zod';
import { WORKSPACE_EMAIL_PATTERN, WORKSPACE_EMAILS_MAX } from '../domain/workspace-role';
import { regionSchema } from '../region';
import { workspaceSchema } from '../schemas/workspace';
import { WORKSPACE_MESSAGES } from '../validation/messages';
import { callable, endpoint, workspaceIdSchema } from './contract';

/** The workspace record as answered: never its secrets (workspaceSecret, meta); unknown fields kept. */
export const workspaceRecordSchema = workspaceSchema.omit({ workspaceSecret: true, meta: true }).partial().extend({ uid: z.string() }).loose();
export type WorkspaceRecord = z.infer<typeof workspaceRecordSchema>;

/**
 * Callable createWorkspace: the first sign-in creates the caller's personal workspace in the chosen region's
 * database, with the free sign-up credits (idempotent: a second call answers the existing record,
 * `created: false`, from its own region). `team: true` creates an extra (team) workspace owned by the caller
 * (needs a name; failed-precondition before onboarding). A caller whose e-mail is not verified yet gets
 * failed-precondition "Please verify your e-mail address first.": no workspace and no credits for an address
 * nobody proved to own.
 */
export const createWorkspace = callable('createWorkspace', {
  signInMessage: 'You must be signed in to create a workspace.',
  input: z.object({
    region: regionSchema,
    workspaceName: z.string().trim().max(60).default(''),
    team: z.boolean().default(false),
  }),
  output: z.object({ created: z.boolean(), region: regionSchema, workspace: workspaceRecordSchema }),
});

/**
 * Bearer of the workspace endpoints: the workspace's secret, or a Firebase ID token of its owner or a member
 * (workspaceEmails). `?region=` names where the workspace is (the other region is tried too).
 * 401 missing or wrong bearer ("Invalid workspace secret."), 403 not a member, 404 "Workspace not found.".
 */
const workspaceParams = z.object({ uid: workspaceIdSchema });
const workspaceQuery = z.object({ region: regionSchema.optional() });

/**
 * POST /v2/workspaces/{uid}: saves the workspace's editable fields (server-owned fields in the body are
 * ignored). Growing workspaceEmails past the seat limit (custom plan workspaceSeats + 2 free) answers 403
 * "Failed to add user to workspace, workspace does not have enough seats". As in firestore.rules, a member may
 * change only workspaceName, workspacePhotoURL and workspaceEmails (adding): changing the owner's profile answers
 * 403 "Only the workspace owner can do this.", dropping an address 403 "Only the workspace owner can remove
 * members.". Addresses are stored lower-case.
 */
export const saveWorkspace = endpoint('saveWorkspace', 'POST', '/v2/workspaces/:uid', 'bearer', {
  params: workspaceParams,
  query: workspaceQuery,
  body: z.object({
    workspaceName: z.string().trim().min(1, WORKSPACE_MESSAGES.workspaceNameRequired).max(60).optional(),
    workspaceEmails: z
      .array(z.string().trim().toLowerCase().regex(WORKSPACE_EMAIL_PATTERN, WORKSPACE_MESSAGES.invalidEmail))
      .max(WORKSPACE_EMAILS_MAX)
      .optional(),
    workspacePhotoURL: z.string().max(2048).optional(),
    displayName: z.string().max(120).optional(),
    photoURL: z.string().max(2048).optional(),
    location: z.string().max(200).optional(),
    doubleAccountWarningHidden: z.boolean().optional(),
  }),
  output: z.object({ success: z.literal(true), workspace: workspaceRecordSchema }),
});

/**
 * DELETE /v2/workspaces/{uid}: deletes a team workspace with its agents (knowledge, chats, secrets) and
 * notifications. Only its owner (secret or the owner's ID token: 403 "Only the workspace owner can do this.");
 * a personal workspace answers 400 "The personal workspace cannot be deleted.". `leftAtProvider` tells the owner what
 * stays at the voice provider, out of our reach, for them to delete there.
 */
export const deleteWorkspace = endpoint('deleteWorkspace', 'DELETE', '/v2/workspaces/:uid', 'bearer', {
  params: workspaceParams,
  query: workspaceQuery,
  // Sentences naming what stays at the voice provider (made with a key the workspace replaced, or kept by a failure).
  output: z.object({ success: z.literal(true), leftAtProvider: z.array(z.string()).default([]) }),
});

/** Invitation e-mails one workspace may send per day, and how long before the same address may be invited again. */
export const INVITE_LIMITS = { perDay: 20, resendAfterHours: 24 } as const;
export const INVITE_EMAIL_MESSAGES = {
  notPending: (email: string) => `Invitations go only to members just added to the workspace: ${email} is not one.`,
  alreadyInvited: (email: string) => `${email} was already invited in the last ${INVITE_LIMITS.resendAfterHours} hours.`,
  quota: `This workspace sent its ${INVITE_LIMITS.perDay} invitations for today. Please try again tomorrow.`,
  failed: 'Failed to send email',
} as const;

/**
 * POST /v2/workspaces/{uid}/email: e-mails the workspace's invitation to members just added. The server writes
 * the e-mail itself (its template: the workspace's name, who invites, the sign-in link); nothing of the request
 * but the recipients is used (`subject` and `html` that older pages send are ignored). Each recipient must be in
 * workspaceEmails (not the workspace owner, not the caller) and not invited in the last
 * INVITE_LIMITS.resendAfterHours (400 notPending / 409 alreadyInvited); one e-mail per recipient. A workspace
 * sends at most INVITE_LIMITS.perDay invitations a day (429 quota) and makes at most a few calls a minute (429
 * with Retry-After). 502 "Failed to send email".
 */
export const sendWorkspaceEmail = endpoint('sendWorkspaceEmail', 'POST', '/v2/workspaces/:uid/email', 'bearer', {
  params: workspaceParams,
  query: workspaceQuery,
  body: z.object({
    to: z
      .union([z.email(), z.array(z.email()).min(1).max(10)])
      .transform((to) => [...new Set((Array.isArray(to) ? to : [to]).map((e) => e.trim().toLowerCase()))]),
  }),
  /** The provider's id of the (first) message sent. */
  output: z.object({ success: z.literal(true), id: z.string() }),
});
