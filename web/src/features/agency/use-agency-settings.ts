// The agency page's data: the owner's agency (server copy, live: a change saved in another tab, or a domain the
// server verifies, shows without a reload), the local draft every tab edits, and Save. "Unsaved changes" compares the
// owner-editable fields of both (settings-state); server-side changes (domains, e-mail domain, secret) flow into the
// draft without counting as edits. Writes stay on the callables.
import { useQuery } from '@tanstack/react-query';
import { agencyApi, COLLECTIONS, redactAgency, type Region } from '@parley/core';
import { collection, query, where, type Firestore } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFirestore } from 'reactfire';
import { useLiveCollection, type LiveRow } from '../../lib/live-data';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { getAgencyAccess, saveAgencySettings, type AgencyRecord } from './agency-api';
import { mergeServerCopy, settingsChanged, settingsPatch } from './settings-state';

export const agencyAccessKey = (region: Region) => ['agency-access', region] as const;

export function useAgencyAccess(region: Region) {
  return useQuery({ queryKey: agencyAccessKey(region), queryFn: () => getAgencyAccess(region), staleTime: 60_000 });
}

/** The rules let an owner list agencies only with `userId ==` its uid. */
export const ownAgenciesQuery = (db: Firestore, uid: string) => query(collection(db, COLLECTIONS.agencies), where('userId', '==', uid));

const editedAt = (row: LiveRow): number => (typeof row.lastModified === 'number' ? row.lastModified : 0);

/**
 * The owner's agency as getAgency answers it: the most recently edited one that is not deleted, without its secret,
 * with its region; null when there is none (or it does not fit the contract).
 */
export function toOwnAgency(rows: LiveRow[], region: Region): AgencyRecord | null {
  const found = [...rows].sort((a, b) => editedAt(b) - editedAt(a)).find((row) => row.deleted !== true);
  const parsed = found ? agencyApi.agencyRecordSchema.safeParse({ ...redactAgency(found), userId: String(found.userId ?? ''), region }) : null;
  return parsed?.success ? parsed.data : null;
}

/** A copy a call answered wins over the listener's until the listener has one at least as recent (lastModified). */
const newer = (answered: AgencyRecord | null, live: AgencyRecord | null): AgencyRecord | null =>
  answered && (!live || (answered.lastModified ?? 0) > (live.lastModified ?? 0)) ? answered : live;

export function useAgencySettings(region: Region) {
  const db = useFirestore();
  const { user } = useCurrentWorkspace();
  const toAgency = useCallback((rows: LiveRow[]) => toOwnAgency(rows, region), [region]);
  const live = useLiveCollection(useMemo(() => ownAgenciesQuery(db, user.uid), [db, user.uid]), toAgency);
  const [answered, setServer] = useState<AgencyRecord | null>(null);
  const server = live.data === undefined ? null : newer(answered, live.data);
  const [draft, setDraft] = useState<AgencyRecord | null>(null);
  const [saving, setSaving] = useState(false);

  // A new server copy keeps the owner's unsaved edits and takes everything else (settings-state).
  const previous = useRef<AgencyRecord | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = server;
    setDraft((local) => (server ? mergeServerCopy(local, before, server) : null));
  }, [server]);

  const update = useCallback((patch: Partial<AgencyRecord>) => setDraft((d) => (d ? { ...d, ...patch } : d)), []);

  const changed = settingsChanged(draft && settingsPatch(draft), server && settingsPatch(server));

  async function save(): Promise<void> {
    if (!draft) return;
    setSaving(true);
    try {
      const { agency } = await saveAgencySettings({ region, agencyId: draft.ID, settings: settingsPatch(draft) });
      // The saved copy is what the server holds now: it becomes both sides (the listener's copy follows).
      setDraft(agency);
      setServer(agency);
    } finally {
      setSaving(false);
    }
  }

  return { server, draft, update, setServer, changed, saving, save, loading: live.isLoading, error: live.error, retry: live.retry };
}
export type AgencySettings = ReturnType<typeof useAgencySettings>;
