// Buttons that call the server (verify a domain, cancel a plan, buy credits): one action at a time, named by `busy`
// while it runs, its failure toasted in words (the server's sentence, else `failed`).
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from './api';

export const toast = (message: string, color: 'green' | 'red' | 'yellow') =>
  notifications.show({ message, color, autoClose: color === 'red' ? TOAST_MS.long : TOAST_MS.medium });

export function useBusyAction<A extends string>() {
  const [busy, setBusy] = useState<A | null>(null);
  /** Runs `work` as `action`; true when it succeeded. */
  async function run(action: A, work: () => Promise<void>, failed: string): Promise<boolean> {
    setBusy(action);
    try {
      await work();
      return true;
    } catch (err) {
      toast(errorMessage(err, failed), 'red');
      return false;
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
