// An org's card and payments live on its agency's connected account: Stripe.js is loaded for that account.
import type { Stripe } from '@stripe/stripe-js';
import { createContext, useContext } from 'react';
import { stripeFor } from '../../../lib/stripe';

/** One Stripe instance per connected account (null when no publishable key is configured). */
export const connectStripe = (accountId: string): Promise<Stripe | null> => stripeFor(accountId);

/** connectStripe, unless a provider stands in for Stripe.js (tests do). */
export const ConnectStripeContext = createContext(connectStripe);

export function useConnectStripe(): typeof connectStripe {
  return useContext(ConnectStripeContext);
}
