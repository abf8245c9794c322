// The region a client last signed in to: a reload of `/` or any unknown URL on the agency host returns there.
import { isRegion, routes, type Region } from '@parley/core';

const CLIENT_REGION_KEY = 'parley.clientRegion';

export function rememberClientRegion(region: Region): void {
  localStorage.setItem(CLIENT_REGION_KEY, region);
}

/** The remembered region's home (NA when none is remembered). */
export function rememberedClientHome(): string {
  const remembered = localStorage.getItem(CLIENT_REGION_KEY);
  return routes.home(isRegion(remembered) ? remembered : 'na');
}
