// Events feature: sign-up recording and forwarding; the workspace's signed outgoing events, their deliveries (each
// attempt recorded, retried off the request path by the `eventDelivery` task queue), settings and signing secret.
import type { Endpoint } from '../http/endpoint';
import type { EventsDeps } from './deps';
import { getEventDeliveryCallable } from './get-event-delivery';
import { getEventsSettingsCallable } from './get-events-settings';
import { listEventDeliveriesCallable } from './list-event-deliveries';
import { newUserEndpoint } from './new-user';
import { replayEventDeliveryCallable } from './replay-event-delivery';
import { saveEventsSettingsCallable } from './save-events-settings';
import { sendTestEventCallable } from './send-test-event';

export const endpoints: Endpoint[] = [newUserEndpoint];
export { eventsSigningSecret } from './events-signing-secret';
export { rotateSigningSecret, ensureSigningSecret } from './signing-secret';
export { sendWorkspaceEvent, type RaisesEvents } from './workspace-events';
export { emitAgentEvent, emitWorkspaceEvent, type RaisedEvent } from './emit';
export { emitConversationEvent } from './conversation-events';
export { emitCallEnded, type EndedCall } from './call-ended';
export { conversationsEndedJob, sweepEndedConversations } from './conversations-ended';
export { creditsLowObserver } from './credits-low';
export { platformEvents, type EventsDeps } from './deps';
export { eventDeliveryTask } from './task';
export { verifyWebhook, webhookHeaders } from './signature';

/** The events callables, over the composition's events dependencies. */
export const eventsCallables = (deps: EventsDeps) => ({
  getEventsSettings: getEventsSettingsCallable(deps),
  saveEventsSettings: saveEventsSettingsCallable(deps),
  listEventDeliveries: listEventDeliveriesCallable(deps),
  getEventDelivery: getEventDeliveryCallable(deps),
  replayEventDelivery: replayEventDeliveryCallable(deps),
  sendTestEvent: sendTestEventCallable(deps),
});
