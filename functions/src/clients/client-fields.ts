// Client fields from the Add/Edit User drawer, as stored; the spec's messages for missing fields and duplicates.
import { newClientPassword, ORG_MESSAGES, WORKSPACE_EMAIL_PATTERN, WORKSPACE_MESSAGES, type Region } from '@parley/core';
import { CLIENT_PASSWORD_MIN, CLIENTS_MESSAGES, type ClientPatch } from './api';
import { HttpError } from '../http/endpoint';
import { locateAgencyClient, normalizeEmail, type StoredClient } from './org-client-reads';

/** Fields every audit entry of a client compares. */
export const AUDITED_CLIENT_FIELDS = [
  'name', 'email', 'canAccess', 'clientTabOrder', 'widgetIDs', 'isOrgAdmin', 'allowCreateAgents', 'hideAdvancedSettings',
  'notificationsSettings', 'squarePhotoURL', 'preferredLanguage',
] as const;

/** The patch as stored (e-mail lower-case, lists without repeats, notification settings merged). */
export function storedClientPatch(patch: ClientPatch, current: StoredClient | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) out[key] = value;
  if (patch.name !== undefined) {
    if (!patch.name.trim()) throw new HttpError(400, ORG_MESSAGES.addClientFields);
    out.name = patch.name.trim();
  }
  if (patch.email !== undefined) {
    const email = normalizeEmail(patch.email);
    if (!email) throw new HttpError(400, ORG_MESSAGES.addClientFields);
    if (!WORKSPACE_EMAIL_PATTERN.test(email)) throw new HttpError(400, WORKSPACE_MESSAGES.invalidEmail);
    out.email = email;
  }
  if (patch.canAccess) out.canAccess = [...new Set(patch.canAccess)];
  if (patch.widgetIDs) out.widgetIDs = [...new Set(patch.widgetIDs)];
  if (patch.notificationsSettings) out.notificationsSettings = { ...(current?.notificationsSettings ?? { notifyThrough: 'email', notifyIf: 'all' }), ...patch.notificationsSettings };
  return out;
}

/** The password to store: the one typed (at least CLIENT_PASSWORD_MIN characters) or 15 random characters. */
export function chosenPassword(typed: string | undefined): string {
  if (typed === undefined) return newClientPassword();
  if (!typed.trim()) throw new HttpError(400, ORG_MESSAGES.addClientFields);
  if (typed.length < CLIENT_PASSWORD_MIN) throw new HttpError(400, CLIENTS_MESSAGES.passwordTooShort);
  return typed;
}

/**
 * 409 "Client already exists to org: {orgId}" when another client of the agency has this e-mail in either region
 * (the sign-in looks in both). A quick check that also covers clients added before clientEmails held addresses;
 * the claim in client-emails.ts is what two simultaneous calls cannot both pass.
 */
export async function requireUniqueEmail(email: string, ownerUid: string, region: Region, exceptClientId?: string): Promise<void> {
  const existing = await locateAgencyClient(email, ownerUid, region);
  if (existing && existing.client.ID !== exceptClientId) throw new HttpError(409, ORG_MESSAGES.clientExists(existing.client.orgId));
}
