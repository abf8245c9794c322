// The agency page's data: the owner's agency (server copy), the local draft every tab edits, and Save.
// "Unsaved changes" compares the owner-editable fields of both (settings-state); server-side changes (domains,
// e-mail domain, secret) refresh the server copy and flow into the draft without counting as edits.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Region } from '@parley/core';
import { useCallback, useEffect, useState } from 'react';
import { getAgency, getAgencyAccess, saveAgencySettings, type AgencyRecord } from './agency-api';
import { settingsChanged, settingsPatch } from './settings-state';

export const agencyQueryKey = (region: Region) => ['agency', region] as const;
export const agencyAccessKey = (region: Region) => ['agency-access', region] as const;

export function useAgencyAccess(region: Region) {
  return useQuery({ queryKey: agencyAccessKey(region), queryFn: () => getAgencyAccess(region), staleTime: 60_000 });
}

export function useAgencySettings(region: Region) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: agencyQueryKey(region), queryFn: async () => (await getAgency(region)).agency, staleTime: 30_000 });
  const server = query.data ?? null;
  const [draft, setDraft] = useState<AgencyRecord | null>(null);
  const [saving, setSaving] = useState(false);

  // A new server copy keeps the owner's unsaved edits of editable fields and takes everything else.
  useEffect(() => {
    if (!server) return setDraft(null);
    setDraft((local) => (local && local.ID === server.ID ? ({ ...server, ...settingsPatch(local) } as AgencyRecord) : server));
  }, [server]);

  const update = useCallback((patch: Partial<AgencyRecord>) => setDraft((d) => (d ? { ...d, ...patch } : d)), []);

  /** Replaces the server copy (after a call that changed the agency) without touching unsaved edits. */
  const setServer = useCallback((agency: AgencyRecord) => queryClient.setQueryData(agencyQueryKey(region), agency), [queryClient, region]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: agencyQueryKey(region) }), [queryClient, region]);

  const changed = !query.isFetching && settingsChanged(draft && settingsPatch(draft), server && settingsPatch(server));

  async function save(): Promise<void> {
    if (!draft) return;
    setSaving(true);
    try {
      const { agency } = await saveAgencySettings({ region, agencyId: draft.ID, settings: settingsPatch(draft) });
      // The saved copy is what the server holds now: it becomes both sides.
      setDraft(agency);
      setServer(agency);
    } finally {
      setSaving(false);
    }
  }

  return { query, server, draft, update, setServer, refresh, changed, saving, save, loading: query.isPending };
}
export type AgencySettings = ReturnType<typeof useAgencySettings>;
