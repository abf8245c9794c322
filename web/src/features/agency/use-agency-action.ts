// The agency tabs' buttons that call the server (verify, cancel, delete): one at a time, named by `busy` while it
// runs, a failure toasted in words. The page's agency is live, so nothing needs re-reading afterwards.
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';

export const toast = (message: string, color: 'green' | 'red' | 'yellow') =>
  notifications.show({ message, color, autoClose: color === 'red' ? TOAST_MS.long : TOAST_MS.medium });

export function useAgencyAction<A extends string>(failed: string) {
  const [busy, setBusy] = useState<A | null>(null);
  async function run(action: A, work: () => Promise<void>): Promise<void> {
    setBusy(action);
    try {
      await work();
    } catch (err) {
      toast(errorMessage(err, failed), 'red');
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
