// The billing page's server state: the catalogue and the workspace's billing data (TanStack Query).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { fetchCatalogue, fetchUserBillingData } from './billing-api';

const keys = (uid: string, region: string) => ({
  catalogue: ['billing', 'catalogue', region, uid] as const,
  user: ['billing', 'user', region, uid] as const,
});

export function useBilling() {
  const current = useCurrentWorkspace();
  const k = keys(current.workspace.uid, current.region);
  const client = useQueryClient();
  const catalogue = useQuery({ queryKey: k.catalogue, queryFn: () => fetchCatalogue(current) });
  const user = useQuery({ queryKey: k.user, queryFn: () => fetchUserBillingData(current) });
  return {
    current,
    catalogue,
    user,
    /** Re-reads the workspace's billing data after a payment, and its prices: a first payment may set its currency. */
    refresh: () => Promise.all([client.invalidateQueries({ queryKey: k.user }), client.invalidateQueries({ queryKey: k.catalogue })]),
  };
}
