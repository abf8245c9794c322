// The billing modal's server state (TanStack Query): the agency's connected account and per-credit price, its
// plans, and the org's card and invoices there. The org itself (credits, subscription, auto-recharge) is the
// portal's live org.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAgencyPlans, fetchConnectAccount, fetchOrgInvoices, fetchOrgPaymentMethod, type OrgBillingTarget } from './org-billing-api';

const keys = (t: OrgBillingTarget) => ({
  all: ['portal', t.region, 'org-billing', t.orgId] as const,
  account: (agency: string) => ['portal', t.region, 'org-billing', t.orgId, 'account', agency] as const,
  plans: (account: string) => ['portal', t.region, 'org-billing', t.orgId, 'plans', account] as const,
  card: (customer: string) => ['portal', t.region, 'org-billing', t.orgId, 'card', customer] as const,
  invoices: (customer: string) => ['portal', t.region, 'org-billing', t.orgId, 'invoices', customer] as const,
});

export function useOrgBilling(t: OrgBillingTarget, opts: { agencyUserId: string; customerId: string | null; enabled: boolean }) {
  const k = keys(t);
  const client = useQueryClient();
  const account = useQuery({ queryKey: k.account(opts.agencyUserId), queryFn: () => fetchConnectAccount(t, opts.agencyUserId), enabled: opts.enabled && !!opts.agencyUserId });
  const accountId = account.data?.accountId ?? null;
  const plans = useQuery({ queryKey: k.plans(accountId ?? ''), queryFn: () => fetchAgencyPlans(t, accountId!), enabled: opts.enabled && !!accountId && !!account.data?.allowPlans });
  const withCustomer = opts.enabled && !!accountId && !!opts.customerId;
  const card = useQuery({ queryKey: k.card(opts.customerId ?? ''), queryFn: () => fetchOrgPaymentMethod(t, opts.customerId!, accountId!), enabled: withCustomer });
  const invoices = useQuery({ queryKey: k.invoices(opts.customerId ?? ''), queryFn: () => fetchOrgInvoices(t, opts.customerId!, accountId!), enabled: withCustomer });
  return {
    account,
    accountId,
    plans,
    card,
    invoices,
    /** Re-reads the card and invoices after a payment or a new card. */
    refresh: () => client.invalidateQueries({ queryKey: k.all }),
  };
}
