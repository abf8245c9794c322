// The button that starts the 14-day white-label trial (activateWhitelabelTrial).
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS, type Region } from '@parley/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { activateWhitelabelTrial } from './agency-api';
import { trialDate } from './WhitelabelTrialBanner';
import { agencyAccessKey } from './use-agency-settings';

export function TrialButton({ region, label }: { region: Region; label: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    try {
      const { whitelabelTrialEndsAt } = await activateWhitelabelTrial(region);
      notifications.show({ color: 'green', message: `White-label trial active until ${trialDate(whitelabelTrialEndsAt)}`, autoClose: TOAST_MS.long });
      await queryClient.invalidateQueries({ queryKey: agencyAccessKey(region) });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error), autoClose: TOAST_MS.long });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="xs" variant="light" loading={busy} onClick={() => void start()}>
      {label}
    </Button>
  );
}

