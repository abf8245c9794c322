// "Add to credit balance": tops up the customer's balance (which invoices spend first) on the saved card, at least 5
// in the workspace's currency (Confirm is disabled below), with the country's tax shown before paying. The free
// plan cannot top up; 3-D Secure goes through Stripe.js when the charge asks for it.
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { billingApi, priceWithTax, USD_TOP_UP_MIN, validateTopUp } from '@parley/core';

import { useState } from 'react';
import { topUpUsd, type BillingTarget, type UserBillingData } from './billing-api';
import { finishCharge } from './stripe-loader';
import { useBillingAction } from './use-billing-action';
import { DialogActions } from '../../ui/DialogActions';

const M = billingApi.BILLING_API_MESSAGES;

export interface TopUpModalProps {
  opened: boolean;
  onClose(): void;
  target: BillingTarget;
  data: UserBillingData;
  onToppedUp(): Promise<unknown>;
}

export function TopUpModal(props: TopUpModalProps) {
  const { tax, currency } = props.data;
  const [amount, setAmount] = useState<number | ''>(USD_TOP_UP_MIN);
  const { busy, failure, setFailure, run } = useBillingAction({ success: M.toppedUp, failure: M.topUpFailed });
  // One id per opened dialog: a retried click is the same charge.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const value = typeof amount === 'number' ? amount : NaN;
  const invalid = validateTopUp({ amount: value, currency, isFreePlan: props.data.currentPlan.name === 'free' });
  const hasCard = !!props.data.paymentMethod;
  // The amount is in the workspace's currency; tax is added on top as Stripe will charge it.
  const price = Number.isFinite(value) ? priceWithTax(value / tax.exchangeRate, tax.country) : null;

  function close() {
    setFailure(null);
    setAmount(USD_TOP_UP_MIN);
    setRequestId(crypto.randomUUID());
    props.onClose();
  }

  async function confirm() {
    if (invalid) return setFailure(invalid);
    if (!hasCard) return setFailure(M.paymentMethodRequired);
    const done = await run(async () => {
      await finishCharge(await topUpUsd(props.target, { amount: value, currency, requestId }), M.topUpFailed);
      await props.onToppedUp();
    });
    if (done) close();
  }


  return (
    <Modal opened={props.opened} onClose={close} title="Add to credit balance">
      <Stack>
        <NumberInput
          label={`Amount (${currency})`}
          prefix={tax.symbol}
          min={USD_TOP_UP_MIN}
          max={10_000}
          decimalScale={2}
          value={amount}
          onChange={(v) => {
            setFailure(null);
            setAmount(typeof v === 'number' ? v : v === '' ? '' : Number(v));
          }}
          description={`Minimum ${tax.symbol}${USD_TOP_UP_MIN}`}
        />
        {price && !invalid ? (
          <Stack gap={2} data-testid="top-up-summary">
            <Text size="sm">
              Amount: {tax.symbol}
              {price.net.toFixed(2)}
            </Text>
            {price.tax > 0 ? (
              <Text size="sm">
                {price.description}: {tax.symbol}
                {price.tax.toFixed(2)}
              </Text>
            ) : null}
            <Text size="sm" fw={600}>
              Total: {tax.symbol}
              {price.total.toFixed(2)}
            </Text>
          </Stack>
        ) : null}
        {!hasCard ? <Text size="sm" c="dimmed">{M.paymentMethodRequired}</Text> : null}
        <DialogActions
          failure={failure}
          busy={busy}
          cancelLabel="Cancel"
          onCancel={close}
          confirmLabel="Confirm"
          confirmDisabled={!!invalid || !hasCard}
          onConfirm={() => void confirm()}
        />
      </Stack>
    </Modal>
  );
}
