// Loads the user's workspaces and picks the current one for the route's region.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from 'firebase/auth';
import { useCallback, useMemo } from 'react';
import type { Region } from '@parley/core';
import {
  fetchOwnRecord,
  isPermissionDenied,
  listWorkspaces,
  pickWorkspace,
  readCurrentWorkspace,
} from '../../lib/workspace-data';

export function useWorkspaceState(user: User | null, region: Region) {
  const queryClient = useQueryClient();
  const uid = user?.uid;
  const own = useQuery({ queryKey: ['own-record', uid], queryFn: () => fetchOwnRecord(uid!), enabled: !!uid, staleTime: 60_000 });
  const list = useQuery({
    queryKey: ['workspaces', uid, user?.email ?? null],
    queryFn: () => listWorkspaces(uid!, user?.email ?? null),
    enabled: !!uid && !!own.data,
    staleTime: 30_000,
    retry: (count, error) => !isPermissionDenied(error) && count < 1,
  });
  const current = useMemo(
    () => (list.data && uid ? pickWorkspace(list.data, region, uid, readCurrentWorkspace()) : null),
    [list.data, region, uid],
  );
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ['workspaces', uid] });
    await queryClient.invalidateQueries({ queryKey: ['own-record', uid] });
  }, [queryClient, uid]);
  // The workspace secret is functions-only (users/{uid}/private): calls authenticate with the ID token.
  return { own, list, current, secret: null, refresh };
}
