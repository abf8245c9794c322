// The origin of a web address, as the API (which website embeds the widget) and the widget (which API a chat may
// talk to) both judge it: only http(s) addresses have one.

/** The http(s) origin of `value` (scheme://host[:port]), or null when it is not an http(s) URL. */
export function webOriginOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}
