// The settings wrapper's rules: what counts as a change (local data against the server's, ignoring the stamps
// the server writes), what a save sends (only the fields the owner may edit), and how a new server copy meets the
// owner's unsaved edits.
import { agencyApi } from '@parley/core';
import type { AgencyRecord, AgencySettingsPatch } from './agency-api';

/** Never a change: written by the server (or by other pages) on every save. */
export const IGNORED_KEYS = ['lastModified', 'createdAt', 'vapi'] as const;

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, stable(v)]),
    );
  }
  return value;
}

/** Local data differs from the server's, ignoring IGNORED_KEYS and `exclude` (per-page excluded fields). */
export function settingsChanged(local: object | null | undefined, server: object | null | undefined, exclude: readonly string[] = []): boolean {
  if (!local || !server) return false;
  const skip = new Set<string>([...IGNORED_KEYS, ...exclude]);
  const strip = (o: object) => Object.fromEntries(Object.entries(o).filter(([k]) => !skip.has(k)));
  return JSON.stringify(stable(strip(local))) !== JSON.stringify(stable(strip(server)));
}

const EDITABLE = Object.keys(agencyApi.agencySettingsPatchSchema.shape) as (keyof AgencySettingsPatch)[];

/** The owner-editable fields of the local data (what saveAgencySettings takes). */
export function settingsPatch(agency: Partial<AgencyRecord>): AgencySettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    const value = (agency as Record<string, unknown>)[key];
    if (value !== undefined) patch[key] = value;
  }
  return patch as AgencySettingsPatch;
}

const same = (a: unknown, b: unknown) => JSON.stringify(stable(a)) === JSON.stringify(stable(b));

/**
 * The draft once a new server copy arrives (a save here or in another tab, a domain the server verified): the new
 * copy, with the owner's unsaved edits on top. An edit is an editable field the draft holds differently from the
 * copy it was started from, so a field saved elsewhere shows its new value unless the owner is changing it here.
 */
export function mergeServerCopy<T extends Partial<AgencyRecord>>(draft: T | null, previous: T | null, server: T): T {
  if (!draft || !previous || draft.ID !== server.ID) return server;
  const before = settingsPatch(previous) as Record<string, unknown>;
  const edits = Object.entries(settingsPatch(draft)).filter(([key, value]) => !same(value, before[key]));
  return { ...server, ...Object.fromEntries(edits) };
}
