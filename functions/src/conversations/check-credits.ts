import { conversationsApi } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint } from '../http/endpoint';
import { readCredits } from '../runtime/limits';

/** GET /public/users/{ownerID}/check-credits → { continue, hasEverPaid }. */
export const checkCreditsEndpoint = defineEndpoint(conversationsApi.checkCredits, async ({ params, query }) => {
  const credits = await readCredits(databaseFor(query.region), params.ownerID);
  return { body: { continue: credits.continue, hasEverPaid: credits.hasEverPaid } };
});
