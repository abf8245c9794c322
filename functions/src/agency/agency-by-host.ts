// GET /public/agency-by-host?host=: what an agency host paints before its first frame. Public and rate-limited;
// answers are cached by the CDN (s-maxage) and briefly in the instance, so a page load costs no database read
// most of the time. Unknown or unverified hosts: 404, cached only briefly (a domain just verified shows soon).
import { agencyApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../http/endpoint';
import type { RateRule } from '../rate-limits';
import { normalizeHost, resolveAgencyByHost } from './hosts';
import { publicBrandingOf } from './public-branding';

export const AGENCY_BY_HOST_RULE: RateRule = { name: 'agency-by-host-ip', limit: 120, windowMs: 60_000 };
export const BRANDING_CACHE_CONTROL = 'public, max-age=60, s-maxage=300';
export const NOT_CONNECTED_CACHE_CONTROL = 'public, max-age=0, s-maxage=30';
const MEMO_MS = 15_000;

const memo = new Map<string, { at: number; branding: agencyApi.PublicBranding | null }>();

/** Forget memoised answers (a domain cancelled or branding saved shows at once on this instance; tests). */
export function clearBrandingMemo(): void {
  memo.clear();
}

export async function brandingForHost(rawHost: string, now = Date.now()): Promise<agencyApi.PublicBranding | null> {
  const host = normalizeHost(rawHost);
  const hit = memo.get(host);
  if (hit && now - hit.at < MEMO_MS) return hit.branding;
  const resolved = host ? await resolveAgencyByHost(host) : null;
  const branding = resolved ? publicBrandingOf(resolved, host) : null;
  if (memo.size > 5_000) memo.clear();
  memo.set(host, { at: now, branding });
  return branding;
}

export const agencyByHostEndpoint = defineEndpoint(agencyApi.getAgencyByHost, async ({ query, ip, limits }) => {
  await limits.enforce({ rule: AGENCY_BY_HOST_RULE, key: ip });
  const branding = await brandingForHost(query.host);
  if (!branding) throw new HttpError(404, agencyApi.AGENCY_API_MESSAGES.hostNotConnected, { 'cache-control': NOT_CONNECTED_CACHE_CONTROL });
  return { body: branding, headers: { 'cache-control': BRANDING_CACHE_CONTROL, vary: 'Origin' } };
});
