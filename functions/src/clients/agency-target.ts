// The agency a sign-in is for: the verified host the page is on (the agency feature's host registry) and/or an
// agency id; both, when given, must agree. An unknown agency reads like an unknown e-mail. A host's agency is
// remembered for 30 s per instance (hosts change rarely; the sign-in budget has no room for two more reads).
import type { Region } from '@parley/core';
import { resolveAgencyByHost } from '../agency';
import { emailNotFound } from './resolve-login';

const HOST_TTL_MS = 30_000;
const hostCache = new Map<string, { at: number; agencyId: string; region: Region }>();

async function agencyOfHost(host: string, now = Date.now()): Promise<{ agencyId: string; region: Region } | null> {
  const key = host.trim().toLowerCase();
  const hit = hostCache.get(key);
  if (hit && now - hit.at < HOST_TTL_MS) return hit;
  if (!/^[a-z0-9.-]{1,253}(:\d{1,5})?$/.test(key)) return null;
  const resolved = await resolveAgencyByHost(host).catch(() => null);
  if (!resolved) {
    hostCache.delete(key);
    return null;
  }
  const value = { at: now, agencyId: resolved.agency.id, region: resolved.agency.region };
  if (hostCache.size > 1000) hostCache.clear();
  hostCache.set(key, value);
  return value;
}

export async function agencyTarget(input: { agencyId?: string | undefined; host?: string | undefined; region?: Region | undefined }): Promise<{ agencyId: string; region: Region | undefined }> {
  if (input.host?.trim()) {
    const resolved = await agencyOfHost(input.host);
    if (!resolved || (input.agencyId && input.agencyId !== resolved.agencyId)) throw emailNotFound();
    return { agencyId: resolved.agencyId, region: resolved.region };
  }
  if (input.agencyId) return { agencyId: input.agencyId, region: input.region };
  throw emailNotFound();
}
