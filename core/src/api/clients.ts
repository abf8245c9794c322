// Clients and organisations: the agency's organisations (orgs/{id}) and their client users (clients/{id}), credit
// transfers between the workspace and an org, the org's audit log, and the client's own sign-in on the agency's
// host (password, e-mailed code, one-time link token, the agency owner's admin magic link) with its status and
// feedback e-mail.
//
// Passwords: a client's dashboard password is stored only as a scrypt hash (clients/{id}/private/credentials).
// The plain password appears in exactly one answer, once: createClient (the agency shows it with a copy button).
// No other call returns it or its hash — ssoClient included. A reset never sets a password the caller knows: it
// removes the password and e-mails a sign-in code and link to the client's own address.
//
// Messages with a fixed text are checked by the functions (not by these schemas), so the caller gets the exact
// sentence ("Organization name is required.", "Please fill out all fields." …) rather than "Invalid input — …".
import { z } from 'zod';
import { NOTIFY_IF, NOTIFY_THROUGH } from '../constants/notifications';
import { DASHBOARD_LAYOUTS } from '../constants/navigation';
import { regionSchema } from '../region';
import { clientAccessPathSchema, clientSchema, orgSchema, orgSettingsSchema, DISABLED_ACCESS_MESSAGE_MAX } from '../schemas/client';
import { callable, endpoint } from './contract';

// ---------------------------------------------------------------- ids, messages, constants

const DOCUMENT_ID = /^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/;
export const orgIdSchema = z.string().regex(DOCUMENT_ID, 'Organization ids are 1 to 128 letters, digits, - or _ (not __…__).');
export const clientIdSchema = z.string().regex(DOCUMENT_ID, 'Client ids are 1 to 128 letters, digits, - or _ (not __…__).');
export const agencyIdSchema = z.string().regex(DOCUMENT_ID, 'Agency ids are 1 to 128 letters, digits, - or _ (not __…__).');

/** Sign-in codes: 6 digits, valid 10 minutes, used once; at most 5 wrong tries per code. */
export const LOGIN_CODE = { digits: 6, ttlSeconds: 600, maxAttempts: 5 } as const;
/** Dashboard passwords: at least 8 characters when the agency types one (the generated ones have 15). */
export const CLIENT_PASSWORD_MIN = 8;
export const CLIENT_PASSWORD_MAX = 128;
/** Credit transfers are rounded to 1 decimal (credits show with 1 decimal). */
export const CREDIT_TRANSFER_DECIMALS = 1;
/** Audit entries answered per page. */
export const AUDIT_PAGE_SIZE = 50;

export const CLIENTS_MESSAGES = {
  orgUpdated: 'Organization updated successfully!',
  orgUpdateFailed: (message: string) => `Failed to update organization: ${message}`,
  creditsTransferred: 'Credits transferred successfully!',
  workspaceNotFound: 'Workspace not found. Please refresh and try again.',
  transferFailed: 'Failed to transfer credits. Please try again.',
  clientUpdated: 'Updated client data',
  clientUpdateFailed: 'Failed to update client data',
  feedbackSent: 'Feedback sent!',
  emailNotFound: "This email doesn't exist",
  wrongPassword: 'Password is incorrect please try again',
  adminSignInFailed: 'Error occurred signing in with admin access',
  notOrgAdmin: 'You are not an admin',
  billingNeedsConnect: 'Enable Billing requires a connected payment account.',
  /** ours */
  passwordLoginDisabled: 'Password sign-in is turned off. Please use Email Login Code.',
  /** ours */
  codeInvalid: 'This code is not valid. Please check it or request a new one.',
  /** ours */
  codeExpired: 'This code has expired. Please request a new one.',
  /** ours */
  linkInvalid: 'This sign-in link is not valid any more. Please sign in again.',
  /** ours */
  codeSent: 'We sent a login code to your email.',
  /** ours */
  orgNotFound: 'Organization not found.',
  /** ours */
  clientNotFound: 'Client not found.',
  /** ours */
  rootAdminOnly: 'Only the agency owner can change this.',
  /** ours */
  passwordTooShort: `The password needs at least ${CLIENT_PASSWORD_MIN} characters.`,
  /** ours */
  feedbackNeedsDomain: 'Feedback needs the agency to have a verified sending domain.',
  /** ours */
  feedbackFailed: 'Failed to send feedback',
  /** ours: an org admin acting on a colleague with more access than its own, or on another admin. */
  beyondOwnAccess: 'You can only manage users whose agents and pages are all within your own, and not other admins.',
  /** ours */
  emailChangeOwnerOnly: "Only the agency owner can change a user's email address.",
  /** ours: a password reset e-mails the client, it never shows a password. */
  resetLinkSent: (email: string) => `We sent a sign-in link and code to ${email}. Their old password no longer works.`,
  /** ours */
  resetMailFailed: 'Failed to send the sign-in e-mail. Please try again.',
} as const;

/**
 * Fields only the root admin (the agency owner, orgs/{id}.ownerID) may set: the org's dashboard language and
 * layout, predefined tags, default client access and the settings toggles, its agents (widgetIDs), and on a
 * client the org-admin flag and the staff-only switches. An org admin (a client with isOrgAdmin) may rename the
 * org, change its photo and add or edit users within its own access.
 */
export const ROOT_ADMIN_ORG_FIELDS = [
  'dashboardLayout', 'preferredLanguage', 'defaultClientAccess', 'defaultClientTabOrder', 'predefinedTags',
  'disallowAnyTags', 'disableHandoff', 'settings', 'widgetIDs', 'allowBilling',
] as const;
export const ORG_ADMIN_ORG_FIELDS = ['name', 'squarePhotoURL'] as const;
export const ROOT_ADMIN_CLIENT_FIELDS = ['isOrgAdmin', 'allowCreateAgents', 'hideAdvancedSettings'] as const;

// ---------------------------------------------------------------- shapes of the calls

/** A call about something in one region's database. */
const inRegion = <T extends z.ZodRawShape>(shape: T) => z.object({ region: regionSchema, ...shape });
/** A change that answers nothing but that it was done. */
const done = z.object({ success: z.literal(true) });
/** A change that answers the sentence the page shows, and what it changed. */
const saidAnd = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), message: z.string(), ...shape });

// ---------------------------------------------------------------- shapes answered

/** An organisation as answered: every stored field (none is secret), ids required. */
export const orgRecordSchema = orgSchema.partial().extend({ ID: z.string(), name: z.string(), loadTokens: z.number() }).loose();
export type OrgRecord = z.infer<typeof orgRecordSchema>;

/**
 * A client as answered: never `dashboardPassword` (legacy plain field) nor `FB_PUSH_TOKEN`, and never the hash.
 * `.strip()` (not loose): a field added to stored clients later is not answered until it is listed here.
 */
export const clientRecordSchema = clientSchema
  .omit({ dashboardPassword: true, FB_PUSH_TOKEN: true })
  .partial()
  .extend({ ID: z.string(), orgId: z.string(), email: z.string() })
  .strip();
export type ClientRecord = z.infer<typeof clientRecordSchema>;

export const orgSummarySchema = z.object({
  org: orgRecordSchema,
  clients: z.array(clientRecordSchema),
  counts: z.object({ agents: z.number().int(), clients: z.number().int(), credits: z.number() }),
});
export type OrgSummary = z.infer<typeof orgSummarySchema>;

export const AUDIT_ACTIONS = [
  'org.create', 'org.update', 'org.delete', 'credits.transfer', 'client.create', 'client.update', 'client.delete',
  'client.passwordReset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One changed field: its value before and after (secrets appear as `redacted: true` with no values). */
export const auditChangeSchema = z.object({
  field: z.string(),
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  redacted: z.boolean().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** orgs/{orgId}/auditLog/{id}: who changed what, when, from what to what. Written by functions only. */
export const auditEntrySchema = z.object({
  ID: z.string(),
  orgId: z.string(),
  /** Unix milliseconds. */
  ts: z.number(),
  actor: z.object({
    kind: z.enum(['agency', 'orgAdmin', 'client', 'agencyAdmin']),
    uid: z.string(),
    /** E-mail or client name, as it was at the time. */
    label: z.string().default(''),
  }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.enum(['org', 'client', 'credits']), id: z.string(), label: z.string().default('') }),
  changes: z.array(auditChangeSchema).default([]),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// ---------------------------------------------------------------- organisations (callables; the agency owner)

const orgEditableSchema = z.object({
  name: z.string().max(200),
  squarePhotoURL: z.string().max(2048),
  dashboardLayout: z.enum(DASHBOARD_LAYOUTS),
  preferredLanguage: z.string().min(2).max(10),
  defaultClientAccess: z.array(clientAccessPathSchema).max(50),
  defaultClientTabOrder: z.array(z.string().max(100)).max(50),
  predefinedTags: z.array(z.string().trim().min(1).max(100)).max(200),
  disallowAnyTags: z.boolean(),
  disableHandoff: z.boolean(),
  /** Toggles; disableClientAccessMessage is checked by the function (≤ DISABLED_ACCESS_MESSAGE_MAX). */
  settings: orgSettingsSchema.partial().extend({ disableClientAccessMessage: z.string().max(DISABLED_ACCESS_MESSAGE_MAX * 4).optional() }),
  /** Assigned agents: each must belong to the agency owner's workspaces. */
  widgetIDs: z.array(z.string().regex(DOCUMENT_ID)).max(500),
  /** The org's clients may buy credits and plans on the agency's connected account: on only once it is connected. */
  allowBilling: z.boolean(),
});
export const orgPatchSchema = orgEditableSchema.partial();
export type OrgPatch = z.infer<typeof orgPatchSchema>;
export const DISABLED_ACCESS_MESSAGE_LIMIT = DISABLED_ACCESS_MESSAGE_MAX;

/** Callable listOrgs: the caller's (agency owner's) organisations with their clients and counts. */
export const listOrgs = callable('listOrgs', {
  // Strict: a call carrying anything else is a mistake, refused before any read.
  input: z.strictObject({ region: regionSchema }),
  output: z.object({ orgs: z.array(orgSummarySchema) }),
});

/**
 * Callable createOrg: a new organisation owned by the caller (name defaults to "New Organization"; an empty
 * name answers invalid-argument "Organization name is required."); defaultClientAccess defaults to
 * /home, /convos, /analytics, /leads, /campaigns. Credits start at 0.
 */
export const createOrg = callable('createOrg', {
  input: orgPatchSchema.extend({ region: regionSchema }),
  output: saidAnd({ org: orgRecordSchema }),
});

/**
 * Callable updateOrg: the root admin (agency owner) edits any field above; an org admin (client with
 * isOrgAdmin, signed in with its custom token) only name and squarePhotoURL (permission-denied
 * ROOT_ADMIN_ONLY otherwise). Answers `message` "Organization updated successfully!"; failures carry their reason,
 * which the page shows as "Failed to update organization: {message}". Writes an audit entry of what changed.
 */
export const updateOrg = callable('updateOrg', {
  input: inRegion({ orgId: orgIdSchema, patch: orgPatchSchema }),
  output: saidAnd({ org: orgRecordSchema }),
});

/** Callable deleteOrg: the agency owner deletes an org with no credits left and no clients (failed-precondition otherwise). */
export const deleteOrg = callable('deleteOrg', {
  input: inRegion({ orgId: orgIdSchema }),
  output: done,
});

/**
 * Callable transferCredits: moves `amount` credits between the org owner's workspace (users/{ownerID}) and the org
 * in one transaction that reads both balances first. direction 'toOrg' takes from the workspace, 'toWorkspace'
 * from the org. invalid-argument "Please enter a valid amount to transfer." (not a positive number),
 * failed-precondition "Not enough credits in workspace." / "Not enough credits in org.", not-found
 * "Workspace not found. Please refresh and try again.". Root admin only. Audited.
 */
export const transferCredits = callable('transferCredits', {
  input: z.object({
    region: regionSchema,
    orgId: orgIdSchema,
    direction: z.enum(['toOrg', 'toWorkspace']),
    /** Checked by the function (a string from a text box is accepted if it is a number). */
    amount: z.union([z.number(), z.string().max(40)]),
  }),
  output: z.object({
    success: z.literal(true),
    message: z.string(),
    amount: z.number(),
    workspaceCredits: z.number(),
    orgCredits: z.number(),
  }),
});

/** Callable listOrgAuditLog: the org's audit entries, newest first; the agency owner only. `before`: ts of the last entry seen. */
export const listOrgAuditLog = callable('listOrgAuditLog', {
  input: z.object({
    region: regionSchema,
    orgId: orgIdSchema,
    limit: z.number().int().min(1).max(AUDIT_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
    before: z.number().optional(),
  }),
  output: z.object({ entries: z.array(auditEntrySchema) }),
});

// ---------------------------------------------------------------- clients (callables; agency owner or org admin)

export const notificationsSettingsInputSchema = z.object({
  notifyThrough: z.enum(NOTIFY_THROUGH),
  notifyIf: z.enum(NOTIFY_IF),
});

const clientEditableSchema = z.object({
  name: z.string().max(200),
  email: z.string().max(320),
  canAccess: z.array(clientAccessPathSchema).max(50),
  clientTabOrder: z.array(z.string().max(100)).max(50),
  squarePhotoURL: z.string().max(2048),
  preferredLanguage: z.string().min(2).max(10),
  isOrgAdmin: z.boolean(),
  allowCreateAgents: z.boolean(),
  hideAdvancedSettings: z.boolean(),
  widgetIDs: z.array(z.string().regex(DOCUMENT_ID)).max(500),
  notificationsSettings: notificationsSettingsInputSchema.partial(),
});
export const clientPatchSchema = clientEditableSchema.partial();
export type ClientPatch = z.infer<typeof clientPatchSchema>;

/**
 * Callable createClient (Add User): name, email and a password (15 random characters when left empty) are
 * required — invalid-argument "Please fill out all fields."; an e-mail already used by a client of another of
 * the agency's orgs (or this one) answers already-exists "Client already exists to org: {orgId}". canAccess
 * defaults to the org's defaultClientAccess. The agency owner may set everything; an org admin adds users to its
 * own org only, within its own agents and pages, never the root-admin fields. Answers the plain password ONCE.
 */
export const createClient = callable('createClient', {
  input: clientPatchSchema.extend({
    region: regionSchema,
    orgId: orgIdSchema,
    dashboardPassword: z.string().max(CLIENT_PASSWORD_MAX).optional(),
  }),
  output: saidAnd({ client: clientRecordSchema, dashboardPassword: z.string() }),
});

/**
 * Callable updateClient (Edit User): the same permissions as createClient, and an org admin edits only colleagues
 * whose agents and pages are within its own and who are not admins. Only the agency owner changes an e-mail
 * address. Answers "Updated client data"; the page shows "Failed to update client data" on failure. Moving a
 * client to another org is not done here.
 */
export const updateClient = callable('updateClient', {
  input: inRegion({ clientId: clientIdSchema, patch: clientPatchSchema }),
  output: saidAnd({ client: clientRecordSchema }),
});

/** Callable deleteClient: the agency owner, or an org admin of the client's org for a colleague it may manage (not itself). Audited. */
export const deleteClient = callable('deleteClient', {
  input: inRegion({ clientId: clientIdSchema }),
  output: done,
});

/**
 * Callable resetClientPassword: removes the client's password and e-mails a fresh sign-in code and one-time link to
 * the client's own address (from the agency's sender); nobody else learns or chooses a password. Same permissions
 * as updateClient. Earlier sign-in codes are revoked. Audited (no values).
 */
export const resetClientPassword = callable('resetClientPassword', {
  input: inRegion({ clientId: clientIdSchema }),
  output: saidAnd({ email: z.string() }),
});

/** Callable setClientStatus: a signed-in client sets its own status (written to clients/{id}.status). */
export const setClientStatus = callable('setClientStatus', {
  input: z.object({ status: z.enum(['online', 'offline']) }),
  output: z.object({ success: z.literal(true), status: z.enum(['online', 'offline']) }),
});

// ---------------------------------------------------------------- the client's sign-in (public endpoints)

/**
 * What a successful sign-in answers: a Firebase custom token (signInWithCustomToken) carrying the claims
 * role 'client', clientId, orgId, agencyId; the region holding the client; where to land — the first accessible
 * tab of the first agent (`/app/{region}/agents/{agentId}/{tab}`), null when there is none; and the lockout
 * (org access disabled, or no agents) the dashboard shows as its fixed modal.
 */
export const clientSessionSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  clientId: z.string(),
  orgId: z.string(),
  agencyId: z.string(),
  region: regionSchema,
  landing: z.string().nullable(),
  lockout: z.object({ reason: z.enum(['disabled', 'no-agents']), message: z.string() }).nullable(),
});
export type ClientSession = z.infer<typeof clientSessionSchema>;

/**
 * Which agency a sign-in is for: `host` (the page's location.host on the agency's verified subdomain or custom
 * domain) and/or `agencyId` (e.g. from a magic link); one of them is needed, and when both are sent they must name
 * the same agency (otherwise "This email doesn't exist").
 */
const loginTarget = {
  agencyId: agencyIdSchema.optional(),
  host: z.string().max(253).optional(),
  /** Where the agency lives; the other region is tried too. */
  region: regionSchema.optional(),
};
const emailInput = z.string().max(320).default('');

/**
 * POST /public/clients/login: e-mail and password on the agency's host. 400 "Please enter your email and
 * password."; 404 "This email doesn't exist" (NOT_FOUND: the page marks the e-mail field invalid; also for a
 * client of another agency); 401 "Password is incorrect please try again"; 403 when the agency turned password
 * sign-in off. Failed attempts are limited per e-mail and per address (429 with Retry-After).
 */
export const loginClient = endpoint('loginClient', 'POST', '/public/clients/login', 'public', {
  body: z.object({ ...loginTarget, email: emailInput, password: z.string().max(CLIENT_PASSWORD_MAX).default('') }),
  output: clientSessionSchema,
});

/**
 * POST /public/clients/login-code: e-mails a 6-digit code (valid 10 minutes, single use) and a one-time sign-in
 * link from the agency's sending domain. 400 "Please enter your email."; 404 "This email doesn't exist". A new
 * request replaces the previous code. Limited per e-mail and per address (429).
 */
export const requestClientLoginCode = endpoint('requestClientLoginCode', 'POST', '/public/clients/login-code', 'public', {
  body: z.object({ ...loginTarget, email: emailInput }),
  output: saidAnd({ expiresInSeconds: z.number() }),
});

/**
 * POST /public/clients/login-code/verify: exchanges the e-mailed code for a session. 401 with CLIENTS_MESSAGES
 * codeInvalid / codeExpired; a code works once and dies after LOGIN_CODE.maxAttempts wrong tries.
 */
export const loginClientWithCode = endpoint('loginClientWithCode', 'POST', '/public/clients/login-code/verify', 'public', {
  body: z.object({ ...loginTarget, email: emailInput, code: z.string().trim().max(20).default('') }),
  output: clientSessionSchema,
});

/**
 * POST /public/clients/login-token (validateClientLoginToken): the one-time token of the e-mailed sign-in link
 * (`/?token=…` on the agency's host) is validated once and exchanged for a session; 401 CLIENTS_MESSAGES.linkInvalid.
 */
export const validateClientLoginToken = endpoint('validateClientLoginToken', 'POST', '/public/clients/login-token', 'public', {
  body: z.object({ agencyId: agencyIdSchema.optional(), host: z.string().max(253).optional(), token: z.string().min(1).max(300) }),
  output: clientSessionSchema,
});

/**
 * POST /public/clients/sso (ssoClient): e-mail code sign-in in one call. Without `code` it sends one
 * (`{ codeSent: true }`); with a code it signs in and also answers the client's own record as `clientData` —
 * e-mail, name, org and access, never a password or its hash (unlike the call it replaces).
 */
export const ssoClient = endpoint('ssoClient', 'POST', '/public/clients/sso', 'public', {
  body: z.object({ ...loginTarget, email: emailInput, code: z.string().trim().max(20).optional() }),
  output: z.union([
    z.object({ success: z.literal(true), codeSent: z.literal(true), expiresInSeconds: z.number() }),
    clientSessionSchema.extend({ codeSent: z.literal(false), clientData: clientRecordSchema }),
  ]),
});

/**
 * POST /public/agencies/{agencyId}/admin-sign-in: the agency owner's magic link (the agency secret in the body; the
 * link carries it in its URL fragment, `#adminSecret=`) signs in an agency-admin session: a custom token for the
 * agency's own uid `aa-<agencyId>-<generation>` (never the owner's) with claims role 'agencyAdmin', agencyId and
 * agencyRegion, which opens the agency's client dashboards and nothing else (no billing, workspace, Connect).
 * Regenerating the secret ends every such session. Any failure answers 401 "Error occurred signing in with admin
 * access". Limited per address.
 */
export const agencyAdminSignIn = endpoint('agencyAdminSignIn', 'POST', '/public/agencies/:agencyId/admin-sign-in', 'public', {
  params: z.object({ agencyId: agencyIdSchema }),
  body: z.object({ secret: z.string().max(200).default(''), region: regionSchema.optional() }),
  output: z.object({ success: z.literal(true), token: z.string(), agencyId: z.string(), region: regionSchema, uid: z.string() }),
});

export const feedbackAttachmentSchema = z.object({
  filename: z.string().max(255),
  url: z.url().max(2048),
  sizeKB: z.number().nonnegative().max(100_000),
});

/**
 * POST /agencies/{agencyId}/email (feedback): a signed-in client (bearer: its Firebase ID token) sends feedback
 * to the agency (its support e-mail, else the owner's), from the agency's verified sending domain, with the
 * client's own e-mail as reply-to (fixed: any `to`/`from` in the body is ignored). 412 when the agency has no
 * verified sending domain; 502 "Failed to send feedback". Answers "Feedback sent!". Limited per client.
 */
export const sendAgencyFeedback = endpoint('sendAgencyFeedback', 'POST', '/agencies/:agencyId/email', 'bearer', {
  params: z.object({ agencyId: agencyIdSchema }),
  body: z.object({
    subject: z.string().trim().max(200).default('Feedback'),
    message: z.string().trim().min(1, 'Please write a message.').max(10_000),
    attachmentLinks: z.array(feedbackAttachmentSchema).max(10).default([]),
    /** The bucket the client lives in ("(default)" or "voiceglow-eu"); the token's region is used when absent. */
    bucket: z.string().max(40).optional(),
  }),
  output: saidAnd({ id: z.string() }),
});
