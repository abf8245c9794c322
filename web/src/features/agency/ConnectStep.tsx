// Step 1 of Auto Billing: the agency's Stripe account. No account → "Connect Stripe account" creates one and opens
// Stripe's onboarding; back here, the tab waits for Stripe's account.updated (through the webhook) and then shows
// "Account Connected" (isConnected and payouts_enabled).
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { billingApi, PAYMENT_CONNECT_PLATFORM_FEE_PERCENT, routes, TOAST_MS, type PaymentConnect } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { connectAccountLink, createConnectAccount, type ConnectTarget } from './connect-api';

const M = billingApi.BILLING_API_MESSAGES;

/** Onboarding comes back to this tab. */
export const onboardingReturnUrl = (region: ConnectTarget['region']): string =>
  `${window.location.origin}${routes.agency(region)}?tab=auto-billing`;

interface Props {
  target: ConnectTarget;
  state: PaymentConnect;
  connected: boolean;
  /** Stand-in for tests; the browser leaves the app for Stripe. */
  navigate?: (url: string) => void;
}

export function ConnectStep({ target, state, connected, navigate = (url) => window.location.assign(url) }: Props) {
  const [busy, setBusy] = useState(false);

  async function openOnboarding() {
    setBusy(true);
    try {
      if (!state.accountId) await createConnectAccount(target);
      const { redirectUrl } = await connectAccountLink(target, onboardingReturnUrl(target.region));
      navigate(redirectUrl);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error), autoClose: TOAST_MS.long });
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Step 1 · Connect your Stripe account
          </Title>
          {connected && (
            <Badge color="green" variant="light" role="status">
              {M.accountConnected}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Your clients pay into your own Stripe account. For the credits they buy, the platform keeps the base cost plus {PAYMENT_CONNECT_PLATFORM_FEE_PERCENT}% of your markup.
        </Text>
        {!connected && (
          <>
            {state.accountId && (
              <Text size="sm" role="status">
                Waiting for Stripe to confirm your account. Finish Stripe's onboarding if you have not yet.
              </Text>
            )}
            <Group>
              <Button onClick={() => void openOnboarding()} loading={busy}>
                {state.accountId ? 'Continue Stripe onboarding' : 'Connect Stripe account'}
              </Button>
            </Group>
          </>
        )}
        {connected && state.email && (
          <Text size="sm" c="dimmed">
            Payouts go to the Stripe account of {state.email}.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
