import type { Endpoint } from '../http/endpoint';
import { analyticsEndpoint } from './analytics';
import { chatEndpoint } from './chat';
import { checkCreditsEndpoint } from './check-credits';
import { handoffEndpoint, pageEndpoint, pollConversationEndpoint } from './conversation';
import { getPublicAgentEndpoint } from './get-agent';
import { usageEndpoint } from './usage';

export { setChatDeps } from './chat';

/** The widget's public API. */
export const endpoints: Endpoint[] = [
  getPublicAgentEndpoint,
  checkCreditsEndpoint,
  usageEndpoint,
  analyticsEndpoint,
  chatEndpoint,
  pollConversationEndpoint,
  handoffEndpoint,
  pageEndpoint,
];
