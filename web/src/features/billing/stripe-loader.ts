// The workspace's payment forms use Stripe.js on the platform's own account.
import type { Stripe } from '@stripe/stripe-js';
import { stripeFor } from '../../lib/stripe';

/** The page's one Stripe instance (null when no publishable key is configured). */
export const stripePromise = (): Promise<Stripe | null> => stripeFor();
