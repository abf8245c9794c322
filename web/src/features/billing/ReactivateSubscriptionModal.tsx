// Reactivate: a subscription set to cancel at the period's end continues and renews as before.
import { Modal, Stack, Text } from '@mantine/core';
import { billingApi } from '@parley/core';

import { reactivateSubscription, type BillingTarget } from './billing-api';
import { useBillingAction } from './use-billing-action';
import { DialogActions } from '../../ui/DialogActions';

const M = billingApi.BILLING_API_MESSAGES;

export function ReactivateSubscriptionModal(props: { opened: boolean; onClose(): void; target: BillingTarget; onReactivated(): Promise<unknown> | void }) {
  const { busy, failure, run } = useBillingAction({ success: M.reactivated, failure: M.reactivateError });

  async function confirm() {
    const done = await run(async () => {
      await reactivateSubscription(props.target);
      await props.onReactivated();
    });
    if (done) props.onClose();
  }


  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Reactivate Subscription">
      <Stack>
        <Text size="sm">Your subscription will no longer end and renews at the end of the current billing period.</Text>
        <DialogActions failure={failure} busy={busy} cancelLabel="Not now" onCancel={props.onClose} confirmLabel="Reactivate" onConfirm={() => void confirm()} />
      </Stack>
    </Modal>
  );
}
