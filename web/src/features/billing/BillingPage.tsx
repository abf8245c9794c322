// /app/{region}/account/billing: Current Plan, the plans catalogue with the subscribe dialog, the new pricing table,
// add-ons with Modify Your Plan, credits, auto-recharge, payment method and invoices.
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { billingApi, type BillingCycle } from '@parley/core';

import { useState } from 'react';
import { AddonsSection } from './AddonsSection';
import { AutoRechargeCard } from './AutoRechargeCard';
import { CreditsCard } from './CreditsCard';
import { CurrentPlanCard } from './CurrentPlanCard';
import { InvoicesCard } from './InvoicesCard';
import { PaymentMethodCard } from './PaymentMethodCard';
import { ModifyPlanModal } from './ModifyPlanModal';
import { PlansSection } from './PlansSection';
import { PricingTable, pricingPlanName } from './PricingTable';
import { SubscribeModal } from './SubscribeModal';
import { WorkspaceUsageSection } from './UsageSection';
import { useBilling } from './use-billing';

const M = billingApi.BILLING_API_MESSAGES;

export default function BillingPage() {
  const { current, catalogue, user, refresh } = useBilling();
  // The plan being subscribed to: a catalogue plan (monthly) or a new-pricing plan in its cycle.
  const [subscribing, setSubscribing] = useState<{ planId: string; planLabel: string; billingCycle: BillingCycle } | null>(null);
  const [modifying, setModifying] = useState(false);

  return (
    <Stack gap="lg" p="md" maw={960}>
      <Title order={1} size="h2">
        Billing
      </Title>
      {user.isError || catalogue.isError ? <Alert color="red">{M.loadFailed}</Alert> : null}
      {user.isPending || catalogue.isPending ? <Loader role="status" aria-label="Loading billing" /> : null}
      {user.data ? <CurrentPlanCard data={user.data} catalogue={catalogue.data} target={current} onChanged={refresh} /> : null}
      {user.data && catalogue.data ? (
        <>
          <PlansSection catalogue={catalogue.data} data={user.data} onUpgrade={(plan) => setSubscribing({ planId: plan.id, planLabel: plan.label, billingCycle: 'monthly' })} onModify={() => setModifying(true)} />
          {current.workspace.internal?.useNewPricing ? (
            <PricingTable
              catalogue={catalogue.data}
              data={user.data}
              onSubscribe={(plan, billingCycle) => setSubscribing({ planId: plan.key, planLabel: pricingPlanName(plan), billingCycle })}
            />
          ) : null}
          <AddonsSection catalogue={catalogue.data} data={user.data} onModify={() => setModifying(true)} />
          <CreditsCard target={current} data={user.data} catalogue={catalogue.data} onPurchased={refresh} />
          <AutoRechargeCard target={current} data={user.data} onSaved={refresh} />
          <PaymentMethodCard target={current} data={user.data} onUpdated={refresh} />
          <InvoicesCard target={current} />
          <WorkspaceUsageSection uid={current.workspace.uid} />
        </>
      ) : null}
      {modifying && catalogue.data ? (
        <ModifyPlanModal
          opened
          onClose={() => setModifying(false)}
          target={current}
          catalogue={catalogue.data}
          billingCycle={user.data?.currentPlan.billingCycle}
          planId={user.data?.currentPlan.name}
          onChanged={refresh}
        />
      ) : null}
      {subscribing && user.data && catalogue.data ? (
        <SubscribeModal
          opened
          onClose={() => setSubscribing(null)}
          target={current}
          planId={subscribing.planId}
          planLabel={subscribing.planLabel}
          billingCycle={subscribing.billingCycle}
          data={user.data}
          catalogue={catalogue.data}
          onSubscribed={() => void refresh()}
        />
      ) : null}
    </Stack>
  );
}
