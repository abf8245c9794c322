// The card form for a new default payment method: Stripe Elements' address and card fields → createPaymentMethod
// (in the browser) → upsert-payment-method → "Payment method updated successfully".
import { Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AddressElement, CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { billingApi, BILLING_MESSAGES, TOAST_MS, type Address } from '@parley/core';

import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { StripeElements } from '../../ui/StripeElements';
import { savePaymentMethod, type BillingTarget, type UserBillingData } from './billing-api';
import { stripePromise } from './stripe-loader';
import { DialogActions } from '../../ui/DialogActions';

const M = billingApi.BILLING_API_MESSAGES;

interface Props {
  onClose(): void;
  target: BillingTarget;
  data: UserBillingData;
  onUpdated(): Promise<unknown>;
}

export function PaymentMethodModal(props: Props) {
  return (
    <Modal opened onClose={props.onClose} title="Update payment method" size="lg">
      <StripeElements load={stripePromise}>
        <CardForm {...props} />
      </StripeElements>
    </Modal>
  );
}

function CardForm(props: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const email = props.data.customer?.email ?? props.target.user.email ?? '';

  async function save() {
    setFailure(null);
    const card = elements?.getElement('card');
    const addressElement = elements?.getElement('address');
    if (!stripe) return setFailure(M.stripeNotInitialized);
    if (!card || !addressElement) return setFailure(M.cardFormMissing);
    setBusy(true);
    try {
      const addr = await addressElement.getValue();
      if (!addr.complete) return setFailure(BILLING_MESSAGES.addressIncomplete);
      const address: Address = { ...addr.value.address, line2: addr.value.address.line2 ?? undefined, state: addr.value.address.state ?? undefined };
      const { paymentMethod, error } = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name: addr.value.name, email: email || undefined, address },
      });
      if (error || !paymentMethod) return setFailure(error?.message ?? M.updatePaymentFailed);
      await savePaymentMethod(props.target, { paymentMethodId: paymentMethod.id, name: addr.value.name, address, isNewPaymentMethod: true, ...(email ? { email } : {}) });
      notifications.show({ message: M.paymentMethodUpdated, color: 'green', autoClose: TOAST_MS.notification });
      await props.onUpdated();
      props.onClose();
    } catch (error) {
      setFailure(errorMessage(error, M.updatePaymentFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <TextInput label="Email" value={email} readOnly />
      <AddressElement options={{ mode: 'billing' }} />
      <CardElement />
      <DialogActions failure={failure} busy={busy} cancelLabel="Cancel" onCancel={props.onClose} confirmLabel="Save card" onConfirm={() => void save()} />
    </Stack>
  );
}
