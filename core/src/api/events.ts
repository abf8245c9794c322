// Events: sign-ups recorded once per user and forwarded to the configured events hook, and the signing secret of
// the workspace's outgoing events (POSTed to its eventsEndpoint for the types in subscribedEvents).
import { z } from 'zod';
import { regionSchema } from '../region';
import { callable, endpoint, workspaceIdSchema } from './contract';

/**
 * POST /events/new-user: records the caller's own sign-up once and forwards it with the attribution ids.
 * Bearer: the new user's Firebase ID token; the user is the token's uid, never one named in the body (anyone
 * could otherwise claim another user's referral). A body `userData.uid` other than the token's answers 403.
 * Identity (e-mail, name) comes from the stored user record. 404 "Account data not present" when the user has
 * no record; `recorded: false` when it was recorded before.
 */
export const recordNewUser = endpoint('recordNewUser', 'POST', '/events/new-user', 'bearer', {
  body: z.object({
    userData: z
      .object({
        uid: z.string().min(1).max(128).optional(),
        /** Where the record is (the other region is tried too). */
        region: regionSchema.optional(),
        email: z.string().max(320).optional(),
        displayName: z.string().max(200).optional(),
        workspaceName: z.string().max(200).optional(),
      })
      .loose()
      .default({}),
    ps_xid: z.string().max(200).nullish(),
    tolt_referral: z.string().max(200).nullish(),
  }),
  output: z.object({ success: z.literal(true), recorded: z.boolean() }),
});

/** The header carrying an outgoing event's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const EVENT_SIGNATURE_HEADER = 'Parley-Signature';
/** How old a signed event may be when its receiver checks it (replayed deliveries are older). */
export const EVENT_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Callable eventsSigningSecret: the secret the workspace's outgoing events are signed with (HMAC-SHA256 over
 * `${t}.${body}`, in the Parley-Signature header), so the receiving endpoint can tell our deliveries from
 * forgeries. Created on first use; `rotate: true` replaces it (deliveries are signed with the new one at once).
 * The workspace owner only (permission-denied "Only the workspace owner can do this." otherwise).
 */
export const eventsSigningSecret = callable('eventsSigningSecret', {
  signInMessage: 'You must be signed in to see the events signing secret.',
  input: z.object({ region: regionSchema, workspaceId: workspaceIdSchema, rotate: z.boolean().default(false) }),
  output: z.object({ signingSecret: z.string() }),
});
