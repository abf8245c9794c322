import { useCurrentWorkspace } from '../../lib/workspace-context';
import { useLiveQuery } from '../../lib/live-query';
import { liveLatestNotifications, notificationKeys } from './notifications-data';

/** The latest notifications, kept up to date by realtime listeners (new ones appear without a reload). */
export function useLatestNotifications() {
  const { region, workspace } = useCurrentWorkspace();
  return useLiveQuery(notificationKeys.latest(region, workspace.uid), liveLatestNotifications(region, workspace.uid));
}
