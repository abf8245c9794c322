// The workspace's payment forms use Stripe.js on the platform's own account.
import { BILLING_MESSAGES } from '@parley/core';
import type { Stripe } from '@stripe/stripe-js';
import { createContext, useContext } from 'react';
import { stripeFor } from '../../lib/stripe';

/** The page's one Stripe instance (null when no publishable key is configured). */
export const stripePromise = (): Promise<Stripe | null> => stripeFor();

/** Loads Stripe.js for the payment forms: stripePromise, unless a provider stands in for Stripe.js (tests do). */
export const StripeLoaderContext = createContext(stripePromise);

export function useStripeLoader(): typeof stripePromise {
  return useContext(StripeLoaderContext);
}

/**
 * Finishes a charge the server made on the saved card (credits, a top-up): a 3-D Secure challenge runs in Stripe.js;
 * a charge that did not succeed throws its status in words, a failed challenge Stripe's words or `failed`.
 */
export async function finishCharge(answer: { status: string; requiresAction: boolean; clientSecret: string | null }, failed: string): Promise<void> {
  if (answer.requiresAction && answer.clientSecret) {
    const stripe = await stripePromise();
    const action = stripe ? await stripe.handleNextAction({ clientSecret: answer.clientSecret }) : null;
    if (!action || action.error) throw new Error(action?.error?.message ?? failed);
  } else if (answer.status !== 'succeeded') {
    throw new Error(BILLING_MESSAGES.paymentFailedStatus(answer.status));
  }
}
