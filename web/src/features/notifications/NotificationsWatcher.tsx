// Toasts new notifications (fresh, unseen, passing the level filter) as the listeners bring them in.
import { notifications } from '@mantine/notifications';
import { NOTIFICATION_TOAST_MS } from '@parley/core';
import { useEffect, useRef } from 'react';
import { notificationsToToast, truncateNotificationText } from '../../lib/notifications';
import { readLevelFilter } from './notifications-data';
import { useLatestNotifications } from './use-notifications';

export function NotificationsWatcher() {
  const data = useLatestNotifications();
  const toasted = useRef(new Set<string>());
  useEffect(() => {
    if (!data.data) return;
    for (const n of notificationsToToast(data.data.flat(), readLevelFilter(), toasted.current)) {
      toasted.current.add(n.ID);
      notifications.show({ title: truncateNotificationText(n.title), message: truncateNotificationText(n.body), autoClose: NOTIFICATION_TOAST_MS });
    }
  }, [data.data]);
  return null;
}
