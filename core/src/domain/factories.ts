// Builders for new documents, filling generated ids/secrets and the product's defaults.
import { NEW_AGENT_MAX_TOKENS_USAGE } from '../constants/agent';
import { FREE_SIGNUP_CREDITS } from '../constants/billing';
import { newAgentId, newAgentSecret, newClientId, newClientPassword, newPersonalWorkspaceName, newWorkspaceSecret } from '../ids';
import { agentSchema, type Agent, type AgentInput } from '../schemas/agent';
import { clientSchema, orgSchema, type Client, type Org } from '../schemas/client';
import { workspaceSchema, type Workspace } from '../schemas/workspace';

/** A new agent: 16-char id, vg_ secret, maxTokensUsage 0, lastModified now. */
export function createAgent(input: { ownerID: string; title: string } & Partial<AgentInput>, nowSeconds: number): Agent {
  return agentSchema.parse({
    maxTokensUsage: NEW_AGENT_MAX_TOKENS_USAGE,
    ...input,
    ID: input.ID ?? newAgentId(),
    SECRET_API_KEY: input.SECRET_API_KEY ?? newAgentSecret(),
    lastModified: nowSeconds,
  });
}

/** Agents missing SECRET_API_KEY get one (vg_ prefix) — returns the same object when present. */
export function ensureAgentSecret<T extends { SECRET_API_KEY?: string | undefined }>(agent: T): T {
  return agent.SECRET_API_KEY ? agent : { ...agent, SECRET_API_KEY: newAgentSecret() };
}

/** The user record created on first sign-in: a personal workspace with the free sign-up credits (granted now). */
export function createPersonalWorkspace(input: { uid: string; email: string; displayName?: string; photoURL?: string; region?: 'eu' | 'na' }, nowSeconds: number): Workspace {
  return workspaceSchema.parse({
    uid: input.uid,
    email: input.email,
    displayName: input.displayName,
    photoURL: input.photoURL,
    region: input.region,
    joinedAt: nowSeconds,
    workspaceName: newPersonalWorkspaceName(),
    workspaceEmails: [input.email],
    workspaceSecret: newWorkspaceSecret(),
    ownerId: input.uid,
    loadTokens: FREE_SIGNUP_CREDITS,
    freeLTsTS: nowSeconds,
  });
}

/** A client user with a generated 15-char id and dashboard password (return it once; store only its hash). */
export function createClient(input: { orgId: string; email: string; name: string } & Partial<Client>, nowSeconds: number): Client {
  return clientSchema.parse({
    ...input,
    ID: input.ID ?? newClientId(),
    dashboardPassword: input.dashboardPassword ?? newClientPassword(),
    ts: nowSeconds,
  });
}

export function createOrg(input: { ID: string } & Partial<Org>, nowSeconds: number): Org {
  return orgSchema.parse({ ...input, lastModified: nowSeconds });
}
