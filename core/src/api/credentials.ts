// Credentials: the workspace's secrets in one place for its owner (the workspace secret, each agent's secret key,
// the events signing secret), its own OpenAI-compatible provider and its own voice provider (Vapi) key. Answers show secrets only as their last 4
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
  voiceKey: 'Enter your Vapi private key.',
  voiceKeyRefused: 'Vapi refused this key: enter the private key of your Vapi organization.',
  voiceUnavailable: 'Vapi could not be reached to check this key. Please try again in a minute.',
  /** A number bought on the platform's Twilio account cannot be connected to a workspace's own Vapi account. */
  ownVoiceKeyBuy: 'With your own Vapi key, connect a number of your own Twilio account (Import); numbers for sale are the platform’s.',
  /** A number connected with a key that is no longer the workspace's. */
  voiceKeyChanged: 'This number was connected with a Vapi key that is no longer saved on Credentials: save that key again to change it.',
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
    voice: z.object({ apiKey: maskedSchema }),
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

/**
 * Callable saveVoiceKey: the workspace's own Vapi private key (checked at Vapi before it is kept, in the private
 * secrets document). Its assistants, numbers and calls are then made in that Vapi account, and its calls' minutes are
 * not billed in credits. An empty `apiKey` removes it. Owner only. (Web calls are created server-side with this
 * private key, so no public key is asked for.)
 */
export const saveVoiceKey = callable('saveVoiceKey', {
  signInMessage: SIGN_IN,
  input: workspaceInput.extend({ apiKey: z.string().trim().max(500) }),
  output: z.object({ apiKey: maskedSchema }),
});
