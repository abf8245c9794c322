// Billing with Stripe: the workspace's plan, add-ons, credits, auto-recharge, USD balance, card and invoices; the
// platform's and Connect webhooks; agencies billing their orgs on their connected accounts. Public surface: the
// endpoints, the secrets to bind, and the auto-recharge observers the composition hands to the credits.
import type { Endpoint } from '../http/endpoint';
import type { BalanceObservers } from '../credits';
import type { RaisesEvents } from '../events';
import { addAddonToSubscriptionEndpoint } from './add-addon-to-subscription';
import { assemblePreBuiltPlansEndpoint } from './assemble-prebuilt-plans';
import { autoRechargeObserver } from './auto-recharge';
import { cancelSubscriptionEndpoint } from './cancel-subscription';
import { checkAddonStatusEndpoint } from './check-addon-status';
import { checkDiscountCodeEndpoint } from './check-discount-code';
import { confirmSubscriptionPaymentEndpoint } from './confirm-subscription-payment';
import { connectAccountLinkEndpoint } from './connect-account-link';
import { connectCancelSubscriptionEndpoint } from './connect-cancel-subscription';
import { connectCreateAccountEndpoint } from './connect-create-account';
import { getConnectBillingDetailsEndpoint, getConnectInvoicesEndpoint, getConnectPaymentMethodsEndpoint } from './connect-org-reads';
import { connectPrePaidEndpoint } from './connect-pre-paid';
import { connectUpdateAutoRechargeEndpoint } from './connect-update-auto-recharge';
import { connectUpdatePaymentEndpoint } from './connect-update-payment';
import { orgAutoRechargeObserver } from './org-auto-recharge';
import { createAgencySubscriptionSessionEndpoint } from './create-agency-subscription-session';
import { createSetupIntentEndpoint } from './create-setup-intent';
import { createSubscriptionEndpoint } from './create-subscription';
import { getBillingCatalogueEndpoint } from './get-billing-catalogue';
import { getConnectAccountIdEndpoint } from './get-connect-account-id';
import { getInvoicesEndpoint } from './get-invoices';
import { getPlansEndpoint } from './get-plans';
import { getUserBillingDataEndpoint } from './get-user-billing-data';
import { postChangeAutoBillingEndpoint } from './post-change-auto-billing';
import { purchaseCreditsEndpoint } from './purchase-credits';
import { reactivateSubscriptionEndpoint } from './reactivate-subscription';
import { removeAddonFromSubscriptionEndpoint } from './remove-addon-from-subscription';
import { saveConnectBillingSettingsEndpoint } from './save-connect-billing-settings';
import { topUpUsdEndpoint } from './top-up-usd';
import { updateAutoRechargeEndpoint } from './update-auto-recharge';
import { upsertAgencyPlansEndpoint } from './upsert-agency-plans';
import { upsertPaymentMethodEndpoint } from './upsert-payment-method';
import { stripeConnectWebhookEndpoint, stripeWebhookEndpoint } from './webhook';

export { STRIPE_SECRETS } from './env';
export { settleAutoRecharges, maybeAutoRecharge } from './auto-recharge';
export { maybeOrgAutoRecharge } from './org-auto-recharge';

/**
 * Told the balance each credit reservation left (the composition builds the credits with them): crossing a
 * workspace's threshold may trigger its auto-recharge; the same for an org with billing that pays for its agents
 * (its auto-recharge on the agency's connected account).
 */
export const balanceObservers: BalanceObservers = { onBalance: autoRechargeObserver, onOrgBalance: orgAutoRechargeObserver };

/** Billing's endpoints; the platform's webhook tells subscription changes on the composition's events. */
export const billingEndpoints = (deps: RaisesEvents): Endpoint[] => [
  getBillingCatalogueEndpoint, getUserBillingDataEndpoint, createSetupIntentEndpoint, upsertPaymentMethodEndpoint, getInvoicesEndpoint,
  createSubscriptionEndpoint, confirmSubscriptionPaymentEndpoint, checkDiscountCodeEndpoint, cancelSubscriptionEndpoint, reactivateSubscriptionEndpoint,
  checkAddonStatusEndpoint, removeAddonFromSubscriptionEndpoint, addAddonToSubscriptionEndpoint, purchaseCreditsEndpoint, topUpUsdEndpoint,
  updateAutoRechargeEndpoint, postChangeAutoBillingEndpoint, stripeWebhookEndpoint(deps), stripeConnectWebhookEndpoint, connectCreateAccountEndpoint, connectAccountLinkEndpoint,
  saveConnectBillingSettingsEndpoint, upsertAgencyPlansEndpoint, getPlansEndpoint, assemblePreBuiltPlansEndpoint, getConnectAccountIdEndpoint,
  getConnectPaymentMethodsEndpoint, getConnectBillingDetailsEndpoint, getConnectInvoicesEndpoint, connectUpdatePaymentEndpoint,
  connectUpdateAutoRechargeEndpoint, connectPrePaidEndpoint, createAgencySubscriptionSessionEndpoint, connectCancelSubscriptionEndpoint,
];
