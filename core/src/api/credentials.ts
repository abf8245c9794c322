// Credentials: the workspace's secrets in one place for its owner (the workspace secret, each agent's secret key,
// the events signing secret) and its own OpenAI-compatible provider. Answers show secrets only as their last 4
// characters; the owner reveals one to copy it. Members see the page without secrets; clients never.
import { z } from 'zod';
import { regionSchema } from '../region';
import { agentIdSchema, callable, workspaceIdSchema } from './contract';

/** How a secret is shown after its creation: its last 4 characters. */
export const lastFour = (secret: string): string => secret.slice(-4);

export const CREDENTIAL_MESSAGES = {
  baseUrl: 'Please enter a valid URL (https://...).',
  apiKey: 'Enter the provider’s API key.',
  ownerOnly: 'Only the workspace owner can see secrets.',
} as const;

const workspaceInput = z.object({ region: regionSchema, workspaceId: workspaceIdSchema });
const SIGN_IN = 'You must be signed in to see credentials.';

/** A secret as listed: null when there is none yet. */
const maskedSchema = z.object({ last4: z.string() }).nullable();

/** Callable getCredentials: what the page lists. `role: 'member'` answers with every secret null. */
export const getCredentials = callable('getCredentials', {
  signInMessage: SIGN_IN,
  input: workspaceInput,
  output: z.object({
    role: z.enum(['owner', 'member']),
    workspaceSecret: maskedSchema,
    signingSecret: maskedSchema,
    agents: z.array(z.object({ agentId: z.string(), title: z.string(), secretKey: maskedSchema })),
    provider: z.object({ baseUrl: z.string(), apiKey: maskedSchema }),
  }),
});

/** Callable revealSecret: one secret in full, for its owner to copy (never the provider key). */
export const revealSecret = callable('revealSecret', {
  signInMessage: SIGN_IN,
  input: workspaceInput.extend({ kind: z.enum(['workspace', 'signing', 'agent']), agentId: agentIdSchema.optional() }),
  output: z.object({ secret: z.string() }),
});

/** Callable regenerateWorkspaceSecret: a new workspace secret; the old one stops working at once. Owner only. */
export const regenerateWorkspaceSecret = callable('regenerateWorkspaceSecret', {
  signInMessage: SIGN_IN,
  input: workspaceInput,
  output: z.object({ workspaceSecret: z.string() }),
});

/**
 * Callable saveProviderKey: the workspace's own OpenAI-compatible provider (base URL checked against the safe-fetch
 * rules, key kept in a private document). Empty `baseUrl` and `apiKey` remove it. Owner only.
 */
export const saveProviderKey = callable('saveProviderKey', {
  signInMessage: SIGN_IN,
  input: workspaceInput.extend({
    baseUrl: z.union([z.literal(''), z.string().trim().max(500).pipe(z.url({ protocol: /^https?$/, error: CREDENTIAL_MESSAGES.baseUrl }))]),
    apiKey: z.string().trim().max(500).default(''),
  }),
  output: z.object({ baseUrl: z.string(), apiKey: maskedSchema }),
});
