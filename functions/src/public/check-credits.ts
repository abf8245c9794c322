import { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { readCredits } from '../runtime/limits';
import { agentIdParam, regionOf } from './region';

export const checkCreditsInput = z.object({ region: z.string().optional() }).loose();

/** GET /public/users/{ownerID}/check-credits → { continue, hasEverPaid }. */
export const checkCreditsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/public/users/:ownerID/check-credits',
  input: checkCreditsInput,
  handler: async ({ params, query }) => {
    const owner = agentIdParam.safeParse(params.ownerID);
    if (!owner.success) throw new HttpError(400, 'Invalid user id.');
    const credits = await readCredits(databaseFor(regionOf(query)), owner.data);
    return { body: { continue: credits.continue, hasEverPaid: credits.hasEverPaid } };
  },
});
