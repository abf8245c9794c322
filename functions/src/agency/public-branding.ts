// The public branding of an agency host, built from the contract's allowlist: nothing else of the agency
// document (id, owner, secret, e-mail addresses, DNS records, custom tabs, billing) can reach a response. The custom
// theme's JSON is published as its colours only (an owner id stored inside it stays private).
import { agencyApi, DEFAULT_GOOGLE_FONT, publicCustomThemeJSON, THEME_COLOR_USAGES, THEME_VARIANTS } from '@parley/core';
import type { ResolvedHost } from './hosts';
import { normalizeHost } from './hosts';

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T => (list.includes(value as T) ? (value as T) : fallback);

export function publicBrandingOf(resolved: ResolvedHost, host: string): agencyApi.PublicBranding {
  const data = resolved.agency.data;
  const settings = (data.settings ?? {}) as Record<string, unknown>;
  const branding: Record<string, unknown> = {};
  for (const field of agencyApi.PUBLIC_BRANDING_FIELDS) {
    const value = field === 'customThemeJSONString' ? publicCustomThemeJSON(data[field]) : str(data[field]);
    if (value !== undefined) branding[field] = value;
  }
  return agencyApi.publicBrandingSchema.parse({
    ...branding,
    name: str(data.name) ?? '',
    brandingText: str(data.brandingText) ?? '',
    googleFont: str(data.googleFont) ?? DEFAULT_GOOGLE_FONT,
    themeColorUsage: oneOf(THEME_COLOR_USAGES, data.themeColorUsage, 'plain'),
    themeVariant: oneOf(THEME_VARIANTS, data.themeVariant, 'default'),
    disablePasswordLogin: settings.disablePasswordLogin === true,
    showPoweredBy: settings.showPoweredBy === true,
    region: resolved.agency.region,
    host: normalizeHost(host),
    hostType: resolved.hostType,
  });
}
