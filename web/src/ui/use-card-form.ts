// Saving a card typed into Stripe's Elements (the workspace's payment method; an org's, on its agency's account):
// Stripe.js and the card field must be on the page, the form is busy while it saves, a failure is shown in words,
// and a saved card says so in a toast.
import { notifications } from '@mantine/notifications';
import { billingApi, TOAST_MS } from '@parley/core';
import { useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElement, StripeElements } from '@stripe/stripe-js';
import { useState } from 'react';
import { errorMessage } from '../lib/api';

const M = billingApi.BILLING_API_MESSAGES;

/** Makes and stores the payment method; answers why it could not (shown to the user), or null once it is saved. */
export type SaveCard = (stripe: Stripe, card: StripeCardElement, elements: StripeElements) => Promise<string | null>;

export function useCardForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  /** True once the card is saved. */
  async function save(work: SaveCard): Promise<boolean> {
    setFailure(null);
    const card = elements?.getElement('card');
    if (!stripe) return fail(M.stripeNotInitialized);
    if (!card || !elements) return fail(M.cardFormMissing);
    setBusy(true);
    try {
      const problem = await work(stripe, card, elements);
      if (problem) return fail(problem);
      notifications.show({ color: 'green', message: M.paymentMethodUpdated, autoClose: TOAST_MS.notification });
      return true;
    } catch (error) {
      return fail(errorMessage(error, M.updatePaymentFailed));
    } finally {
      setBusy(false);
    }
  }

  function fail(text: string): false {
    setFailure(text);
    return false;
  }

  return { stripe, busy, failure, save };
}
