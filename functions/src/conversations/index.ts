// Conversations ("Chats" in the dashboard, route `convos`): their one home. The store (conversation-store.ts: the one
// newConversation/createConversation, messages), the engine that answers (engine/: prepareAnswer + runAnswer, for the
// widget, the test debugger and channels), the visitor's endpoints (the widget's public API: the agent it renders,
// credits, analytics, chat, polling, handoff) and the operator's callables (the Chats inbox: reply, take over,
// hand back). The composition passes the engine's dependencies and the channels' operator relay.
import type { Endpoint } from '../http/endpoint';
import { analyticsEndpoint } from './analytics';
import { chatEndpoint } from './chat';
import { checkCreditsEndpoint } from './check-credits';
import { getPublicAgentEndpoint } from './public-agent';
import { usageEndpoint } from './usage';
import { handoffEndpoint, pageEndpoint, pollConversationEndpoint } from './visitor-conversation';
import type { VisitorDeps } from './visitor-deps';

export * from './engine';
export { operatorCallables } from './operator';
export { DeliveryError, type OperatorRelay } from './operator-relay';
export {
  appendMessages, conversationCreation, createConversation, getConversation, newConversation, newConversationId, type NewConversation,
} from './conversation-store';
export type { VisitorDeps } from './visitor-deps';

/** The widget's public API. */
export function visitorEndpoints(deps: VisitorDeps): Endpoint[] {
  return [
    getPublicAgentEndpoint,
    checkCreditsEndpoint,
    usageEndpoint,
    analyticsEndpoint(deps),
    chatEndpoint(deps),
    pollConversationEndpoint(deps),
    handoffEndpoint(deps),
    pageEndpoint(deps),
  ];
}
