// One billing action in a dialog (cancel, reactivate, top up): busy while it runs, the server's sentence (or the
// fallback) shown in the dialog and as a toast when it fails, the success toast when it is done.
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';

export function useBillingAction(texts: { success: string; failure: string }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  /** Runs `work`; true when it succeeded. */
  async function run(work: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      notifications.show({ message: texts.success, color: 'green', autoClose: TOAST_MS.notification });
      return true;
    } catch (error) {
      const text = errorMessage(error, texts.failure);
      setFailure(text);
      notifications.show({ message: text, color: 'red', autoClose: TOAST_MS.notification });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, failure, setFailure, run };
}
