// Automatic Recharge (own plan): buy credits off-session when they drop below a threshold (500–2,500, step 500) for
// an amount ($5–25, step 5), within a monthly charge limit (0–500, step 25; 0 = "No Limit"). The free plan cannot
// enable it. A failed save puts the previous settings back and shows why.
import { Alert, Group, Slider, Stack, Switch, Text } from '@mantine/core';
import { AUTO_RECHARGE_OWN_PLAN, billingApi, BILLING_MESSAGES, FREE_PLAN_ID, monthlyLimitLabel } from '@parley/core';

import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { updateAutoRecharge, type BillingTarget, type UserBillingData } from './billing-api';
import { SectionCard } from '../../ui/SectionCard';
import { CardAction, useOutcome } from './CardAction';

const M = billingApi.BILLING_API_MESSAGES;
const R = AUTO_RECHARGE_OWN_PLAN;

type Settings = UserBillingData['autoRecharge'];

const SLIDERS: { key: 'threshold' | 'amount' | 'monthlyLimit'; label: string; display(value: number): string }[] = [
  { key: 'threshold', label: 'Recharge when credits drop below', display: (v) => `${v.toLocaleString('en-US')} credits` },
  { key: 'amount', label: 'Recharge amount', display: (v) => `$${v}` },
  { key: 'monthlyLimit', label: 'Monthly charge limit', display: monthlyLimitLabel },
];

/** A value snapped into its slider's range and step. */
export function snapToRange(value: number, range: { min: number; max: number; step: number }): number {
  const stepped = range.min + Math.round((value - range.min) / range.step) * range.step;
  return Math.min(range.max, Math.max(range.min, stepped));
}

export { monthlyLimitLabel };

/** Stored settings as the sliders can show them (older or missing values snapped into the own plan's ranges). */
function shown(s: Settings): Settings {
  return {
    enabled: s.enabled,
    threshold: snapToRange(s.threshold, R.threshold),
    amount: snapToRange(s.amount, R.amount),
    monthlyLimit: snapToRange(s.monthlyLimit, R.monthlyLimit),
  };
}

export function AutoRechargeCard(props: { target: BillingTarget; data: UserBillingData; onSaved(): Promise<unknown> }) {
  const isFree = props.data.currentPlan.name === FREE_PLAN_ID;
  const [saved, setSaved] = useState<Settings>(() => shown(props.data.autoRecharge));
  const [edit, setEdit] = useState<Settings>(saved);
  const [busy, setBusy] = useState(false);
  const { outcome, report, clear } = useOutcome();

  // The server's settings after a refetch become the ones a failed save goes back to.
  const server = props.data.autoRecharge;
  useEffect(() => {
    const next = shown(server);
    setSaved(next);
    setEdit(next);
  }, [server.enabled, server.threshold, server.amount, server.monthlyLimit]); // eslint-disable-line react-hooks/exhaustive-deps

  async function save() {
    if (isFree) return report(BILLING_MESSAGES.freePlanAutoRecharge, false);
    setBusy(true);
    clear();
    try {
      const answer = await updateAutoRecharge(props.target, edit);
      setSaved(answer.settings);
      setEdit(answer.settings);
      report(answer.message ?? M.autochargeSaved, true);
      await props.onSaved();
    } catch (error) {
      setEdit(saved);
      report(errorMessage(error, M.autoRechargeFailed), false);
    } finally {
      setBusy(false);
    }
  }

  const set = (patch: Partial<Settings>) => {
    clear();
    setEdit((e) => ({ ...e, ...patch }));
  };

  return (
    <SectionCard title="Automatic Recharge">
      {isFree ? (
        <Alert color="yellow" variant="light">
          {BILLING_MESSAGES.freePlanAutoRecharge}
        </Alert>
      ) : null}
      <Switch
        label="Enable auto-recharge"
        checked={edit.enabled}
        disabled={isFree || busy}
        onChange={(e) => set({ enabled: e.currentTarget.checked })}
      />
      {SLIDERS.map((slider) => (
        <SliderField key={slider.key} label={slider.label} value={edit[slider.key]} range={R[slider.key]} display={slider.display}
          disabled={isFree || busy} onChange={(value) => set({ [slider.key]: value })} />
      ))}
      <CardAction outcome={outcome} label="Save auto-recharge" onClick={() => void save()} busy={busy} disabled={isFree} />
    </SectionCard>
  );
}

function SliderField(props: {
  label: string;
  value: number;
  range: { min: number; max: number; step: number };
  display(value: number): string;
  disabled: boolean;
  onChange(value: number): void;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{props.label}</Text>
        <Text size="sm" fw={600} aria-label={`${props.label} value`}>
          {props.display(props.value)}
        </Text>
      </Group>
      <Slider
        min={props.range.min}
        max={props.range.max}
        step={props.range.step}
        value={props.value}
        onChange={(v) => props.onChange(snapToRange(v, props.range))}
        label={props.display}
        thumbLabel={props.label}
        disabled={props.disabled}
      />
    </Stack>
  );
}
