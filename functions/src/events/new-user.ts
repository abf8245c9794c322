// POST /events/new-user: records the caller's own sign-up once and forwards it to the configured events hook.
// The user is the bearer ID token's uid: a uid in the body would let anyone claim another user's sign-up (and
// its referral attribution) before that user does.
import { eventsApi } from '@parley/core';
import { defineString } from 'firebase-functions/params';
import { databaseFor } from '../adapters/firestore';
import { paramValue } from '../adapters/params';
import { callerOfBearer, findWorkspace, requireOwnSignUp } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { RATE_RULES } from '../rate-limits';

/** Where sign-up events go (a CRM or automation webhook); empty = only recorded. */
export const EVENTS_HOOK_URL = defineString('EVENTS_HOOK_URL', { default: '' });
export const EVENTS_COLLECTION = 'events';
const HOOK_TIMEOUT_MS = 5000;

export const newUserEndpoint = defineEndpoint(eventsApi.recordNewUser, async ({ body: input, headers, idTokens, ip, limits }) => {
  await limits.enforce({ rule: RATE_RULES.newUserIp, key: ip });
  const caller = requireOwnSignUp(await callerOfBearer({ headers, idTokens }), input.userData.uid);
  // Only real, freshly created users: the record must exist, and each user is recorded once.
  const workspace = await findWorkspace(caller.uid, input.userData.region ?? null);
  if (!workspace) throw new HttpError(404, 'Account data not present');
  const data = workspace.snapshot.data() ?? {};
  const event = {
    type: 'new-user',
    uid: workspace.uid,
    region: workspace.region,
    // Identity comes from the stored record, not from the request body.
    userData: { uid: workspace.uid, email: data.email ?? '', displayName: data.displayName ?? '', workspaceName: data.workspaceName ?? '', joinedAt: data.joinedAt ?? null },
    ps_xid: input.ps_xid ?? null,
    tolt_referral: input.tolt_referral ?? null,
    ts: Date.now(),
    forwarded: false,
  };
  const ref = databaseFor(workspace.region).collection(EVENTS_COLLECTION).doc(`new-user-${workspace.uid}`);
  try {
    await ref.create(event);
  } catch {
    return { body: { success: true, recorded: false } };
  }
  const url = paramValue(EVENTS_HOOK_URL);
  if (url) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: event.type, userData: event.userData, region: event.region, ps_xid: event.ps_xid, tolt_referral: event.tolt_referral }),
        signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
      });
      await ref.set({ forwarded: res.ok, hookStatus: res.status }, { merge: true });
    } catch (error) {
      console.warn('[events] new-user hook failed:', error instanceof Error ? error.message : 'unknown error');
    }
  }
  return { body: { success: true, recorded: true } };
});
