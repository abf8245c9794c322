// POST /stripe/check-discount-code: percent or amount off, forever or once, as the summary shows it.
import { billingApi } from '@parley/core';
import { defineEndpoint } from '../http/endpoint';
import { workspaceForBilling } from './billing-state';
import { stripeFailure } from './stripe-helpers';
import { resolveDiscount } from './subscription';

export const checkDiscountCodeEndpoint = defineEndpoint(billingApi.checkDiscountCode, async ({ body, headers, idTokens }) => {
  await workspaceForBilling({ headers, idTokens }, body.userId, body.region);
  try {
    const found = await resolveDiscount(body.discountCode);
    if (!found) return { body: { discount: { valid: false } } };
    const c = found.coupon;
    return {
      body: {
        discount: {
          valid: true, percent_off: c.percent_off ?? null, amount_off: c.amount_off != null ? c.amount_off / 100 : null, currency: c.currency ?? null,
          name: c.name ?? body.discountCode, duration: c.duration === 'forever' ? ('forever' as const) : ('once' as const),
        },
      },
    };
  } catch (error) {
    throw stripeFailure(error, billingApi.BILLING_API_MESSAGES.discountInvalid);
  }
});
