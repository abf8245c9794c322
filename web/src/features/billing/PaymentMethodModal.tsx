// The card form for a new default payment method: Stripe Elements' address and card fields → createPaymentMethod
// (in the browser) → upsert-payment-method → "Payment method updated successfully".
import { Modal, Stack, TextInput } from '@mantine/core';
import { AddressElement, CardElement } from '@stripe/react-stripe-js';
import { billingApi, BILLING_MESSAGES, type Address } from '@parley/core';
import { StripeElements } from '../../ui/StripeElements';
import { savePaymentMethod, type BillingTarget, type UserBillingData } from './billing-api';
import { stripePromise } from './stripe-loader';
import { DialogActions } from '../../ui/DialogActions';
import { useCardForm } from '../../ui/use-card-form';

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
  const { busy, failure, save: saveCard } = useCardForm();
  const email = props.data.customer?.email ?? props.target.user.email ?? '';

  async function save() {
    const saved = await saveCard(async (stripe, card, elements) => {
      const addressElement = elements.getElement('address');
      if (!addressElement) return M.cardFormMissing;
      const addr = await addressElement.getValue();
      if (!addr.complete) return BILLING_MESSAGES.addressIncomplete;
      const address: Address = { ...addr.value.address, line2: addr.value.address.line2 ?? undefined, state: addr.value.address.state ?? undefined };
      const { paymentMethod, error } = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name: addr.value.name, email: email || undefined, address },
      });
      if (error || !paymentMethod) return error?.message ?? M.updatePaymentFailed;
      await savePaymentMethod(props.target, { paymentMethodId: paymentMethod.id, name: addr.value.name, address, isNewPaymentMethod: true, ...(email ? { email } : {}) });
      await props.onUpdated();
      return null;
    });
    if (saved) props.onClose();
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
