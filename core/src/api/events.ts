// Sign-up events: recorded once per user and forwarded to the configured events hook.
import { z } from 'zod';
import { regionSchema } from '../region';
import { defineContract } from './contract';

/**
 * POST /events/new-user: records a sign-up once (identity comes from the stored user record, not from the
 * body) and forwards it with the attribution ids. 404 "Account data not present" when the user has no record;
 * `recorded: false` when it was recorded before.
 */
export const recordNewUser = defineContract({
  kind: 'endpoint',
  name: 'recordNewUser',
  method: 'POST',
  path: '/events/new-user',
  auth: 'public',
  body: z.object({
    userData: z
      .object({
        uid: z.string().min(1).max(128),
        region: regionSchema.optional(),
        email: z.string().max(320).optional(),
        displayName: z.string().max(200).optional(),
        workspaceName: z.string().max(200).optional(),
      })
      .loose(),
    ps_xid: z.string().max(200).nullish(),
    tolt_referral: z.string().max(200).nullish(),
  }),
  output: z.object({ success: z.literal(true), recorded: z.boolean() }),
});
