// The Graph API (/vXX.X/{path}): each resource's handler in turn, in the order Meta's paths overlap (a page id, a
// simulated user's id, a WABA or a number are all /{id}); what none answers is Meta's "Unsupported request".
import { appSubscriptionRoutes } from './app-subscriptions';
import { PASS, type GraphCall, type GraphHandler } from './graph-call';
import { sendApiRoutes } from './messenger';
import { pageRoutes, profileRoutes, userRoutes } from './pages';
import { GraphFailure } from './state';
import { tokenRoutes } from './tokens';
import { phoneNumberRoutes, wabaRoutes } from './whatsapp';

const HANDLERS: GraphHandler[] = [tokenRoutes, userRoutes, sendApiRoutes, profileRoutes, appSubscriptionRoutes, pageRoutes, wabaRoutes, phoneNumberRoutes];

export async function graph(call: GraphCall): Promise<unknown> {
  for (const handler of HANDLERS) {
    const answer = await handler(call);
    if (answer !== PASS) return answer;
  }
  throw new GraphFailure(400, `Unsupported ${call.method} request. Object with ID '${call.first ?? ''}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 100, 'GraphMethodException', 33);
}
