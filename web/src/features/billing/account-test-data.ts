// Billing data as the server answers get-user-data, for the account cards' tests.
import type { UserBillingData } from './billing-api';

type Plan = Partial<UserBillingData['currentPlan']>;

export function billingData(plan: Plan = {}, more: Partial<UserBillingData> = {}): UserBillingData {
  return {
    customer: { id: 'cus_test1', email: 'owner@example.com', balance: 0 },
    subscriptions: [],
    paymentMethod: { id: 'pm_test1', card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2034 } },
    internalKeyRef: 'owner1',
    currency: 'USD',
    subscriptionItems: [],
    currentPlan: {
      name: 'pay_as_you_go', status: 'active', renewalDate: Date.UTC(2026, 11, 24) / 1000, credits: { used: 0, total: 5000 },
      cancels: false, cancelsAt: null, usdBalance: 0, ...plan,
    },
    autoRecharge: { enabled: false, threshold: 500, amount: 5, monthlyLimit: 100 },
    tax: { country: 'US', currency: 'USD', symbol: '$', exchangeRate: 1, taxPercent: 0, description: 'No tax' },
    ...more,
  };
}

export const freePlan: Plan = { name: 'free', status: 'free', renewalDate: null };
