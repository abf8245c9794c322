/** Only same-site app paths are followed after sign-in (no open redirects). */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/app/') || next.startsWith('//')) return null;
  return next;
}
