// Enable Billing for one organisation (root admin): its clients then see the billing dashboard and pay on the
// agency's connected Stripe account. Only with a connected account: the server refuses otherwise and the
// message shows here. It saves at once (not with the drawer's Save), like a payment setting should.
import { Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS, type Region } from '@parley/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useOptionalWorkspace } from '../../lib/workspace-context';
import { CLIENT_MESSAGES, clientsKeys, updateOrg } from './clients-data';

interface Props {
  region: Region;
  orgId: string;
  allowBilling: boolean;
}

export function OrgBillingSwitch({ region, orgId, allowBilling }: Props) {
  const queryClient = useQueryClient();
  const connect = useOptionalWorkspace()?.workspace.stripeConnect;
  // The workspace record may be a little behind a fresh connection: it only hints; the server decides.
  const looksConnected = !!connect?.accountId && connect.isConnected === true && connect.payouts_enabled === true;
  const [checked, setChecked] = useState(allowBilling);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setChecked(allowBilling), [allowBilling]);

  async function change(next: boolean) {
    setChecked(next);
    setError(null);
    setSaving(true);
    try {
      await updateOrg({ region, orgId, patch: { allowBilling: next } });
      notifications.show({ color: 'green', message: CLIENT_MESSAGES.orgUpdated, autoClose: TOAST_MS.medium });
      void queryClient.invalidateQueries({ queryKey: clientsKeys.all(region) });
    } catch (e) {
      setChecked(!next);
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap={4}>
      <Switch
        label="Enable Billing"
        description={looksConnected ? "The org's clients buy credits and plans on your Stripe account." : CLIENT_MESSAGES.billingNeedsConnect}
        checked={checked}
        disabled={saving}
        onChange={(e) => void change(e.currentTarget.checked)}
      />
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
