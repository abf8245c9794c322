// Automatic Recharge (own plan): buy credits off-session when they drop below a threshold (500–2,500, step 500) for
// an amount ($5–25, step 5), within a monthly charge limit (0–500, step 25; 0 = "No Limit"). The free plan cannot
// enable it. A failed save puts the previous settings back and shows why.
import { Alert, Button, Group, Slider, Stack, Switch, Text,  } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AUTO_RECHARGE_OWN_PLAN, billingApi, BILLING_MESSAGES, FREE_PLAN_ID, monthlyLimitLabel, TOAST_MS } from '@parley/core';

import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { updateAutoRecharge, type BillingTarget, type UserBillingData } from './billing-api';
import { SectionCard } from '../../ui/SectionCard';

const M = billingApi.BILLING_API_MESSAGES;
const R = AUTO_RECHARGE_OWN_PLAN;

type Settings = UserBillingData['autoRecharge'];

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
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);

  // The server's settings after a refetch become the ones a failed save goes back to.
  const server = props.data.autoRecharge;
  useEffect(() => {
    const next = shown(server);
    setSaved(next);
    setEdit(next);
  }, [server.enabled, server.threshold, server.amount, server.monthlyLimit]); // eslint-disable-line react-hooks/exhaustive-deps

  function report(text: string, ok: boolean) {
    setMessage({ text, ok });
    notifications.show({ message: text, color: ok ? 'green' : 'red', autoClose: TOAST_MS.notification });
  }

  async function save() {
    if (isFree) return report(BILLING_MESSAGES.freePlanAutoRecharge, false);
    setBusy(true);
    setMessage(null);
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
    setMessage(null);
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
      <SliderField
        label="Recharge when credits drop below"
        value={edit.threshold}
        range={R.threshold}
        display={(v) => `${v.toLocaleString('en-US')} credits`}
        disabled={isFree || busy}
        onChange={(threshold) => set({ threshold })}
      />
      <SliderField
        label="Recharge amount"
        value={edit.amount}
        range={R.amount}
        display={(v) => `$${v}`}
        disabled={isFree || busy}
        onChange={(amount) => set({ amount })}
      />
      <SliderField
        label="Monthly charge limit"
        value={edit.monthlyLimit}
        range={R.monthlyLimit}
        display={monthlyLimitLabel}
        disabled={isFree || busy}
        onChange={(monthlyLimit) => set({ monthlyLimit })}
      />
      {message ? (
        <Text size="sm" c={message.ok ? 'green' : 'red'} role="status">
          {message.text}
        </Text>
      ) : null}
      <Group>
        <Button onClick={() => void save()} loading={busy} disabled={isFree}>
          Save auto-recharge
        </Button>
      </Group>
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
