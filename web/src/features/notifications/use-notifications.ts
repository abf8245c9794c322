import { useQuery } from '@tanstack/react-query';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { fetchLatestNotifications, POLL_MS } from './notifications-data';

/** Polls the latest notifications so new ones appear without a reload. */
export function useLatestNotifications() {
  const { region, workspace } = useCurrentWorkspace();
  return useQuery({
    queryKey: ['notifications', region, workspace.uid],
    queryFn: () => fetchLatestNotifications(region, workspace.uid),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}
