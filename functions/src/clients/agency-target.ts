// The agency a sign-in is for: the verified host the page is on (the agency feature's host registry) and/or an
// agency id; both, when given, must agree. An unknown agency reads like an unknown e-mail.
import type { Region } from '@parley/core';
import { resolveAgencyByHost } from '../agency';
import { emailNotFound } from './resolve-login';

export async function agencyTarget(input: { agencyId?: string | undefined; host?: string | undefined; region?: Region | undefined }): Promise<{ agencyId: string; region: Region | undefined }> {
  if (input.host?.trim()) {
    const resolved = await resolveAgencyByHost(input.host);
    if (!resolved || (input.agencyId && input.agencyId !== resolved.agency.id)) throw emailNotFound();
    return { agencyId: resolved.agency.id, region: resolved.agency.region };
  }
  if (input.agencyId) return { agencyId: input.agencyId, region: input.region };
  throw emailNotFound();
}
