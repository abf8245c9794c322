// Stripe.js for the billing forms. The publishable key comes from the public config; locally the config also names
// the Stripe.js stand-in's script, which is put on the page first so that @stripe/stripe-js uses its window.Stripe.
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { parleyConfig } from '../../lib/config';

let pending: Promise<Stripe | null> | null = null;

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.appendChild(script);
  });
}

/** The page's one Stripe instance (null when no publishable key is configured). */
export function stripePromise(): Promise<Stripe | null> {
  if (pending) return pending;
  const config = parleyConfig().stripe;
  if (!config) return Promise.resolve(null);
  pending = (async () => {
    if (config.scriptUrl && !(window as { Stripe?: unknown }).Stripe) await injectScript(config.scriptUrl);
    return loadStripe(config.publishableKey);
  })().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
