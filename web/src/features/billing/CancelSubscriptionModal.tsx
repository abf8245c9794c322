// Cancel subscription: one of the five reasons is required, and Other needs its text ("Please specify"); Confirm
// stays disabled until then. The subscription cancels at the period's end and can be reactivated until then.
import { Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { billingApi, CANCEL_REASONS, validateCancelReason, type CancelReason } from '@parley/core';

import { useState } from 'react';
import { cancelSubscription, type BillingTarget } from './billing-api';
import { useBillingAction } from './use-billing-action';
import { DialogActions } from '../../ui/DialogActions';

const M = billingApi.BILLING_API_MESSAGES;

export interface CancelSubscriptionModalProps {
  opened: boolean;
  onClose(): void;
  target: BillingTarget;
  /** The period's end as the page shows it, when known. */
  periodEnd: string | null;
  onCancelled(): Promise<unknown> | void;
}

export function CancelSubscriptionModal(props: CancelSubscriptionModalProps) {
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [other, setOther] = useState('');
  const { busy, failure, setFailure, run } = useBillingAction({ success: M.cancelled, failure: M.cancelError });
  const invalid = validateCancelReason(reason, other);

  function close() {
    setReason(null);
    setOther('');
    setFailure(null);
    props.onClose();
  }

  async function confirm() {
    if (invalid || !reason) return;
    const done = await run(async () => {
      await cancelSubscription(props.target, reason, reason === 'Other' ? other.trim() : '');
      await props.onCancelled();
    });
    if (done) close();
  }


  return (
    <Modal opened={props.opened} onClose={close} title="Cancel Subscription">
      <Stack>
        <Text size="sm">
          Your subscription stays active until {props.periodEnd ?? 'the end of the billing period'}, then the workspace moves to
          the Free plan. You can reactivate it until then.
        </Text>
        <Radio.Group
          label="Why are you cancelling?"
          withAsterisk
          value={reason ?? ''}
          onChange={(v) => setReason((CANCEL_REASONS as readonly string[]).includes(v) ? (v as CancelReason) : null)}
        >
          <Stack gap={6} mt={6}>
            {CANCEL_REASONS.map((r) => (
              <Radio key={r} value={r} label={r} />
            ))}
          </Stack>
        </Radio.Group>
        {reason === 'Other' ? (
          <Textarea
            label="Please specify"
            withAsterisk
            value={other}
            onChange={(e) => setOther(e.currentTarget.value)}
            maxLength={1000}
            rows={3}
          />
        ) : null}
        <DialogActions
          failure={failure}
          busy={busy}
          cancelLabel="Keep subscription"
          onCancel={close}
          confirmLabel="Confirm cancellation"
          confirmColor="red"
          confirmDisabled={!!invalid}
          onConfirm={() => void confirm()}
        />
      </Stack>
    </Modal>
  );
}
