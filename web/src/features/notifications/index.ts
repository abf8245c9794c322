// Public surface of the notifications feature.
export { NotificationsBell } from './NotificationsBell';
export { NotificationsWatcher } from './NotificationsWatcher';
