// The signed-in user's own record (users/{uid}, their personal workspace) in either region, live through reactfire:
// the record onboarding creates shows up without a new lookup.
import { doc } from 'firebase/firestore';
import { useEffect, useMemo } from 'react';
import type { Region } from '@parley/core';
import { liveDb } from '../../lib/live-firebase';
import { useLiveDoc, type Live, type LiveRow } from '../../lib/live-data';
import { homeRegionHint, isPermissionDenied, rememberHomeRegion, toRecord, type WorkspaceRecord } from '../../lib/workspace-data';

const inNa = (row: LiveRow | undefined) => (row ? toRecord(row.ID, row, 'na') : null);
const inEu = (row: LiveRow | undefined) => (row ? toRecord(row.ID, row, 'eu') : null);

/**
 * The rules grant reads from the record's own fields, so a record that does not exist answers permission-denied: for
 * the user's own uid that means "none here".
 */
function inRegion(live: Live<WorkspaceRecord | null>): WorkspaceRecord | null | undefined {
  return live.error && isPermissionDenied(live.error) ? null : live.data;
}

/**
 * The record (the remembered home region's first when it is in both); null when the user has none (not onboarded);
 * undefined while either region has not answered. Both regions are read at once, so the reactfire context's one
 * database does not fit: the refs name their region's database.
 */
export function useLiveOwnRecord(uid: string | undefined): { data: WorkspaceRecord | null | undefined; error: Error | null; retry(): void } {
  const na = useLiveDoc(useMemo(() => (uid ? doc(liveDb('na'), 'users', uid) : null), [uid]), inNa);
  const eu = useLiveDoc(useMemo(() => (uid ? doc(liveDb('eu'), 'users', uid) : null), [uid]), inEu);
  const found: Record<Region, WorkspaceRecord | null | undefined> = { na: inRegion(na), eu: inRegion(eu) };
  const order: Region[] = homeRegionHint() === 'eu' ? ['eu', 'na'] : ['na', 'eu'];
  const [first, second] = [found[order[0]!], found[order[1]!]];
  const data = first ? first : first === undefined || second === undefined ? undefined : second;
  const failed = [na.error, eu.error].find((error) => error && !isPermissionDenied(error)) ?? null;
  useEffect(() => {
    if (data) rememberHomeRegion(data.region);
  }, [data]);
  return { data, error: failed, retry: na.retry };
}
