// Product analytics for the Channels screens. Events go to the page's data layer (the tag manager's queue, which
// the deployed site's tag forwards to its analytics); nothing is sent when no tag is installed.
import { ANALYTICS_EVENTS } from '@parley/core';

export type ChannelsEvent = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function trackChannelsEvent(event: ChannelsEvent, properties: Record<string, string> = {}): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...properties });
}
