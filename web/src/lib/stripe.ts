// Stripe.js for the payment forms. The publishable key comes from the public config; locally the config also names
// the Stripe.js stand-in's script, which is put on the page first so that @stripe/stripe-js uses its window.Stripe.
// The pure entry loads Stripe.js only when a form asks for it (not when a page that may show one loads).
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { parleyConfig } from './config';
import { loadScript } from './load-script';

/** One instance for the platform's own account ('') and one per connected account (an agency's). */
const instances = new Map<string, Promise<Stripe | null>>();
/**
 * The page's Stripe instance for the platform's account, or with `connectedAccount` for an agency's connected
 * account (cards and payments are then created on that account). Null when no publishable key is configured.
 */
export function stripeFor(connectedAccount = ''): Promise<Stripe | null> {
  const config = parleyConfig().stripe;
  if (!config) return Promise.resolve(null);
  const known = instances.get(connectedAccount);
  if (known) return known;
  const pending = (async () => {
    if (config.scriptUrl && !(window as { Stripe?: unknown }).Stripe) await loadScript(config.scriptUrl, 'Stripe.js could not be loaded');
    return loadStripe(config.publishableKey, connectedAccount ? { stripeAccount: connectedAccount } : undefined);
  })().catch((error: unknown) => {
    instances.delete(connectedAccount);
    throw error;
  });
  instances.set(connectedAccount, pending);
  return pending;
}
