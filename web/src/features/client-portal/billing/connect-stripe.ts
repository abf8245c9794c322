// Stripe.js for an org's card on its agency's connected account: the card is created on that account (the
// `stripeAccount` option), so the server can attach it to the org's customer there. Locally the public config also
// names the Stripe.js stand-in's script, put on the page first so that @stripe/stripe-js uses its window.Stripe.
// The pure entry loads Stripe.js only when asked (not when the top bar loads).
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { parleyConfig } from '../../../lib/config';

const byAccount = new Map<string, Promise<Stripe | null>>();
let script: Promise<void> | null = null;

function injectScript(src: string): Promise<void> {
  script ??= new Promise<void>((resolve, reject) => {
    const tag = document.createElement('script');
    tag.src = src;
    tag.async = true;
    tag.onload = () => resolve();
    tag.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.appendChild(tag);
  }).catch((error: unknown) => {
    script = null;
    throw error;
  });
  return script;
}

/** One Stripe instance per connected account (null when no publishable key is configured). */
export function connectStripe(accountId: string): Promise<Stripe | null> {
  const config = parleyConfig().stripe;
  if (!config) return Promise.resolve(null);
  const known = byAccount.get(accountId);
  if (known) return known;
  const pending = (async () => {
    if (config.scriptUrl && !(window as { Stripe?: unknown }).Stripe) await injectScript(config.scriptUrl);
    return loadStripe(config.publishableKey, { stripeAccount: accountId });
  })().catch((error: unknown) => {
    byAccount.delete(accountId);
    throw error;
  });
  byAccount.set(accountId, pending);
  return pending;
}
