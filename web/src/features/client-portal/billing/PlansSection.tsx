// Subscription Plans: the agency's plans from its connected account (credits, monthly price, features, Popular).
// Subscribe opens Stripe Checkout on the agency's account (the page leaves for it and comes back to the dashboard);
// the org's current plan can be cancelled at period end.
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text,  } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { billingApi, TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useBusyAction } from '../../../lib/use-busy-action';
import type { AgencyPlan } from './org-billing-api';
import { SectionCard } from '../../../ui/SectionCard';

const M = billingApi.BILLING_API_MESSAGES;

export interface OrgSubscription {
  id?: string | undefined;
  status?: string | undefined;
  priceId?: string | undefined;
  cancelAtPeriodEnd?: boolean | undefined;
}

export interface PlansSectionProps {
  plans: AgencyPlan[];
  subscription: OrgSubscription | null;
  /** Answers Checkout's URL; the section sends the browser there. */
  subscribe(priceId: string): Promise<string>;
  cancel(subscriptionId: string): Promise<void>;
  redirect(url: string): void;
}

const isLive = (s: OrgSubscription | null): s is OrgSubscription & { id: string } => !!s?.id && (s.status === 'active' || s.status === 'trialing' || s.status === 'past_due');

export function PlansSection(props: PlansSectionProps) {
  // Subscribing stays busy until the browser has left for Checkout: only a failure frees the buttons.
  const [leaving, setLeaving] = useState<string | null>(null);
  const action = useBusyAction<'cancel'>();
  const busy = leaving ?? action.busy;
  const [confirming, setConfirming] = useState(false);
  const current = isLive(props.subscription) ? props.subscription : null;

  async function subscribe(priceId: string) {
    setLeaving(priceId);
    try {
      props.redirect(await props.subscribe(priceId));
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, M.sessionFailed), autoClose: TOAST_MS.long });
      setLeaving(null);
    }
  }

  async function cancel(subscriptionId: string) {
    const done = await action.run('cancel', () => props.cancel(subscriptionId), M.connectCancelFailed);
    if (done) {
      notifications.show({ color: 'green', message: M.connectCanceled, autoClose: TOAST_MS.long });
      setConfirming(false);
    }
  }

  return (
    <SectionCard title="Subscription Plans" compact>
      {props.plans.length === 0 ? (
        <Text size="sm" c="dimmed">
          No plans are offered yet.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {props.plans.map((plan) => {
          const isCurrent = !!current && current.priceId === plan.priceId;
          return (
            <Card key={plan.priceId ?? plan.name} withBorder padding="sm" component="section" aria-label={plan.name}>
              <Stack gap={6}>
                <Group justify="space-between">
                  <Text fw={700}>{plan.name}</Text>
                  {plan.isPopular ? <Badge>Popular</Badge> : null}
                </Group>
                <Text size="sm">{plan.credits.toLocaleString('en-US')} credits / month</Text>
                <Text fw={600}>${plan.price.toFixed(2)} / month</Text>
                {plan.features.length > 0 ? (
                  <List size="sm">
                    {plan.features.map((f) => (
                      <List.Item key={f}>{f}</List.Item>
                    ))}
                  </List>
                ) : null}
                {isCurrent ? (
                  <Button size="xs" disabled>
                    Current Plan
                  </Button>
                ) : (
                  <Button size="xs" onClick={() => plan.priceId && void subscribe(plan.priceId)} loading={busy === plan.priceId} disabled={!plan.priceId || !!current || (busy !== null && busy !== plan.priceId)}>
                    Subscribe
                  </Button>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {current ? (
        current.cancelAtPeriodEnd ? (
          <Text size="sm" c="red">
            Your subscription ends at the end of this billing period.
          </Text>
        ) : confirming ? (
          <Group justify="flex-end">
            <Text size="sm">Cancel your subscription at the end of this billing period?</Text>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              Keep subscription
            </Button>
            <Button size="xs" color="red" onClick={() => void cancel(current.id)} loading={busy === 'cancel'}>
              Confirm cancel
            </Button>
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)}>
              Cancel Subscription
            </Button>
          </Group>
        )
      ) : null}
    </SectionCard>
  );
}
