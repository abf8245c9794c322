// Whom a widget's "Powered by" names: the agency its agent's workspace owner runs, when that agency is initialised and
// named. Only the name and an http(s) main website leave this module; nothing else of the agency document.
import { paths, type conversationsApi, type Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { agenciesOfUser, type AgencyData } from './agency-reads';

const websiteOf = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

export function poweredByOf(data: AgencyData): conversationsApi.PoweredBy | undefined {
  const name = typeof data.name === 'string' ? data.name.trim() : '';
  if (!name || data.deleted === true) return undefined;
  const url = websiteOf(data.mainWebsite);
  return url ? { name, url } : { name };
}

const firstNamed = (agencies: Awaited<ReturnType<typeof agenciesOfUser>>): conversationsApi.PoweredBy | undefined => {
  for (const agency of agencies) {
    const poweredBy = poweredByOf(agency.data);
    if (poweredBy) return poweredBy;
  }
  return undefined;
};

/**
 * The agency of the agent's workspace owner as a widget names it, or undefined when they run none. An agent's
 * ownerID is its workspace: a personal workspace is its owner's uid, a team workspace names its creator
 * (ownerId), whose agency it is. The workspace and the direct query are read together.
 */
export async function agencyPoweredBy(region: Region, workspaceId: string): Promise<conversationsApi.PoweredBy | undefined> {
  if (!workspaceId) return undefined;
  const [direct, workspace] = await Promise.all([
    agenciesOfUser(region, workspaceId),
    databaseFor(region).doc(paths.user(workspaceId)).get().catch(() => null),
  ]);
  const named = firstNamed(direct);
  if (named) return named;
  const creator = workspace?.get('ownerId');
  return typeof creator === 'string' && creator && creator !== workspaceId ? firstNamed(await agenciesOfUser(region, creator)) : undefined;
}
