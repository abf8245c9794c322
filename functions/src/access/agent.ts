// May this caller act on the agent voiceglow/{agentId}? The same rules as firestore.rules:
// - members of the agent's workspace (`ownerID`): `match /voiceglow/{agentId}` — isWorkspaceMember(
//   resource.data.ownerID) — and its subcollections' isAgentMember(), through core's workspaceRole;
// - agency clients, only for a page of the agent they may see: clientCanSee(agentId, page) in the subcollection
//   matches (`match /conversations/{conversationId}` with '/convos', `match /kb/{docId}` with '/kb',
//   `match /stats/{statId}` with '/analytics' …), through core's clientAgentDenial (the agent in the client's
//   widgetIDs, the page in its canAccess, client access on in its org, the agent in a workspace of the org's
//   owner). Without a page, clients may not: writes to an agent are members' only (`allow update` …);
// - functions only, outside the rules: the agent's SECRET_API_KEY, or its workspace's secret, as HTTP bearer.
import {
  ACCESS_MESSAGES, clientAgentDenial, paths, storedAgentSchema, toolsApi, workspaceRole,
  type Agent, type ClientAccessPath, type Region,
} from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/https';
import { databaseFor } from '../adapters/firestore';
import { HttpError } from '../http/endpoint';
import { INVALID_BEARER, optionalCallerOfBearer, type BearerRequest, type Caller } from './caller';
import { readAgentSecretKey, readWorkspaceSecret, sameSecret, workspaceOfSecret } from './secrets';

export const UNKNOWN_AGENT = ACCESS_MESSAGES.widgetDoesNotExist;
export const NO_AGENT_ACCESS = 'You do not have access to this agent.';
export const OTHER_WORKSPACE_AGENT = 'This agent belongs to another workspace.';
export const TEST_CHAT_MEMBERS_ONLY = "Only the agent's workspace can use the test chat.";

/** The agent document as stored: legacy documents that do not fit the schema are still read (raw). */
export type StoredAgent = Agent & Record<string, unknown>;

export async function loadStoredAgent(db: Firestore, agentId: string): Promise<StoredAgent | null> {
  const snap = await db.doc(paths.agent(agentId)).get();
  if (!snap.exists) return null;
  const parsed = storedAgentSchema.safeParse({ ID: agentId, ...snap.data() });
  // Legacy documents that do not fit the schema are still the owner's: keep their raw data.
  return (parsed.success ? parsed.data : { ID: agentId, ...snap.data() }) as StoredAgent;
}

export interface AgentAccess {
  db: Firestore;
  region: Region;
  agent: StoredAgent;
  /** The agent's workspace. */
  ownerID: string;
  via: 'member' | 'client' | 'agent-secret' | 'workspace-secret';
  /** Who acts: the user's or client's uid, 'api' for the agent's secret, the workspace id for its secret. */
  actor: string;
}

async function clientMaySee(db: Firestore, clientId: string, agentId: string, ownerID: string, page: ClientAccessPath): Promise<boolean> {
  if (!clientId) return false;
  const client = (await db.doc(paths.client(clientId)).get()).data();
  const orgId = typeof client?.orgId === 'string' && client.orgId ? client.orgId : null;
  if (!client || !orgId) return false;
  const [org, workspace] = await Promise.all([db.doc(paths.org(orgId)).get(), db.doc(paths.user(ownerID)).get()]);
  return clientAgentDenial({ agentId, agentOwnerID: ownerID, agentWorkspaceOwnerId: workspace.get('ownerId'), client, org: org.data(), page }) === null;
}

/**
 * The caller's access to the agent, or an HttpError: 404 "This widget does not exist." for a missing agent,
 * 403 "You do not have access to this agent." otherwise; for a secret bearer 401 when it is nobody's and 403
 * when it is another workspace's. `page` opens the agent to agency clients allowed that page; `agent` is the
 * document when the caller already read it (null: there is none).
 */
export async function requireAgentAccess(
  caller: Caller,
  region: Region,
  agentId: string,
  opts: { page?: ClientAccessPath; agent?: StoredAgent | null } = {},
): Promise<AgentAccess> {
  const db = databaseFor(region);
  const agent = opts.agent !== undefined ? opts.agent : await loadStoredAgent(db, agentId);
  if (!agent) throw new HttpError(404, UNKNOWN_AGENT);
  const ownerID = typeof agent.ownerID === 'string' ? agent.ownerID : '';
  const granted = (via: AgentAccess['via'], actor: string): AgentAccess => ({ db, region, agent, ownerID, via, actor });
  if (caller.kind === 'secret') {
    if (sameSecret(caller.secret, await readAgentSecretKey(db, agentId))) return granted('agent-secret', 'api');
    if (ownerID && sameSecret(caller.secret, await readWorkspaceSecret(db, ownerID))) return granted('workspace-secret', ownerID);
    if (await workspaceOfSecret(db, caller.secret)) throw new HttpError(403, OTHER_WORKSPACE_AGENT);
    throw new HttpError(401, INVALID_BEARER);
  }
  if (!ownerID) throw new HttpError(403, NO_AGENT_ACCESS);
  if (caller.kind === 'client') {
    if (opts.page && (await clientMaySee(db, caller.clientId, agentId, ownerID, opts.page))) return granted('client', caller.uid);
    throw new HttpError(403, NO_AGENT_ACCESS);
  }
  // The owner needs no read (a personal workspace's id is its uid); anyone else is checked against the record.
  const record = caller.uid === ownerID ? null : ((await db.doc(paths.user(ownerID)).get()).data() ?? null);
  if (workspaceRole({ id: ownerID, data: record }, caller) === null) throw new HttpError(403, NO_AGENT_ACCESS);
  return granted('member', caller.uid);
}

/** The caller's access to the agent through the first of `pages` it may open (members: any), else 403. */
export async function requireAgentPageAccess(caller: Caller, region: Region, agentId: string, pages: readonly ClientAccessPath[], agent?: StoredAgent): Promise<AgentAccess> {
  for (const page of pages) {
    try {
      return await requireAgentAccess(caller, region, agentId, agent ? { page, agent } : { page });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 403) throw error;
    }
  }
  throw new HttpError(403, NO_AGENT_ACCESS);
}

/** Whether this access changes which tools an agent has: members of its workspace; a client only sees the agent's own. */
export const editsAgentTools = (access: Pick<AgentAccess, 'via'>): boolean => access.via === 'member';

/** Who may change which tools an agent has (editsAgentTools); a client given its Tools page is refused (403). */
export async function requireAgentToolsEditor(caller: Caller, region: Region, agentId: string): Promise<AgentAccess> {
  const access = await requireAgentAccess(caller, region, agentId, { page: '/tools' });
  if (!editsAgentTools(access)) throw new HttpError(403, toolsApi.TOOL_INPUT_MESSAGES.clientsReadOnly);
  return access;
}

/**
 * A callable that names a workspace and one of its agents acts on that agent only when it is in that workspace
 * (permission-denied with `refusal` otherwise), whatever else the caller may reach.
 */
export function requireAgentInWorkspace(access: AgentAccess, workspaceId: string, refusal: string = OTHER_WORKSPACE_AGENT): AgentAccess {
  if (access.ownerID !== workspaceId) throw new HttpsError('permission-denied', refusal);
  return access;
}

/** Whether requireAgentAccess would let the caller in (refusals become false; other failures still throw). */
export async function hasAgentAccess(caller: Caller | null, region: Region, agentId: string, opts: { page?: ClientAccessPath } = {}): Promise<boolean> {
  if (!caller) return false;
  try {
    await requireAgentAccess(caller, region, agentId, opts);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return false;
    throw error;
  }
}

/**
 * Whether the request's bearer is a member of the agent's workspace trying the agent (draft settings, the test chat):
 * the agent access rules without a client page, by ID token, never a visitor, a client or a secret. The test chat
 * (`testChat`) is theirs alone: 403 for anyone else.
 */
export async function requireMemberTrying(request: BearerRequest, region: Region, agentId: string, testChat: boolean): Promise<boolean> {
  const caller = await optionalCallerOfBearer(request).catch(() => null);
  const member = caller?.kind === 'user' && (await hasAgentAccess(caller, region, agentId));
  if (testChat && !member) throw new HttpError(403, TEST_CHAT_MEMBERS_ONLY);
  return member;
}
