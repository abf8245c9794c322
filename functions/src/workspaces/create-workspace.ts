// createWorkspace callable: the first sign-in creates the user/workspace record (profile, workspace name and
// members, credits, plan flags; its secret apart in users/{uid}/private/secrets)
// in the chosen region's database; idempotent. With `team: true` it creates an extra (team) workspace.
// Only for a verified e-mail: the free sign-up credits must not be farmed with addresses nobody owns, and the
// address goes into workspaceEmails, where it means membership.
import {
  FREE_SIGNUP_CREDITS, newPersonalWorkspaceName, newWorkspaceId, newWorkspaceSecret, paths, redactWorkspace, REGIONS,
  WORKSPACE_ROLE_MESSAGES, workspacesApi, type Region,
} from '@parley/core';
import { logger } from 'firebase-functions';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { callerOf } from '../access';
import { defineCallable } from '../callable/define-callable';
import { countryFromHeaders } from '../http/country';
import { cleanupDuplicateAgenciesOf } from '../agency';

const contract = workspacesApi.createWorkspace;
export const createWorkspaceInput = contract.input;
export type CreateWorkspaceInput = z.output<typeof contract.input>;

export interface CreateWorkspaceResult {
  created: boolean;
  region: Region;
  workspace: Record<string, unknown> & { uid: string };
}

/** Who signs up: the caller's profile as its token tells it. */
interface SignUpProfile {
  uid: string;
  email: string | null;
  /** The token's email_verified (Google sign-ins carry it; e-mail sign-ups once the link was followed). */
  emailVerified: boolean;
  displayName: string;
  photoURL: string;
  provider: string;
}

function signUpProfileOf(request: Pick<CallableRequest<unknown>, 'auth'>): SignUpProfile {
  const { uid } = callerOf(request, contract.signInMessage);
  const token = (request.auth?.token ?? {}) as Record<string, unknown>;
  const firebase = (token.firebase ?? {}) as { sign_in_provider?: string };
  return {
    uid,
    email: typeof token.email === 'string' ? token.email.toLowerCase() : null,
    emailVerified: token.email_verified === true,
    displayName: typeof token.name === 'string' ? token.name : '',
    photoURL: typeof token.picture === 'string' ? token.picture : '',
    provider: firebase.sign_in_provider ?? 'password',
  };
}

/** Every field of the user/workspace record except the secrets, which go to users/{uid}/private/secrets. */
export function newWorkspaceRecord(opts: { uid: string; region: Region; workspaceName: string; caller: SignUpProfile; ownerId?: string; nowSeconds: number; freeCredits?: number; countryCode?: string | null }) {
  const { caller } = opts;
  return {
    uid: opts.uid,
    displayName: caller.displayName,
    email: caller.email ?? '',
    photoURL: caller.photoURL,
    origin: caller.provider === 'google.com' ? ('google' as const) : ('email' as const),
    joinedAt: opts.nowSeconds,
    location: '',
    referredFrom: '',
    doubleAccountWarningHidden: false,
    workspaceName: opts.workspaceName,
    workspaceEmails: caller.email ? [caller.email] : [],
    workspacePhotoURL: '',
    // Personal workspaces are owned by themselves; team workspaces name their creator.
    ownerId: opts.ownerId ?? opts.uid,
    // Only a personal workspace gets the signup grant, so extra team workspaces cannot farm credits.
    loadTokens: opts.freeCredits ?? 0,
    freeLTsTS: opts.nowSeconds,
    hasEverPaid: false,
    region: opts.region,
    internal: {
      customPlan: { limits: { workspaceSeats: 0 } },
      isPayAsYouGo: false,
      useNewPricing: true,
      useMultipleStripes: false,
      // The CDN's country of the sign-up request, when it knows one: billing prices and taxes by it until a card says otherwise.
      countryCode: opts.countryCode ?? '',
      isNewUser: true,
      utm_source: '',
      whitelabel_trial: false,
      whitelabelTrialEndsAt: 0,
    },
    stripeSubscriptionId: '',
  };
}

async function findOwnRecord(uid: string): Promise<{ region: Region; data: Record<string, unknown> } | null> {
  for (const region of REGIONS) {
    const snap = await databaseFor(region).doc(paths.user(uid)).get();
    if (snap.exists) return { region, data: snap.data() ?? {} };
  }
  return null;
}

function isAlreadyExists(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 6 || code === 'already-exists' || code === 'ALREADY_EXISTS';
}

export async function createWorkspaceHandler(input: CreateWorkspaceInput, request: Pick<CallableRequest<unknown>, 'auth'> & { rawRequest?: { headers?: CallableRequest<unknown>['rawRequest']['headers'] } }): Promise<CreateWorkspaceResult> {
  const caller = signUpProfileOf(request);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const existing = await findOwnRecord(caller.uid);

  if (!caller.emailVerified && (input.team || !existing)) throw new HttpsError('failed-precondition', WORKSPACE_ROLE_MESSAGES.verifyEmailFirst);

  if (input.team) {
    if (!existing) throw new HttpsError('failed-precondition', 'Finish onboarding before creating another workspace.');
    if (!input.workspaceName) throw new HttpsError('invalid-argument', 'Please enter a workspace name.');
    const id = newWorkspaceId();
    const db = databaseFor(input.region);
    // A team workspace is billed on its own: like a sign-up, it starts in the currency of where it was created.
    const countryCode = countryFromHeaders(request.rawRequest?.headers);
    const record = newWorkspaceRecord({ uid: id, region: input.region, workspaceName: input.workspaceName, caller, ownerId: caller.uid, nowSeconds, countryCode });
    const batch = db.batch();
    batch.create(db.doc(paths.user(id)), record);
    batch.create(db.doc(paths.userSecrets(id)), { workspaceSecret: newWorkspaceSecret(), meta: { userAccessToken: '' } });
    await batch.commit();
    return { created: true, region: input.region, workspace: record };
  }

  if (existing) return { created: false, region: existing.region, workspace: redactWorkspace({ ...existing.data, uid: caller.uid }) };

  const db = databaseFor(input.region);
  const record = newWorkspaceRecord({
    uid: caller.uid,
    region: input.region,
    workspaceName: input.workspaceName || newPersonalWorkspaceName(),
    caller,
    nowSeconds,
    freeCredits: FREE_SIGNUP_CREDITS,
    countryCode: countryFromHeaders(request.rawRequest?.headers),
  });
  try {
    // create() fails if another request got there first: the batch is all-or-nothing, so no half records.
    const batch = db.batch();
    batch.create(db.doc(paths.user(caller.uid)), record);
    batch.create(db.doc(paths.userSecrets(caller.uid)), { workspaceSecret: newWorkspaceSecret(), meta: { userAccessToken: '' } });
    await batch.commit();
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    const raced = await findOwnRecord(caller.uid);
    if (raced) return { created: false, region: raced.region, workspace: redactWorkspace({ ...raced.data, uid: caller.uid }) };
    throw error;
  }
  await cleanupAgencyDuplicates(caller.uid);
  return { created: true, region: input.region, workspace: record };
}

/**
 * A first sign-in also tidies agencies older sessions left twice (created by double clicks before initAgency was
 * idempotent). It never fails the sign-in: a left-over duplicate is harmless, and the Agency page offers the same.
 */
async function cleanupAgencyDuplicates(uid: string): Promise<void> {
  await Promise.all(REGIONS.map(async (region) => {
    try {
      await cleanupDuplicateAgenciesOf(region, uid);
    } catch (error) {
      logger.warn('createWorkspace: duplicate agency clean-up failed', { region, error: error instanceof Error ? error.message : String(error) });
    }
  }));
}

export const createWorkspace = defineCallable(contract, createWorkspaceHandler);
