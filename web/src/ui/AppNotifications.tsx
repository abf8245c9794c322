// The toasts' one configuration, for the workspace app and the agency host alike.
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '@parley/core';

/** At most this many toasts show at once; later ones wait their turn and show as earlier ones close. */
export const TOAST_LIMIT = 3;

/**
 * Toasts at the top centre: drawers open on the right (their close button at the top right, their primary button
 * below the form), the navigation sits on the left, and the top bars keep their controls at both ends, so the
 * centre of the top covers the fewest controls. A hovered toast stays open without holding back the others.
 */
export function AppNotifications() {
  return <Notifications position="top-center" limit={TOAST_LIMIT} autoClose={TOAST_MS.long} pauseResetOnHover="notification" />;
}
