// Who may call billing. Workspace calls go through the workspace rule (./workspace.ts: its secret, or its owner /
// members by ID token; owner only where money moves). Auto Billing's Connect setup: the agency owner only, and only
// with the white-label add-on. Org calls: a client of that org (custom token) or the org's owner workspace; the
// org's connected account is always its owner's stripeConnect.accountId, never one the caller names. An agency's
// plans and its Connect account's public facts: the agency itself or a client of one of its orgs.
import { billingApi, paths, REGIONS, type Region } from '@parley/core';
import type { DocumentData } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import { HttpError } from '../http/endpoint';
import { agencyAccessOf } from './agency-branding';
import { callerOfBearer, INVALID_BEARER, type BearerRequest, type Caller } from './caller';
import { requireFoundWorkspace, requireWorkspaceAccess, type WorkspaceAccess, type WorkspaceHandle } from './workspace';

const M = billingApi.BILLING_API_MESSAGES;

export type BillingWorkspace = WorkspaceHandle & { access: WorkspaceAccess; caller: Caller };

/** The workspace whose billing the request's caller may act on (`ownerOnly` where money moves). */
export async function requireBillingWorkspace(request: BearerRequest, userId: string, region: Region, opts: { ownerOnly?: boolean } = {}): Promise<BillingWorkspace> {
  const caller = await callerOfBearer(request);
  return { ...(await requireFoundWorkspace(caller, userId, { regionHint: region, ownerOnly: opts.ownerOnly })), caller };
}

/**
 * The agency owner's own workspace, for its Connect setup (owner only: it moves the agency's money). Auto Billing
 * comes with the white-label add-on (a plan or custom plan with it); without it every Connect setup call is refused.
 */
export async function requireAutoBillingOwner(request: BearerRequest, uid: string, region: Region): Promise<BillingWorkspace> {
  const found = await requireBillingWorkspace(request, uid, region, { ownerOnly: true });
  if (!agencyAccessOf(found.snapshot.data() ?? {}, Math.floor(Date.now() / 1000)).hasWhitelabelAddon) throw new HttpError(403, M.autoBillingNeedsWhitelabel);
  return found;
}

/** The account an agency's orgs are billed on: its stripeConnect.accountId once Connect onboarding finished. */
export function connectedAccountOf(owner: DocumentData | undefined): string | null {
  const connect = (owner?.stripeConnect ?? {}) as DocumentData;
  return typeof connect.accountId === 'string' && connect.accountId && connect.isConnected === true ? connect.accountId : null;
}

export interface OrgBillingAccess {
  caller: Caller;
  org: DocumentData;
  /** The agency owner's workspace id (the org's ownerID) and record. */
  ownerID: string;
  owner: DocumentData | undefined;
}

/**
 * The org's billing, when the caller is a client of that org or may act on its owner's workspace: 404 unknown org,
 * 403 anyone else; 412 while the agency's Connect account is not set up; 403 when the page names another account
 * or the org may not be billed.
 */
export async function requireOrgBilling(request: BearerRequest, orgId: string, region: Region, claimedAccountId?: string): Promise<OrgBillingAccess> {
  const caller = await callerOfBearer(request);
  const db = databaseFor(region);
  const org = (await db.doc(paths.org(orgId)).get()).data();
  if (!org) throw new HttpError(404, 'Organization not found.');
  const ownerID = String(org.ownerID ?? '');
  if (caller.kind === 'client') {
    const client = (await db.doc(paths.client(caller.clientId)).get()).data();
    if (!client || client.orgId !== orgId) throw new HttpError(403, M.notOrgMember);
  } else {
    await requireWorkspaceAccess(caller, region, ownerID);
  }
  const owner = (await db.doc(paths.user(ownerID)).get()).data();
  const accountId = connectedAccountOf(owner);
  if (!accountId) throw new HttpError(412, M.connectMissing);
  if (claimedAccountId && claimedAccountId !== accountId) throw new HttpError(403, M.connectMissing);
  if (org.allowBilling !== true) throw new HttpError(403, M.billingNotAllowed);
  return { caller, org, ownerID, owner };
}

/** A signed-in caller (a verified ID or custom token); secrets are not taken here (401). */
export async function requireKnownCaller(request: BearerRequest): Promise<Caller> {
  const caller = await callerOfBearer(request);
  if (caller.kind === 'secret') throw new HttpError(401, INVALID_BEARER);
  return caller;
}

/** getPlans' refusal (our own sentence). */
export const PLANS_NOT_YOURS = "You can only see the plans of your own agency.";

/** The agency owner whose connected account this is (its stripeConnect.accountId), in either region. */
async function accountOwner(accountId: string): Promise<{ uid: string; region: Region } | null> {
  for (const region of REGIONS) {
    const snap = await databaseFor(region).collection(paths.users()).where('stripeConnect.accountId', '==', accountId).limit(1).get();
    const doc = snap.docs[0];
    if (doc) return { uid: doc.id, region };
  }
  return null;
}

/**
 * Who may list the plans on a connected account: the account's owner itself, or a client of one of its orgs (read
 * in the owner's region); 403 for anyone else. The platform's key reads any connected account, so this is checked
 * before Stripe is asked.
 */
export async function requirePlansReader(caller: Caller, accountId: string): Promise<void> {
  const owner = await accountOwner(accountId);
  if (owner && caller.kind === 'user' && caller.uid === owner.uid) return;
  if (owner && caller.kind === 'client' && caller.clientId) {
    const db = databaseFor(owner.region);
    const orgId = (await db.doc(paths.client(caller.clientId)).get()).get('orgId');
    const ownerID = typeof orgId === 'string' && orgId ? (await db.doc(paths.org(orgId)).get()).get('ownerID') : null;
    if (ownerID === owner.uid) return;
  }
  throw new HttpError(403, PLANS_NOT_YOURS);
}

/**
 * Who may read an agency's Connect account for an org's billing modal: a client of one of the agency's orgs
 * (403 "You are not a member of this organization." for a client of another agency), or anyone the agency's
 * workspace lets in (its members, its secret).
 */
export async function requireAgencyBillingReader(request: BearerRequest, agencyUserId: string, region: Region): Promise<Caller> {
  const caller = await callerOfBearer(request);
  if (caller.kind === 'client') {
    const db = databaseFor(region);
    const client = (await db.doc(paths.client(caller.clientId)).get()).data();
    const org = client?.orgId ? (await db.doc(paths.org(String(client.orgId))).get()).data() : undefined;
    if (!org || org.ownerID !== agencyUserId) throw new HttpError(403, M.notOrgMember);
  } else {
    await requireWorkspaceAccess(caller, region, agencyUserId);
  }
  return caller;
}
