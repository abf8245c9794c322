// Who may call billing: workspace calls through the shared workspace access (its secret, or its owner / members by
// ID token; owner-only where money moves). Org calls: a client of that org (custom token) or the org's owner
// workspace; the org's connected account is always its owner's stripeConnect.accountId, never one the caller names.
import { billingApi, paths, type Region } from '@parley/core';
import type { IncomingHttpHeaders } from 'node:http';
import type { DocumentData } from 'firebase-admin/firestore';
import { callerOfBearer, INVALID_BEARER, requireFoundWorkspace, requireWorkspaceAccess, type Caller } from '../access';
import { databaseFor } from '../adapters/firestore';
import { agencyAccessOf } from '../access';
import { HttpError } from '../http/endpoint';
import { billingOf, type WorkspaceBilling } from './billing-records';

const M = billingApi.BILLING_API_MESSAGES;

/** The workspace's billing state, once the caller may act on it. */
export async function workspaceForBilling(headers: IncomingHttpHeaders, userId: string, region: Region, opts: { ownerOnly?: boolean } = {}): Promise<WorkspaceBilling & { caller: Caller }> {
  const caller = await callerOfBearer(headers);
  const found = await requireFoundWorkspace(caller, userId, { regionHint: region, ownerOnly: opts.ownerOnly });
  return { ...billingOf(found.uid, found.region, found.snapshot.data()), caller };
}

export interface ConnectState {
  uid: string;
  region: Region;
  accountId: string | null;
  isConnected: boolean;
  usdPerToken: number;
  allowPlans: boolean;
  plans: DocumentData[];
}

export function connectOf(uid: string, region: Region, data: DocumentData | undefined): ConnectState {
  const c = (data?.stripeConnect ?? {}) as DocumentData;
  return {
    uid,
    region,
    accountId: typeof c.accountId === 'string' ? c.accountId : null,
    isConnected: c.isConnected === true,
    usdPerToken: typeof c.USDPerToken === 'number' ? c.USDPerToken : 0.003,
    allowPlans: c.allowPlans === true,
    plans: Array.isArray(c.plans) ? c.plans : [],
  };
}

/**
 * The agency owner's own Connect state (owner only: it moves the agency's money). Auto Billing comes with the
 * whitelabel add-on (a plan or custom plan with it); without it every Connect setup call is refused.
 */
export async function agencyConnect(headers: IncomingHttpHeaders, uid: string, region: Region): Promise<ConnectState & { email: string | null }> {
  const caller = await callerOfBearer(headers);
  const found = await requireFoundWorkspace(caller, uid, { regionHint: region, ownerOnly: true });
  const data = found.snapshot.data();
  if (!agencyAccessOf(data ?? {}, Math.floor(Date.now() / 1000)).hasWhitelabelAddon) throw new HttpError(403, M.autoBillingNeedsWhitelabel);
  return { ...connectOf(found.uid, found.region, data), email: typeof data?.email === 'string' ? data.email : null };
}

export interface OrgBilling {
  orgId: string;
  region: Region;
  org: DocumentData;
  agency: ConnectState;
  caller: Caller;
}

/** The org, its agency's connected account (must be connected and match what the page sent) and the caller's right to it. */
export async function orgForBilling(headers: IncomingHttpHeaders, orgId: string, region: Region, claimedAccountId?: string): Promise<OrgBilling> {
  const caller = await callerOfBearer(headers);
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
  const agency = connectOf(ownerID, region, (await db.doc(paths.user(ownerID)).get()).data());
  if (!agency.accountId || !agency.isConnected) throw new HttpError(412, M.connectMissing);
  if (claimedAccountId && claimedAccountId !== agency.accountId) throw new HttpError(403, M.connectMissing);
  if (org.allowBilling !== true) throw new HttpError(403, M.billingNotAllowed);
  return { orgId, region, org, agency, caller };
}

/** A signed-in caller (a verified ID or custom token); secrets are not taken here (401). */
export async function requireKnownCaller(headers: IncomingHttpHeaders): Promise<Caller> {
  const caller = await callerOfBearer(headers);
  if (caller.kind === 'secret') throw new HttpError(401, INVALID_BEARER);
  return caller;
}
