import { conversationsApi } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint } from '../http/endpoint';
import { payerOf, payingOrg, readCredits } from '../credits';
import { limitVisitor } from '../access';

/**
 * GET /public/users/{ownerID}/check-credits[?agentId] → { continue, hasEverPaid } (only these two fields).
 * With the agent's id, `continue` is its payer's (an org with billing on that lists it pays from its own credits,
 * whatever the workspace holds); hasEverPaid stays the workspace's (an org has no payment history of its own).
 */
export const checkCreditsEndpoint = defineEndpoint(conversationsApi.checkCredits, async ({ params, query, ip, limits }) => {
  await limitVisitor(limits, 'poll', ip, query.agentId ?? params.ownerID);
  const db = databaseFor(query.region);
  const { ownerID } = params;
  // payerFor only lets an org of this workspace pay, so an agent id of another workspace answers for this one.
  const orgId = query.agentId ? payingOrg(await payerOf(db, { ID: query.agentId, ownerID })) : undefined;
  const [payer, workspace] = await Promise.all([readCredits(db, ownerID, orgId), orgId ? readCredits(db, ownerID) : null]);
  return { body: { continue: payer.continue, hasEverPaid: (workspace ?? payer).hasEverPaid } };
});
