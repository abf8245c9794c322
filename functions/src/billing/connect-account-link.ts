// POST /stripe/connect/account-link { workspace }: where Stripe's onboarding continues; back to the Auto Billing tab.
import { billingApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { agencyConnect } from './billing-state';
import { stripeClient } from './env';
import { appUrl } from './return-urls';
import { stripeFailure } from './stripe-helpers';

export const connectAccountLinkEndpoint = defineEndpoint(billingApi.connectAccountLink, async ({ body, headers, idTokens }) => {
  const agency = await agencyConnect({ headers, idTokens }, body.workspace.uid, body.workspace.region);
  if (!agency.accountId) throw new HttpError(412, billingApi.BILLING_API_MESSAGES.connectMissing);
  const back = `${appUrl()}/app/${agency.region}/agency?tab=auto-billing`;
  // Only our own app may be the return address (no open redirect through Stripe).
  const returnUrl = body.returnUrl && new URL(body.returnUrl).origin === new URL(appUrl()).origin ? body.returnUrl : back;
  try {
    const link = await stripeClient().accountLinks.create({ account: agency.accountId, refresh_url: back, return_url: returnUrl, type: 'account_onboarding' });
    return { body: { redirectUrl: link.url } };
  } catch (error) {
    throw stripeFailure(error, 'Failed to open Stripe onboarding.');
  }
});
