// POST /v2/workspaces/{uid}/email: the workspace's invitation, to members just added. Not a mail relay: the
// server composes the e-mail from its own template, only members in workspaceEmails (not the caller) who were
// not invited in the last day may receive it, and a workspace sends a bounded number a minute (the shared
// limiter) and a day. Which addresses were invited when is kept in users/{uid}/private/invitations
// ({ invitations: [{ email, at (ms) }] }, the last day's only): one transaction checks and reserves, so two calls
// at once cannot both send.
import { COLLECTIONS, paths, workspacesApi } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { callerOfBearer, requireFoundWorkspace } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { RATE_RULES } from '../rate-limits';
import { inviteEmail, signInUrl } from './invite-email';
import { sendMail } from '../adapters/mailer';

const { INVITE_LIMITS, INVITE_EMAIL_MESSAGES } = workspacesApi;
const DAY_MS = 24 * 60 * 60 * 1000;
const RESEND_MS = INVITE_LIMITS.resendAfterHours * 60 * 60 * 1000;

interface Invitation {
  email: string;
  at: number;
}

export const invitationsPath = (workspaceId: string) => `${paths.user(workspaceId)}/${COLLECTIONS.private}/invitations`;

/** Records the recipients as invited now, or refuses (409 one was invited lately, 429 the day's allowance is spent). */
async function reserve(db: Firestore, workspaceId: string, recipients: string[], now: number): Promise<void> {
  const ref = db.doc(invitationsPath(workspaceId));
  await db.runTransaction(async (tx) => {
    const stored = (await tx.get(ref)).get('invitations');
    const recent: Invitation[] = (Array.isArray(stored) ? stored : []).filter(
      (i): i is Invitation => typeof i?.email === 'string' && typeof i?.at === 'number' && now - i.at < Math.max(DAY_MS, RESEND_MS),
    );
    for (const email of recipients) {
      if (recent.some((i) => i.email === email && now - i.at < RESEND_MS)) throw new HttpError(409, INVITE_EMAIL_MESSAGES.alreadyInvited(email));
    }
    if (recent.filter((i) => now - i.at < DAY_MS).length + recipients.length > INVITE_LIMITS.perDay) throw new HttpError(429, INVITE_EMAIL_MESSAGES.quota);
    tx.set(ref, { invitations: [...recent, ...recipients.map((email) => ({ email, at: now }))] });
  });
}

/** Takes back the reservation of invitations that were not sent (the provider refused). */
async function release(db: Firestore, workspaceId: string, recipients: string[], now: number): Promise<void> {
  const ref = db.doc(invitationsPath(workspaceId));
  await db.runTransaction(async (tx) => {
    const stored = (await tx.get(ref)).get('invitations');
    const kept = (Array.isArray(stored) ? (stored as Invitation[]) : []).filter((i) => !(i.at === now && recipients.includes(i.email)));
    tx.set(ref, { invitations: kept });
  });
}

export const workspaceEmailEndpoint = defineEndpoint(workspacesApi.sendWorkspaceEmail, async ({ params, headers, query, body, limits }) => {
  const caller = await callerOfBearer(headers);
  const workspace = await requireFoundWorkspace(caller, params.uid, { regionHint: query.region });
  // Bursts are cut short here (429 + Retry-After), refused attempts included; the day's number below.
  await limits.enforce({ rule: RATE_RULES.workspaceInvite, key: workspace.uid });
  const record = workspace.snapshot.data() ?? {};
  const members: string[] = Array.isArray(record.workspaceEmails) ? record.workspaceEmails.filter((e: unknown): e is string => typeof e === 'string').map((e: string) => e.toLowerCase()) : [];
  const callerEmail = caller.kind === 'user' ? (caller.email ?? '').toLowerCase() : '';
  const ownerEmail = typeof record.email === 'string' ? record.email.toLowerCase() : '';
  for (const email of body.to) {
    if (!members.includes(email) || email === callerEmail || email === ownerEmail) throw new HttpError(400, INVITE_EMAIL_MESSAGES.notPending(email));
  }
  const db = databaseFor(workspace.region);
  const now = Date.now();
  await reserve(db, workspace.uid, body.to, now);
  const mail = inviteEmail({
    workspaceName: typeof record.workspaceName === 'string' ? record.workspaceName : '',
    inviterEmail: callerEmail || null,
    signInUrl: signInUrl(),
  });
  const ids: string[] = [];
  // One e-mail per recipient: invitees never see each other's address.
  for (const [i, to] of body.to.entries()) {
    try {
      ids.push(await sendMail({ to: [to], subject: mail.subject, html: mail.html }));
    } catch (error) {
      console.error('[workspace-email] send failed:', error instanceof Error ? error.message : 'unknown error');
      await release(db, workspace.uid, body.to.slice(i), now);
      throw new HttpError(502, INVITE_EMAIL_MESSAGES.failed);
    }
  }
  return { body: { success: true, id: ids[0]! } };
});
