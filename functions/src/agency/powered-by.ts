// Whom a widget's "Powered by" names: the agency its agent's owner runs, when that agency is initialised and
// named. Only the name and an http(s) main website leave this module; nothing else of the agency document.
import type { conversationsApi, Region } from '@parley/core';
import { agenciesOfUser, type AgencyData } from './store';

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

/** The owner's agency as a widget names it (one query), or undefined when the owner runs none. */
export async function agencyPoweredBy(region: Region, ownerId: string): Promise<conversationsApi.PoweredBy | undefined> {
  if (!ownerId) return undefined;
  for (const agency of await agenciesOfUser(region, ownerId)) {
    const poweredBy = poweredByOf(agency.data);
    if (poweredBy) return poweredBy;
  }
  return undefined;
}
