// Agency-host mode. When the SPA is served on a host other than the platform's (an agency's verified subdomain
// or custom domain; locally any *.localhost), the boot script in index.html has already asked the public
// branding endpoint for this host — the one request branding adds before the first paint — and stored the
// answer's promise on window.__PARLEY_AGENCY__. The app reads it from here.
import { agencyApi } from '@parley/core';
import { createContext, useContext } from 'react';

export type PublicBranding = agencyApi.PublicBranding;

/** What the boot script leaves: the host it looked up and the branding (null: not connected; rejects on failure). */
export interface AgencyHostBoot {
  host: string;
  branding: Promise<unknown>;
}

declare global {
  interface Window {
    __PARLEY_AGENCY__?: AgencyHostBoot;
  }
}

/**
 * The key an agency host is looked up by: lower-case, no trailing dot, no port (`Acme.Localhost:5000` →
 * `acme.localhost`). The boot script in index.html computes the same from location.hostname; the client login
 * sends this, so both lookups hit the same registry entry (the backend strips a port as well).
 */
export function agencyHostKey(host: string): string {
  const h = host.trim().toLowerCase();
  const bare = h.startsWith('[') ? h.replace(/^(\[[^\]]*\])(:\d+)?$/, '$1') : h.replace(/:\d+$/, '');
  return bare.replace(/\.+$/, '');
}

/** Hosts that are always the platform's: loopback, and the Firebase Hosting domains of the project. */
export function isPlatformHost(hostname: string, extra: readonly string[] = []): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (['localhost', '127.0.0.1', '[::1]', '::1'].includes(host)) return true;
  if (host.endsWith('.web.app') || host.endsWith('.firebaseapp.com')) return true;
  return extra.map((h) => h.trim().toLowerCase()).includes(host);
}

/** The boot script's lookup on an agency host, or null on the platform's host. */
export function agencyHostBoot(): AgencyHostBoot | null {
  return (typeof window !== 'undefined' && window.__PARLEY_AGENCY__) || null;
}

export type AgencyHostState = { status: 'connected'; branding: PublicBranding } | { status: 'not-connected' } | { status: 'unavailable' };

/** The boot lookup's outcome: the branding (checked against the contract), not connected, or unavailable. */
export async function resolveAgencyHost(boot: AgencyHostBoot, timeoutMs = 10_000): Promise<AgencyHostState> {
  try {
    const answer = await Promise.race([boot.branding, new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs))]);
    if (answer === null) return { status: 'not-connected' };
    const parsed = agencyApi.publicBrandingSchema.safeParse(answer);
    return parsed.success ? { status: 'connected', branding: parsed.data } : { status: 'unavailable' };
  } catch {
    return { status: 'unavailable' };
  }
}

const BrandingContext = createContext<PublicBranding | null>(null);
export const AgencyBrandingProvider = BrandingContext.Provider;

/** The agency's public branding on an agency host; null on the platform's host. */
export function useAgencyBranding(): PublicBranding | null {
  return useContext(BrandingContext);
}
