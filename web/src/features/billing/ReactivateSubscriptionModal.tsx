// Reactivate: a subscription set to cancel at the period's end continues and renews as before.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { billingApi, TOAST_MS } from '@parley/core';

import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { reactivateSubscription, type BillingTarget } from './billing-api';

const M = billingApi.BILLING_API_MESSAGES;

export function ReactivateSubscriptionModal(props: { opened: boolean; onClose(): void; target: BillingTarget; onReactivated(): Promise<unknown> | void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await reactivateSubscription(props.target);
      notifications.show({ message: M.reactivated, color: 'green', autoClose: TOAST_MS.notification });
      await props.onReactivated();
      props.onClose();
    } catch (error) {
      const text = errorMessage(error, M.reactivateError);
      setFailure(text);
      notifications.show({ message: text, color: 'red', autoClose: TOAST_MS.notification });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Reactivate Subscription">
      <Stack>
        <Text size="sm">Your subscription will no longer end and renews at the end of the current billing period.</Text>
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            Not now
          </Button>
          <Button onClick={() => void confirm()} loading={busy}>
            Reactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
