// GET /stripe/catalogue: the static plans and add-ons (in the customer's currency), the new-pricing table, the
// per-credit price and the customer's tax, all from core's configuration.
import { ADDON_KEYS, ADDON_NAMES, addonMonthlyPrice, billingApi, CATALOGUE_PLANS, CREDIT_PURCHASE, CURRENCIES, DEFAULT_PRICE_PER_CREDIT_USD, PLAN_PRICING_USD, PRICING_PLANS, USD_TOP_UP_MIN } from '@parley/core';
import { defineEndpoint } from '../http/endpoint';
import { workspaceForBilling } from './access';
import { taxOf } from './billing-records';

export const getBillingCatalogueEndpoint = defineEndpoint(billingApi.getBillingCatalogue, async ({ query, headers }) => {
  const b = await workspaceForBilling(headers, query.userId, query.region);
  return {
    body: {
      plans: CATALOGUE_PLANS.map((p) => ({ id: p.id, label: p.label, price: p.price, prices: p.prices.map((x) => ({ ...x })), period: p.period, additionalInfo: p.additionalInfo, popular: 'popular' in p && p.popular === true })),
      addons: ADDON_KEYS.map((id) => ({ id, name: ADDON_NAMES[id], description: '', period: '/month', price: addonMonthlyPrice(id, 'USD'), prices: CURRENCIES.map((currency) => ({ currency, amount: addonMonthlyPrice(id, currency) })) })),
      pricingPlans: Object.values(PRICING_PLANS).map((p) => ({
        key: p.key, monthly: PLAN_PRICING_USD[p.key].monthly, yearly: PLAN_PRICING_USD[p.key].yearly, name: p.name, popular: p.metadata.mostPopular, limits: { ...p.limits },
      })),
      usdPerCredit: DEFAULT_PRICE_PER_CREDIT_USD,
      tax: taxOf(b),
      ranges: { creditPurchase: { min: CREDIT_PURCHASE.min, max: CREDIT_PURCHASE.max, step: CREDIT_PURCHASE.step }, topUpMin: USD_TOP_UP_MIN },
    },
  };
});
