// Step 3 of Auto Billing: the subscription plans the agency's clients can buy. Each plan has a name, credits, up
// to 5 features and a popular flag; its monthly price is read-only (credits × the final credit price). Saving
// creates or updates the products and prices on the connected account (upsertAgencyPlans).
import { ActionIcon, Alert, Badge, Button, Card, Checkbox, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { billingApi, TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { upsertAgencyPlans, type ConnectTarget } from './connect-api';
import { addFeature, planErrors, planPrice, priceOutdated, removeFeature, toPlanInputs, type PlanDraft } from './plan-drafts';

const M = billingApi.BILLING_API_MESSAGES;

interface Props {
  target: ConnectTarget;
  accountId: string;
  /** The saved USDPerToken: the server prices plans with it. */
  usdPerToken: number;
  initial: PlanDraft[];
  onSaved: () => Promise<unknown>;
}

function PlanCard({ n, plan, usdPerToken, error, onChange, onError }: {
  n: number;
  plan: PlanDraft;
  usdPerToken: number;
  error: string | undefined;
  onChange: (plan: PlanDraft) => void;
  onError: (message: string | null) => void;
}) {
  const setFeatures = (features: string[]) => onChange({ ...plan, features });
  return (
    <Card withBorder padding="md" aria-label={`Plan ${n}`} component="section">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{plan.name.trim() || `Plan ${n}`}</Text>
          {plan.isPopular && <Badge variant="light">Popular</Badge>}
        </Group>
        <TextInput label={`Plan ${n} name`} value={plan.name} onChange={(e) => onChange({ ...plan, name: e.currentTarget.value })} maxLength={60} />
        <NumberInput
          label={`Plan ${n} credits`}
          value={plan.credits}
          onChange={(v) => onChange({ ...plan, credits: typeof v === 'number' ? v : Number(v) })}
          min={1}
          step={500}
          allowDecimal={false}
          thousandSeparator=","
        />
        <TextInput label={`Plan ${n} price (USD per month)`} value={`$${planPrice(plan.credits, usdPerToken).toFixed(2)}`} readOnly />
        {priceOutdated(plan, usdPerToken) && (
          <Text size="xs" c="dimmed">
            Clients pay ${plan.savedPrice!.toFixed(2)} until you save plans.
          </Text>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Features
          </Text>
          {plan.features.map((feature, i) => (
            <Group key={i} gap="xs" wrap="nowrap">
              <TextInput
                aria-label={`Plan ${n} feature ${i + 1}`}
                value={feature}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setFeatures(plan.features.map((f, j) => (j === i ? text : f)));
                }}
                maxLength={200}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove plan ${n} feature ${i + 1}`}
                onClick={() => {
                  const r = removeFeature(plan.features, i);
                  if (r.features) setFeatures(r.features);
                  onError(r.error);
                }}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              aria-label={`Add feature to plan ${n}`}
              onClick={() => {
                const r = addFeature(plan.features);
                if (r.features) setFeatures(r.features);
                onError(r.error);
              }}
            >
              Add feature
            </Button>
          </Group>
        </Stack>
        <Checkbox label={`Plan ${n} popular`} checked={plan.isPopular} onChange={(e) => onChange({ ...plan, isPopular: e.currentTarget.checked })} />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function PlansStep({ target, accountId, usdPerToken, initial, onSaved }: Props) {
  const [plans, setPlans] = useState<PlanDraft[]>(initial);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState(false);

  const setError = (i: number, message: string | null) =>
    setErrors((prev) => {
      const next = { ...prev };
      if (message) next[i] = message;
      else delete next[i];
      return next;
    });

  async function save() {
    const found = planErrors(plans);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const { updatedPlans } = await upsertAgencyPlans(target, accountId, toPlanInputs(plans));
      // Later saves update these products and prices instead of creating new ones.
      setPlans((prev) => prev.map((p, i) => ({ ...p, ...(updatedPlans[i] ?? {}), savedPrice: planPrice(p.credits, usdPerToken) })));
      notifications.show({ color: 'green', message: M.plansSaved, autoClose: TOAST_MS.default });
      await onSaved();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e, M.plansFailed), autoClose: TOAST_MS.long });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {plans.map((plan, i) => (
          <PlanCard
            key={i}
            n={i + 1}
            plan={plan}
            usdPerToken={usdPerToken}
            error={errors[i]}
            onChange={(next) => {
              setPlans((prev) => prev.map((p, j) => (j === i ? next : p)));
              setError(i, null);
            }}
            onError={(message) => setError(i, message)}
          />
        ))}
      </SimpleGrid>
      <Group>
        <Button onClick={() => void save()} loading={saving}>
          Save plans
        </Button>
      </Group>
    </Stack>
  );
}

/** The step's frame: the plans, or why they cannot be set up yet. */
export function PlansStepFrame({ gate, children }: { gate: string | null; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Step 3 · Subscription plans
        </Title>
        {gate ? (
          <Alert color="yellow" variant="light" role="status">
            {gate}
          </Alert>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}
