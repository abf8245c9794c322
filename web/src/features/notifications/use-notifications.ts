import { useMemo } from 'react';
import { useFirestore } from 'reactfire';
import { firstError, useLiveCollection, type Live } from '../../lib/live-data';
import type { ShellNotification } from '../../lib/notifications';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { latestNotificationsQuery, toLevel1, toLevel2 } from './notifications-data';

/** The latest notifications, [level 1, level 2], kept up to date by realtime listeners (new ones appear without a reload). */
export function useLatestNotifications(): Live<ShellNotification[][]> {
  const db = useFirestore();
  const { workspace } = useCurrentWorkspace();
  const level1 = useLiveCollection(useMemo(() => latestNotificationsQuery(db, 1, workspace.uid), [db, workspace.uid]), toLevel1);
  const level2 = useLiveCollection(useMemo(() => latestNotificationsQuery(db, 2, workspace.uid), [db, workspace.uid]), toLevel2);
  const data = useMemo(() => (level1.data && level2.data ? [level1.data, level2.data] : undefined), [level1.data, level2.data]);
  const error = firstError(level1, level2);
  // Both listeners answer before the bell shows anything, as one view.
  return { data, error, isLoading: !data && !error, retry: level1.retry };
}
