// Workspace (stored on the user record users/{uid}) and payment-connect data.
// Secrets (workspaceSecret, meta.userAccessToken) live in users/{uid}/private/secrets.
import { z } from 'zod';
import { DEFAULT_USD_PER_TOKEN } from '../constants/agency';
import { regionSchema } from '../region';
import { limitsSchema, serverPlanSchema, v2StripeConfigSchema } from './billing';
import { omitKeys, storedTimestampSchema } from './common';

export const paymentConnectSchema = z.object({
  email: z.string().optional(),
  accountId: z.string().optional(),
  isConnected: z.boolean().default(false),
  payouts_enabled: z.boolean().default(false),
  USDPerToken: z.number().nonnegative().default(DEFAULT_USD_PER_TOKEN),
  allowPlans: z.boolean().default(false),
  plans: z.array(serverPlanSchema).default([]),
});
export type PaymentConnect = z.infer<typeof paymentConnectSchema>;

export const workspaceInternalSchema = z.object({
  customPlan: z.object({ limits: limitsSchema.optional() }).loose().optional(),
  isPayAsYouGo: z.boolean().optional(),
  useNewPricing: z.boolean().optional(),
  useMultipleStripes: z.boolean().optional(),
  countryCode: z.string().optional(),
  isNewUser: z.boolean().optional(),
  utm_source: z.string().optional(),
  whitelabel_trial: z.boolean().optional(),
  whitelabelTrialEndsAt: z.number().optional(),
  autochargeCreditAmount: z.number().nonnegative().optional(),
  autochargeCreditThreshold: z.number().nonnegative().optional(),
  monthlyChargeLimit: z.number().nonnegative().optional(),
}).loose();

export const userPermsSchema = z.object({ userId: z.string(), permissions: z.array(z.string()).default([]) });

export const workspaceSchema = z.object({
  uid: z.string().min(1),
  // user fields
  displayName: z.string().optional(),
  email: z.string().optional(),
  photoURL: z.string().optional(),
  origin: z.enum(['google', 'email']).optional(),
  joinedAt: storedTimestampSchema.optional(),
  location: z.string().optional(),
  referredFrom: z.string().optional(),
  doubleAccountWarningHidden: z.boolean().optional(),
  showOnboarding: z.boolean().optional(),
  // workspace fields
  workspaceName: z.string().default(''),
  workspaceEmails: z.array(z.string()).default([]),
  workspacePhotoURL: z.string().optional(),
  workspaceSecret: z.string().startsWith('vg_').optional(),
  ownerId: z.string().optional(),
  usersPerms: z.array(userPermsSchema).optional(),
  loadTokens: z.number().default(0),
  freeLTsTS: z.number().optional(),
  hasEverPaid: z.boolean().default(false),
  region: regionSchema.optional(),
  internal: workspaceInternalSchema.optional(),
  stripeCustomerId: z.string().optional(),
  stripeSubscriptionId: z.string().optional(),
  stripePlanId: z.string().optional(),
  v2StripeConfig: v2StripeConfigSchema.optional(),
  automaticBilling: z.boolean().optional(),
  stripeConnect: paymentConnectSchema.optional(),
  voiceProviderConfig: z.record(z.string(), z.unknown()).optional(),
  meta: z.object({ userAccessToken: z.string().optional() }).loose().optional(),
  /** Outgoing events endpoint: POSTed only for subscribed event types. */
  eventsEndpoint: z.string().optional(),
  subscribedEvents: z.array(z.string()).optional(),
});
export const storedWorkspaceSchema = workspaceSchema.loose();
export type Workspace = z.infer<typeof workspaceSchema>;
/** The user record is the workspace record. */
export const userSchema = workspaceSchema;
export const storedUserSchema = storedWorkspaceSchema;
export type User = Workspace;

export const WORKSPACE_SECRET_FIELDS = ['workspaceSecret', 'meta'] as const;
export type WorkspaceSecretField = (typeof WORKSPACE_SECRET_FIELDS)[number];
export const workspaceSecretsSchema = z.object({
  workspaceSecret: z.string().startsWith('vg_'),
  meta: z.object({ userAccessToken: z.string().optional() }).optional(),
});
export type WorkspaceSecrets = z.infer<typeof workspaceSecretsSchema>;
export function redactWorkspace<T extends Partial<Workspace>>(ws: T): Omit<T, WorkspaceSecretField> {
  return omitKeys(ws, WORKSPACE_SECRET_FIELDS);
}
