import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@parley/core';

/** The channel screens' toasts: green for success, red for failure (the texts the calls answer, shown as they are). */
export function toast(message: string, ok: boolean, autoClose: number = TOAST_MS.medium): void {
  notifications.show({ color: ok ? 'green' : 'red', message, autoClose });
}
