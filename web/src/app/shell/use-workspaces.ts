// The user's workspaces and the current one for the route's region. One read (both regions) answers both:
// the user's own record is the listed workspace with their uid (none before onboarding).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from 'firebase/auth';
import { useCallback, useMemo } from 'react';
import type { Region } from '@parley/core';
import { pickWorkspace, readCurrentWorkspace, workspacesQuery, type WorkspaceRecord } from '../../lib/workspace-data';

export function useWorkspaceState(user: User | null, region: Region) {
  const queryClient = useQueryClient();
  const uid = user?.uid;
  const list = useQuery({ ...workspacesQuery({ uid: uid ?? '', email: user?.email ?? null, emailVerified: !!user?.emailVerified }), enabled: !!uid });
  /** The user's own record (their personal workspace); null when not onboarded, undefined while loading. */
  const own: WorkspaceRecord | null | undefined = list.data ? (list.data.find((w) => w.uid === uid) ?? null) : undefined;
  const current = useMemo(
    () => (list.data && uid ? pickWorkspace(list.data, region, uid, readCurrentWorkspace()) : null),
    [list.data, region, uid],
  );
  // (The own record's listener at /app follows its document by itself.)
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ['workspaces', uid] });
  }, [queryClient, uid]);
  // The workspace secret is functions-only (users/{uid}/private): calls authenticate with the ID token.
  return { own, list, current, secret: null, refresh };
}
