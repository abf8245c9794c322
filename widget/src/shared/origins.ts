// Which origins the widget trusts. The chat runs on an origin of its own (the widget Hosting site), apart from
// the dashboard, so nothing rendered for a website visitor can reach a dashboard session. Publishing the widget
// (local/stack/widget-site.ts) stamps the origins into loader.js and chat.html in place of the marker below:
// "<chat origin> <API origin> <API origin> …". A build that was not published keeps the marker: the loader then
// frames the chat beside itself and the chat talks only to its own origin (the widget bench serves it so).

import { webOriginOf } from '@parley/core';

const STAMP = '__PARLEY_WIDGET_ORIGINS__';

export interface WidgetOrigins {
  /** Where chat.html is served (…/widget/chat.html); null before publishing. */
  chat: string | null;
  /** The API origins a chat may be pointed at with `api=` or `stream=` (the first is the default). */
  api: string[];
}

/** The http(s) origin of `value` (no path, no credentials), else null: core's rule, shared with the API. */
export const originOf = webOriginOf;

export function widgetOrigins(stamp: string = STAMP): WidgetOrigins {
  const [chat, ...api] = stamp.split(' ');
  if (!chat || originOf(chat) !== chat) return { chat: null, api: [] };
  return { chat, api: api.filter((o) => originOf(o) === o) };
}

/**
 * The base URL a chat sends its requests to: `requested` (the loader's `api=` or `stream=`) only when its
 * origin is allowed, else `fallback`. Any site can frame chat.html with its own fragment, so an unchecked `api=`
 * would send a visitor's messages wherever the framing site likes.
 */
export function trustedBase(requested: string | null, allowed: readonly string[], fallback: string): string {
  const origin = originOf(requested);
  return requested && origin && allowed.includes(origin) ? requested.replace(/\/$/, '') : fallback;
}
