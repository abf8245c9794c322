// The Current Plan card's credit bar: red above 80 % used, yellow above 50 %.
export function creditUsage(used: number, total: number): { percent: number; color: 'red' | 'yellow' | 'green' } {
  const percent = total > 0 ? Math.min(100, (used / total) * 100) : 0;
  return { percent, color: percent > 80 ? 'red' : percent > 50 ? 'yellow' : 'green' };
}

/** A unix-seconds date as the billing screens show it (e.g. "Dec 24, 2026"). */
export function billingDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
