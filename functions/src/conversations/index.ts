// Conversations ("Chats" in the dashboard, route `convos`), both halves: the visitor's (the widget's public API:
// the agent it renders, credits, analytics, chat, polling, handoff) and the operator's (the Chats inbox's
// callables: reply, take over, hand back). store.ts reads and writes the conversations themselves.
import type { Endpoint } from '../http/endpoint';
import { analyticsEndpoint } from './analytics';
import { chatEndpoint } from './chat';
import { checkCreditsEndpoint } from './check-credits';
import { getPublicAgentEndpoint } from './public-agent';
import { usageEndpoint } from './usage';
import { handoffEndpoint, pageEndpoint, pollConversationEndpoint } from './visitor-conversation';

export { setChatDeps } from './chat';
export { sendOperatorMessageCallable as sendOperatorMessage, setConversationControlCallable as setConversationControl } from './operator';

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
