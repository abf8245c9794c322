// The workspace's events settings, on its users/{uid} document: eventsEndpoint and subscribedEvents (as the
// product always kept them), eventsEnabled (absent: on) and, when we turned the endpoint off after repeated
// failures, eventsDisabledReason; eventsFailedInARow counts deliveries whose every attempt failed.
import type { eventsApi } from '@parley/core';
import type { DocumentData } from 'firebase-admin/firestore';

export const SETTINGS_FIELDS = {
  endpoint: 'eventsEndpoint', subscribed: 'subscribedEvents', enabled: 'eventsEnabled', disabledReason: 'eventsDisabledReason', failedInARow: 'eventsFailedInARow',
} as const;

export function settingsOf(workspace: DocumentData | undefined): eventsApi.EventsSettings {
  const data = workspace ?? {};
  const endpoint = data[SETTINGS_FIELDS.endpoint];
  const subscribed = data[SETTINGS_FIELDS.subscribed];
  const reason = data[SETTINGS_FIELDS.disabledReason];
  return {
    endpoint: typeof endpoint === 'string' ? endpoint : '',
    enabled: data[SETTINGS_FIELDS.enabled] !== false,
    subscribedEvents: Array.isArray(subscribed) ? subscribed.filter((t): t is string => typeof t === 'string') : [],
    disabledReason: typeof reason === 'string' && reason ? reason : null,
  };
}

/** Whether an event of `type` goes out: an endpoint is set and on, and the type is subscribed. */
export const wantsEvent = (settings: eventsApi.EventsSettings, type: string): boolean =>
  !!settings.endpoint && settings.enabled && settings.subscribedEvents.includes(type);
