// Who may act on an organisation and its clients — the same split as firestore.rules' `match /orgs/{orgId}` and
// `match /clients/{clientId}`: the root admin is the agency owner (orgs/{id}.ownerID; the admin magic link signs in
// as that uid), an org admin is a client of the org with isOrgAdmin. Anyone else learns only that the org does not
// exist.
import { clientsApi, paths, storedClientSchema, type storedOrgSchema } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { HttpError } from '../adapters/input-errors';
import { parseStored } from '../adapters/stored-data';
import type { Caller, TokenCaller } from './caller';
import { isWorkspaceUser, type UserCaller } from './members';

const { CLIENTS_MESSAGES, ROOT_ADMIN_CLIENT_FIELDS, ROOT_ADMIN_ORG_FIELDS } = clientsApi;
type StoredClient = z.output<typeof storedClientSchema>;
type StoredOrg = z.output<typeof storedOrgSchema>;

/** The caller's own client record (an org admin's), or null. */
async function callerClient(db: Firestore, clientId: string): Promise<StoredClient | null> {
  const snap = await db.doc(paths.client(clientId)).get();
  return snap.exists ? parseStored(storedClientSchema, snap, { ID: clientId }) : null;
}

export type OrgActor =
  | { kind: 'agency'; uid: string; label: string }
  | { kind: 'orgAdmin'; uid: string; label: string; client: StoredClient };

export type ClientCaller = Extract<Caller, { kind: 'client' }>;

export const CLIENTS_ONLY = 'Only a signed-in client has a status.';
export const FEEDBACK_CLIENTS_ONLY = 'Only a signed-in client can send feedback.';
export const ORGS_OWNER_ONLY = 'Only the agency owner can list organizations.';

/** The agency owner an agency-admin session (the agency-secret magic link) acts for, or null when it is none (agency's agencyAdminOwner). */
export type AgencyAdminOwnerLookup = (caller: UserCaller) => Promise<string | null>;

/**
 * Whose organisations the caller lists: a workspace user its own (as their agency owner), an agency-admin session
 * its agency owner's (`adminOwner` vouches for the session); 403 for anyone else (clients, secrets, other roles).
 */
export async function requireOrgsOwner(caller: Caller, adminOwner: AgencyAdminOwnerLookup): Promise<string> {
  if (caller.kind !== 'user') throw new HttpError(403, ORGS_OWNER_ONLY);
  if (caller.role === '') return caller.uid;
  const owner = await adminOwner(caller);
  if (!owner) throw new HttpError(403, ORGS_OWNER_ONLY);
  return owner;
}

/** Who may create an organisation: a workspace user, its agency owner (root admin) from then on. */
export function requireOrgCreator(caller: Caller): UserCaller {
  if (!isWorkspaceUser(caller)) throw new HttpError(403, CLIENTS_MESSAGES.rootAdminOnly);
  return caller;
}

/** An agency client signed in with its own custom token (one that names its client); 403 with `refusal` otherwise. */
function requireSignedInClient(caller: Caller, refusal: string): ClientCaller {
  if (caller.kind !== 'client' || !caller.clientId) throw new HttpError(403, refusal);
  return caller;
}

/** Who has an online/offline status: a signed-in client, on its own record. */
export const requireStatusClient = (caller: Caller): ClientCaller => requireSignedInClient(caller, CLIENTS_ONLY);

/** Who may send its agency feedback: a signed-in client (of one of the agency's orgs, checked against its record). */
export const requireFeedbackClient = (caller: Caller): ClientCaller => requireSignedInClient(caller, FEEDBACK_CLIENTS_ONLY);

/** Feedback from a client token whose client record is nowhere: refused as not a client. */
export const feedbackRefused = () => new HttpError(403, FEEDBACK_CLIENTS_ONLY);

/** A client sends feedback only to its own agency: its org (found) owned by the agency's (found) owner; 403 otherwise. */
export function requireOwnAgency<O extends { org: { ownerID?: unknown } }, A extends { agency: { userId?: unknown } }>(org: O | null, agency: A | null): { org: O; agency: A } {
  if (!org || !agency || org.org.ownerID !== agency.agency.userId) throw feedbackRefused();
  return { org, agency };
}

export const orgNotFound = () => new HttpError(404, CLIENTS_MESSAGES.orgNotFound);
export const clientNotFound = () => new HttpError(404, CLIENTS_MESSAGES.clientNotFound);

/** The caller as root admin or org admin of `org`; 404 for everyone else (a plain client gets 403 "You are not an admin"). */
export async function orgActor(caller: TokenCaller, db: Firestore, org: StoredOrg): Promise<OrgActor> {
  if (caller.kind === 'user') {
    if (caller.role === '' && org.ownerID && caller.uid === org.ownerID) return { kind: 'agency', uid: caller.uid, label: caller.email ?? '' };
    throw orgNotFound();
  }
  const self = caller.clientId ? await callerClient(db, caller.clientId) : null;
  if (!self || self.orgId !== org.ID) throw orgNotFound();
  if (!self.isOrgAdmin) throw new HttpError(403, CLIENTS_MESSAGES.notOrgAdmin);
  return { kind: 'orgAdmin', uid: caller.uid, label: self.email, client: self };
}

/**
 * Whether the actor may manage this client (edit, reset, delete): the agency owner always; an org admin itself, or a
 * colleague who is not an admin and whose agents and pages are all within its own, so no org admin can become (or
 * remove) someone with more access than it has.
 */
export function requireManageable(actor: OrgActor, target: StoredClient): void {
  if (actor.kind === 'agency' || actor.client.ID === target.ID) return;
  const own = actor.client;
  const within = target.widgetIDs.every((id) => own.widgetIDs.includes(id)) && target.canAccess.every((page) => own.canAccess.includes(page));
  if (target.isOrgAdmin || !within) throw new HttpError(403, CLIENTS_MESSAGES.beyondOwnAccess);
}

/** A client's e-mail is where its sign-in codes go (whoever changes it could sign in as the client): the agency owner's alone. */
export function checkEmailChange(actor: OrgActor, changesEmail: boolean): void {
  if (changesEmail && actor.kind !== 'agency') throw new HttpError(403, CLIENTS_MESSAGES.emailChangeOwnerOnly);
}

/** Only the agency owner (root admin). */
export function requireRootAdmin(actor: OrgActor): void {
  if (actor.kind !== 'agency') throw new HttpError(403, CLIENTS_MESSAGES.rootAdminOnly);
}

/** An org admin may change only the org's name and photo. */
export function checkOrgPatch(actor: OrgActor, patch: clientsApi.OrgPatch): void {
  if (actor.kind === 'agency') return;
  if (ROOT_ADMIN_ORG_FIELDS.some((field) => patch[field] !== undefined)) throw new HttpError(403, CLIENTS_MESSAGES.rootAdminOnly);
}

/**
 * An org admin adds and edits users of its own org within what it has itself: its agents and pages, never the
 * root-admin flags (isOrgAdmin, allowCreateAgents, hideAdvancedSettings).
 */
export function checkClientPatch(actor: OrgActor, patch: clientsApi.ClientPatch): void {
  if (actor.kind === 'agency') return;
  if (ROOT_ADMIN_CLIENT_FIELDS.some((field) => patch[field] !== undefined)) throw new HttpError(403, CLIENTS_MESSAGES.rootAdminOnly);
  const own = actor.client;
  if (patch.widgetIDs && !patch.widgetIDs.every((id) => own.widgetIDs.includes(id))) throw new HttpError(403, CLIENTS_MESSAGES.rootAdminOnly);
  if (patch.canAccess && !patch.canAccess.every((page) => own.canAccess.includes(page))) throw new HttpError(403, CLIENTS_MESSAGES.rootAdminOnly);
}
