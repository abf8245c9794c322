// Server state of the Auto Billing tab: the agency's stripeConnect record and its plans on the connected account.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { getAgencyPlans, readConnectState } from './connect-api';

/** Stripe reports onboarding through a webhook, possibly after the agency is back: re-read until it lands. */
const WAITING_POLL_MS = 3000;

export function useConnect() {
  const current = useCurrentWorkspace();
  const { region } = current;
  const uid = current.workspace.uid;
  const client = useQueryClient();
  const connectKey = ['stripeConnect', region, uid] as const;
  const connect = useQuery({
    queryKey: connectKey,
    queryFn: () => readConnectState(region, uid),
    refetchInterval: (q) => (q.state.data?.accountId && !(q.state.data.isConnected && q.state.data.payouts_enabled) ? WAITING_POLL_MS : false),
  });
  const accountId = connect.data?.accountId;
  const connected = !!accountId && connect.data?.isConnected === true && connect.data.payouts_enabled === true;
  const plansKey = ['agencyPlans', region, accountId ?? ''] as const;
  const plans = useQuery({
    queryKey: plansKey,
    queryFn: () => getAgencyPlans(current, accountId!),
    enabled: connected,
  });
  return {
    current,
    connect,
    connected,
    plans,
    refreshConnect: () => client.invalidateQueries({ queryKey: connectKey }),
    refreshPlans: () => client.invalidateQueries({ queryKey: plansKey }),
  };
}
