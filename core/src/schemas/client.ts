// Agency clients (clients/{ID}) and organisations (orgs/{ID}).
// Dashboard passwords: stored as a scrypt hash in clients/{id}/private/credentials; the plain
// `dashboardPassword` field is legacy data only and is never returned (see redactClient).
import { z } from 'zod';
import { NOTIFY_IF, NOTIFY_THROUGH } from '../constants/notifications';
import { DASHBOARD_LAYOUTS, DEFAULT_CLIENT_ACCESS } from '../constants/navigation';
import { omitKeys, storedTimestampSchema } from './common';

export const DISABLED_ACCESS_MESSAGE_MAX = 1024;
export const DEFAULT_ORG_NAME = 'New Organization';
export const DEFAULT_PREFERRED_LANGUAGE = 'en';

export const notificationsSettingsSchema = z.object({
  notifyThrough: z.enum(NOTIFY_THROUGH).default('email'),
  notifyIf: z.enum(NOTIFY_IF).default('all'),
});
export type NotificationsSettings = z.infer<typeof notificationsSettingsSchema>;

/** Tab paths such as /home. */
export const clientAccessPathSchema = z.string().startsWith('/');

export const clientSchema = z.object({
  ID: z.string().min(1),
  orgId: z.string().min(1),
  name: z.string().default(''),
  email: z.string().min(1),
  dashboardPassword: z.string().optional(),
  type: z.enum(['client', 'org']).default('client'),
  widgetIDs: z.array(z.string()).default([]),
  canAccess: z.array(clientAccessPathSchema).default([...DEFAULT_CLIENT_ACCESS]),
  clientTabOrder: z.array(z.string()).optional(),
  permissions: z.array(z.string()).optional(),
  squarePhotoURL: z.string().optional(),
  status: z.enum(['online', 'offline']).default('offline'),
  stripeCustomerId: z.string().optional(),
  notificationsSettings: notificationsSettingsSchema.prefault({}),
  /** When the client last opened its notifications (unix seconds): the bell counts what came after. */
  notificationsSeenAt: z.number().optional(),
  FB_PUSH_TOKEN: z.string().optional(),
  preferredLanguage: z.string().default(DEFAULT_PREFERRED_LANGUAGE),
  isAdmin: z.boolean().default(false),
  isOrgAdmin: z.boolean().default(false),
  allowCreateAgents: z.boolean().default(false),
  hideAdvancedSettings: z.boolean().default(false),
  agencyId: z.string().optional(),
  ts: storedTimestampSchema.optional(),
});
export const storedClientSchema = clientSchema.loose();
export type Client = z.infer<typeof clientSchema>;

export const CLIENT_SECRET_FIELDS = ['dashboardPassword', 'FB_PUSH_TOKEN'] as const;
export type ClientSecretField = (typeof CLIENT_SECRET_FIELDS)[number];
export function redactClient<T extends Partial<Client>>(client: T): Omit<T, ClientSecretField> {
  return omitKeys(client, CLIENT_SECRET_FIELDS);
}
/** clients/{id}/private/credentials */
export const clientCredentialsSchema = z.object({
  /** `scrypt$N$r$p$saltB64$hashB64` */
  dashboardPasswordHash: z.string().min(1),
  updatedAt: z.number().optional(),
});
export type ClientCredentials = z.infer<typeof clientCredentialsSchema>;

export const orgSettingsSchema = z.object({
  smartHandoff: z.boolean().default(false),
  disableHandoffMessages: z.boolean().default(false),
  enableCannedResponses: z.boolean().default(false),
  continousSessionUI: z.boolean().default(false),
  disableClientAccess: z.boolean().default(false),
  disableClientAccessMessage: z.string().max(DISABLED_ACCESS_MESSAGE_MAX).default(''),
});
export type OrgSettings = z.infer<typeof orgSettingsSchema>;

export const orgSchema = z.object({
  ID: z.string().min(1),
  name: z.string().default(DEFAULT_ORG_NAME),
  squarePhotoURL: z.string().optional(),
  widgetIDs: z.array(z.string()).default([]),
  ownerID: z.string().optional(),
  agencyId: z.string().optional(),
  dashboardLayout: z.enum(DASHBOARD_LAYOUTS).default('vertical'),
  preferredLanguage: z.string().default(DEFAULT_PREFERRED_LANGUAGE),
  defaultClientAccess: z.array(clientAccessPathSchema).default([...DEFAULT_CLIENT_ACCESS]),
  defaultClientTabOrder: z.array(z.string()).optional(),
  predefinedTags: z.array(z.string()).default([]),
  disallowAnyTags: z.boolean().default(false),
  disableHandoff: z.boolean().default(false),
  allowBilling: z.boolean().default(false),
  loadTokens: z.number().default(0),
  stripeCustomerId: z.string().optional(),
  autocharge: z.boolean().optional(),
  automaticBilling: z.boolean().optional(),
  autochargeAmount: z.number().nonnegative().optional(),
  threshold: z.number().nonnegative().optional(),
  internal: z.object({
    autochargeCreditAmount: z.number().nonnegative().optional(),
    autochargeCreditThreshold: z.number().nonnegative().optional(),
    /** USD a month the org's auto-recharge may charge at most; 0 = no limit. */
    monthlyChargeLimit: z.number().nonnegative().optional(),
  }).loose().optional(),
  subscription: z.object({ id: z.string().optional(), status: z.string().optional(), priceId: z.string().optional() }).loose().optional(),
  orgUsers: z.array(z.object({ ID: z.string(), squarePhotoURL: z.string().optional() }).loose()).default([]),
  settings: orgSettingsSchema.prefault({}),
  lastModified: z.number().optional(),
});
export const storedOrgSchema = orgSchema.loose();
export type Org = z.infer<typeof orgSchema>;
