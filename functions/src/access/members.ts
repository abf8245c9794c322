// What a workspace's own people may do beyond its agents and its record (./agent.ts, ./workspace.ts): create agents,
// record their own sign-up, manage channels, phone numbers and crawl jobs, and drive the CSS assistant. Agency
// clients do none of these, and a secret none that needs a person.
import { crawlerApi, voiceApi, type Region } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { HttpError } from '../http/endpoint';
import { NO_AGENT_ACCESS } from './agent';
import { callerOf, type Caller } from './caller';
import { requireWorkspaceAccess, type WorkspaceAccess } from './workspace';

export type UserCaller = Extract<Caller, { kind: 'user' }>;

export const CLIENTS_CANNOT_CREATE = 'Agency clients cannot create agents.';
export const OWN_SIGN_UP_ONLY = 'You can only record your own sign-up.';
export const CHANNELS_MEMBERS_ONLY = 'Only members of the workspace manage its channels.';

/** A dashboard user whose token has no role claim: someone with a workspace of their own (firestore.rules' isWorkspaceUser). */
export const isWorkspaceUser = (caller: Caller): caller is UserCaller => caller.kind === 'user' && caller.role === '';

/** A dashboard user by ID token (not an agency client, not a secret); 403 with `refusal` otherwise. */
function requireUser(caller: Caller, refusal: string): UserCaller {
  if (caller.kind !== 'user') throw new HttpError(403, refusal);
  return caller;
}

/**
 * Who may create an agent: a workspace user, in their own workspace. An agency client's token (role claim) has none,
 * as in firestore.rules' `match /voiceglow/{agentId}` create (isWorkspaceMember requires a token without a role).
 */
export function requireAgentCreator(caller: Caller): UserCaller {
  if (!isWorkspaceUser(caller)) throw new HttpError(403, CLIENTS_CANNOT_CREATE);
  return caller;
}

/**
 * Who may record a sign-up: the workspace user themself (`claimedUid`, when the body names one, must be theirs).
 * A workspace or agent secret, or an agency client's token, is nobody's sign-up.
 */
export function requireOwnSignUp(caller: Caller, claimedUid: string | undefined): UserCaller {
  if (!isWorkspaceUser(caller) || (claimedUid !== undefined && claimedUid !== caller.uid)) throw new HttpError(403, OWN_SIGN_UP_ONLY);
  return caller;
}

/** Who may list a workspace's channel connections: its members by ID token (an agent's own rule follows). */
export const requireChannelsMember = (caller: Caller): UserCaller => requireUser(caller, CHANNELS_MEMBERS_ONLY);

/**
 * Who may drive the CSS assistant: members of the agent's workspace by ID token (the agent's rule follows), the ones
 * who may edit its theme and whose workspace pays. Neither a visitor, an agency client nor an API secret.
 */
export const requireCssAssistantUser = (caller: Caller): UserCaller => requireUser(caller, NO_AGENT_ACCESS);

/**
 * Who may buy, import, assign and release a workspace's numbers: its members (or its secret), never its agency
 * clients, who are told so in their own sentence.
 */
export async function requireNumbersAccess(caller: Caller, region: Region, workspaceId: string): Promise<WorkspaceAccess> {
  if (caller.kind === 'client') throw new HttpError(403, voiceApi.VOICE_MESSAGES.numbersWorkspaceOnly);
  return requireWorkspaceAccess(caller, region, workspaceId);
}

/** Who may manage crawl jobs: members of the workspace (like its knowledge base), never its agency clients. */
export async function requireCrawlJobsAccess(request: Pick<CallableRequest<unknown>, 'auth'>, region: Region, workspaceId: string): Promise<WorkspaceAccess> {
  return requireWorkspaceAccess(callerOf(request, crawlerApi.listCrawlJobs.signInMessage), region, workspaceId);
}
