// Auto Billing: payment-connect setup and subscription plans for the agency's clients. The tab needs the
// whitelabel addon (its tooltip says so) and is disabled while the trial banner shows. Steps: 1 connect a Stripe
// account (Account Connected once Stripe says so), 2 save USDPerToken, 3 the subscription plans (only after 1 and 2).
import { Alert, Stack, Text } from '@mantine/core';
import { billingApi, validateSubscriptionPlansSetup } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { BillingSettingsStep } from './BillingSettingsStep';
import { ConnectStep } from './ConnectStep';
import { initialPlanDrafts } from './plan-drafts';
import { PlansStep, PlansStepFrame } from './PlansStep';
import { useConnect } from './use-connect';

export const AUTO_BILLING_TOOLTIP = billingApi.BILLING_API_MESSAGES.autoBillingNeedsWhitelabel;

/** Disabled without the addon, and while the white-label trial banner shows. */
export const autoBillingDisabled = (access: { hasWhitelabelAddon: boolean; trial: { active: boolean } } | undefined): boolean =>
  !access || !access.hasWhitelabelAddon || access.trial.active;

export function AutoBillingTab({ locked = false, navigate }: { locked?: boolean; navigate?: (url: string) => void }) {
  if (locked) {
    return (
      <Alert variant="light" color="yellow" role="status">
        {AUTO_BILLING_TOOLTIP}
      </Alert>
    );
  }
  return <AutoBillingSetup {...(navigate ? { navigate } : {})} />;
}

function AutoBillingSetup({ navigate }: { navigate?: (url: string) => void }) {
  const { current, connect, connected, plans, refreshConnect, refreshPlans } = useConnect();
  const [settingsDirty, setSettingsDirty] = useState(false);

  if (connect.isPending) return <Text c="dimmed" role="status">Loading billing settings…</Text>;
  if (connect.isError) return <Text c="red" role="alert">{errorMessage(connect.error)}</Text>;
  const state = connect.data;
  // Step 2 counts as done once saved (saving turns plans on) and not edited since.
  const gate = validateSubscriptionPlansSetup({
    step1Done: !!state.accountId,
    step2Done: connected,
    usdPerToken: state.allowPlans && !settingsDirty ? state.USDPerToken : null,
  });
  const savedPlans = plans.data?.plans.length ? plans.data.plans : state.plans;

  return (
    <Stack gap="md">
      <ConnectStep target={current} state={state} connected={connected} {...(navigate ? { navigate } : {})} />
      <BillingSettingsStep target={current} usdPerToken={state.USDPerToken} onDirtyChange={setSettingsDirty} onSaved={refreshConnect} />
      <PlansStepFrame gate={gate}>
        {plans.isPending ? (
          <Text c="dimmed" role="status">Loading plans…</Text>
        ) : (
          <PlansStep
            key={`${state.accountId}-${state.USDPerToken}`}
            target={current}
            accountId={state.accountId!}
            usdPerToken={state.USDPerToken}
            initial={initialPlanDrafts(savedPlans)}
            onSaved={() => Promise.all([refreshPlans(), refreshConnect()])}
          />
        )}
      </PlansStepFrame>
    </Stack>
  );
}
