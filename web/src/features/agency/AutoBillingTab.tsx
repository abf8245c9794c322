// Auto Billing: payment-connect setup and subscription plans for the agency's clients. The tab needs the
// whitelabel addon (its tooltip says so) and is disabled while the trial banner shows; its content comes with
// the billing work.
import { Alert, Text } from '@mantine/core';

export const AUTO_BILLING_TOOLTIP = 'Auto Billing needs the whitelabel addon';

/** Disabled without the addon, and while the white-label trial banner shows. */
export const autoBillingDisabled = (access: { hasWhitelabelAddon: boolean; trial: { active: boolean } } | undefined): boolean =>
  !access || !access.hasWhitelabelAddon || access.trial.active;

export function AutoBillingTab() {
  return (
    <Alert variant="light" title="Auto Billing is being set up" role="status">
      <Text size="sm">
        Connect your payout account and offer subscription plans to your clients here. This section opens with the billing update; nothing
        is charged until then.
      </Text>
    </Alert>
  );
}
