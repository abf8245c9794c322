// Confirm Subscription: add-ons (steppers; whitelabel-new a checkbox), discount code, the payment summary with its
// tax line, saved or new card (Stripe Elements: card + billing address; Apple Pay is a placeholder), then
// create-subscription → 3-D Secure when Stripe asks (requiresAction + clientSecret) → confirm-subscription-payment.
// A workspace that never paid is priced in the currency of the billing address's country (the server stores that
// country as it subscribes), so the summary follows the Country chosen before paying; a paid one keeps its currency.
// New-pricing plans (starter, pro, agency) come monthly or yearly; their add-ons follow the cycle.
// States: loading → form → creating → confirming → success or "Subscription Error: …".
import { Alert, Button, Divider, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AddressElement, CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Address } from '@parley/core';
import { billingApi, BILLING_CYCLE_PERIODS, BILLING_MESSAGES, TOAST_MS, type BillingCycle } from '@parley/core';

import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { StripeElements } from '../../ui/StripeElements';
import { confirmSubscriptionPayment, createSubscription, savePaymentMethod, type BillingCatalogue, type BillingTarget, type SubscriptionAnswer, type UserBillingData } from './billing-api';
import { DiscountCodeField, discountSummary, type AppliedDiscount } from './DiscountCodeField';
import { formatMoney, taxFollowingCountry } from './money';
import { PaymentSummaryView } from './PaymentSummaryView';
import { useStripeLoader } from './stripe-loader';
import { addonsToShow, SubscribeAddons, subscribeSummary, type AddonPicks } from './SubscribeAddons';

const M = billingApi.BILLING_API_MESSAGES;

type Phase = 'form' | 'creating' | 'confirming' | 'success' | 'error';

export interface SubscribeModalProps {
  opened: boolean;
  onClose(): void;
  target: BillingTarget;
  planId: string;
  planLabel: string;
  /** New-pricing plans: monthly or yearly (catalogue plans are monthly). */
  billingCycle?: BillingCycle;
  data: UserBillingData;
  /** Add-ons, plan prices and the customer's tax for the summary. */
  catalogue: BillingCatalogue;
  onSubscribed(): void;
}

export function SubscribeModal(props: SubscribeModalProps) {
  const loadStripe = useStripeLoader();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Confirm Subscription" size="lg">
      {props.opened ? (
        <StripeElements load={loadStripe}>
          <SubscribeForm {...props} />
        </StripeElements>
      ) : null}
    </Modal>
  );
}

function SubscribeForm(props: SubscribeModalProps) {
  const stripe = useStripe();
  const elements = useElements();
  // One purchase per dialog: a retried request is the same subscription.
  const [requestId] = useState(() => crypto.randomUUID());
  const saved = props.data.paymentMethod;
  const [cardChoice, setCardChoice] = useState<'saved' | 'new'>(saved ? 'saved' : 'new');
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [addons, setAddons] = useState<AddonPicks>({});
  const [applePay, setApplePay] = useState(false);
  const [paid, setPaid] = useState<SubscriptionAnswer['tax'] | null>(null);
  const [phase, setPhase] = useState<Phase>('form');
  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The Country typed or picked in the billing address (the address element's change event).
  const [addressCountry, setAddressCountry] = useState<string | null>(null);
  const cycle: BillingCycle = props.billingCycle ?? 'monthly';
  const email = props.data.customer?.email ?? props.target.user.email ?? '';

  async function newPaymentMethod(): Promise<{ id: string; name: string; address: Address } | null> {
    if (!stripe || !elements) {
      setFormError(M.stripeNotInitialized);
      return null;
    }
    const card = elements.getElement('card');
    const addressElement = elements.getElement('address');
    if (!card || !addressElement) {
      setFormError(M.cardFormMissing);
      return null;
    }
    const addr = await addressElement.getValue();
    if (!addr.complete) {
      setFormError(BILLING_MESSAGES.addressIncomplete);
      return null;
    }
    const address: Address = { ...addr.value.address, line2: addr.value.address.line2 ?? undefined, state: addr.value.address.state ?? undefined };
    const { paymentMethod, error } = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: { name: addr.value.name, email: email || undefined, address },
    });
    if (error || !paymentMethod) {
      setFormError(error?.message ?? M.savePaymentFailed);
      return null;
    }
    return { id: paymentMethod.id, name: addr.value.name, address };
  }

  function fail(error: unknown) {
    setFailure(errorMessage(error, ''));
    setPhase('error');
  }

  async function subscribe() {
    setFormError(null);
    setPhase('creating');
    const card = cardChoice === 'new' ? await newPaymentMethod() : null;
    if (cardChoice === 'new' && !card) return setPhase('form');
    const paymentMethodId = card?.id;
    try {
      // The new card becomes the saved one, which credit purchases and auto-recharge charge later.
      if (card) await savePaymentMethod(props.target, { paymentMethodId: card.id, name: card.name, address: card.address, ...(email ? { email } : {}) });
      const answer = await createSubscription(props.target, {
        planId: props.planId,
        billingCycle: cycle,
        addonsToShow: addonsToShow(addons),
        ...(discount ? { discountCode: discount.code } : {}),
        ...(paymentMethodId ? { paymentMethodId } : {}),
        requestId,
      });
      if (answer.requiresAction && answer.clientSecret && answer.paymentIntentId) {
        setPhase('confirming');
        // The server confirmed the PaymentIntent (automatic confirmation): Stripe.js only runs its next action.
        const action = await stripe!.handleNextAction({ clientSecret: answer.clientSecret });
        if (action.error) return fail(new Error(action.error.message ?? M.paymentConfirmationFailed));
        const confirmed = await confirmSubscriptionPayment(props.target, answer.paymentIntentId, answer.subscriptionId);
        if (!confirmed.success) return fail(new Error(BILLING_MESSAGES.paymentFailedStatus(confirmed.status)));
      } else if (answer.status !== 'succeeded' && answer.status !== 'active' && answer.status !== 'requires_action') {
        return fail(new Error(BILLING_MESSAGES.paymentFailedStatus(answer.status)));
      }
      setPaid(answer.tax);
      setPhase('success');
      props.onSubscribed();
    } catch (error) {
      fail(error);
    }
  }

  if (phase === 'success') {
    return (
      <Stack>
        <Alert color="green">
          <Text size="sm">You are now on {props.planLabel}.</Text>
          {paid ? (
            <Text size="sm" data-testid="subscription-paid">
              Paid {formatMoney(paid.total, paid.currency)}
              {paid.tax > 0 ? ` (${paid.description} ${formatMoney(paid.tax, paid.currency)})` : ''}
            </Text>
          ) : null}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={props.onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }
  if (phase === 'error') {
    return (
      <Stack>
        <Alert color="red">
          <Text size="sm">{M.subscriptionError}</Text>
          {failure ? <Text size="sm" mt="xs">{failure}</Text> : null}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Close
          </Button>
          <Button onClick={() => setPhase('form')}>Try again</Button>
        </Group>
      </Stack>
    );
  }

  const busy = phase !== 'form';
  const chosenCountry = cardChoice === 'new' ? addressCountry : (saved?.billing_details?.address?.country ?? null);
  const catalogue = { ...props.catalogue, tax: taxFollowingCountry(props.catalogue.tax, chosenCountry, props.data.currencyLocked === true) };
  const summary = subscribeSummary(catalogue, props.planId, addons, discount?.discount, cycle);
  const period = BILLING_CYCLE_PERIODS[cycle];

  function showApplePay() {
    setApplePay(true);
    notifications.show({ message: M.applePay, color: 'yellow', autoClose: TOAST_MS.notification });
  }

  return (
    <Stack>
      <Text data-testid="subscribe-plan-price">
        {props.planLabel}: {formatMoney(summary.lines[0]?.amount ?? 0, summary.currency)}
        {period}
      </Text>
      <SubscribeAddons catalogue={catalogue} value={addons} onChange={setAddons} disabled={busy} cycle={cycle} planId={props.planId} />
      <DiscountCodeField target={props.target} applied={discount} onChange={setDiscount} disabled={busy} />
      {discount ? <Text size="sm">Discount: {discountSummary(discount.discount)}</Text> : null}
      <PaymentSummaryView summary={summary} period={period} />
      <Divider />
      <Button variant="default" onClick={showApplePay} disabled={busy}>
        Apple Pay
      </Button>
      {applePay ? (
        <Text size="sm" c="dimmed" role="status">
          {M.applePay}
        </Text>
      ) : null}
      <TextInput label="Email" value={email} readOnly />
      {saved ? (
        <Radio.Group label="Payment method" value={cardChoice} onChange={(v) => setCardChoice(v === 'saved' ? 'saved' : 'new')}>
          <Stack gap={4} mt={4}>
            <Radio value="saved" label={`Saved card ${saved.card.brand} •••• ${saved.card.last4}`} />
            <Radio value="new" label="New card" />
          </Stack>
        </Radio.Group>
      ) : null}
      <div hidden={cardChoice !== 'new'}>
        <Stack gap="xs">
          <AddressElement options={{ mode: 'billing' }} onChange={(e) => setAddressCountry(e.value.address.country || null)} />
          <CardElement />
        </Stack>
      </div>
      {formError ? (
        <Text c="red" size="sm" role="alert">
          {formError}
        </Text>
      ) : null}
      {phase === 'creating' ? <Text size="sm">Creating subscription…</Text> : null}
      {phase === 'confirming' ? <Text size="sm">Confirming payment…</Text> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void subscribe()} loading={busy}>
          Subscribe
        </Button>
      </Group>
    </Stack>
  );
}
