// Auto-Recharge: when the org's credits drop below the threshold (100–5,000, step 100, default 500), its card on the
// agency's account is charged the amount ($5–100, step 5, default 5), within a monthly charge limit (0–500, step 25;
// 0 = "No Limit"; default 100). A refused save puts the saved values back.
import { Button, Group, Slider, Stack, Switch, Text,  } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AUTO_RECHARGE_CONNECTED, billingApi, monthlyLimitLabel, TOAST_MS } from '@parley/core';
import { errorMessage } from '../../../lib/api';
import { useAutoRechargeForm, type AutoRechargeValues } from './auto-recharge-form';
import { SectionCard } from '../../../ui/SectionCard';

const M = billingApi.BILLING_API_MESSAGES;
const { threshold: T, amount: A, monthlyLimit: L } = AUTO_RECHARGE_CONNECTED;

export function AutoRechargeSection(props: { initial: AutoRechargeValues; send(values: AutoRechargeValues): Promise<string | undefined> }) {
  const form = useAutoRechargeForm(props.initial, async (values) => {
    const message = await props.send(values);
    notifications.show({ color: 'green', message: message ?? M.autochargeSaved, autoClose: TOAST_MS.long });
  });
  const { values } = form;

  async function save() {
    try {
      await form.save();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, M.autoRechargeFailed), autoClose: TOAST_MS.long });
    }
  }

  return (
    <SectionCard title="Auto-Recharge" compact>
      <Switch label="Enable auto-recharge" checked={values.enabled} onChange={(e) => form.change({ enabled: e.currentTarget.checked })} />
      <RangeField
        text={`Recharge when credits drop below ${values.threshold.toLocaleString('en-US')}`}
        name="Recharge threshold"
        range={T}
        value={values.threshold}
        display={(v) => v.toLocaleString('en-US')}
        onChange={(threshold) => form.change({ threshold })}
      />
      <RangeField text={`Recharge amount: $${values.amount}`} name="Recharge amount" range={A} value={values.amount} display={(v) => `$${v}`} onChange={(amount) => form.change({ amount })} />
      <RangeField
        text={`Monthly charge limit: ${monthlyLimitLabel(values.monthlyLimit)}`}
        name="Monthly charge limit"
        range={L}
        value={values.monthlyLimit}
        display={monthlyLimitLabel}
        onChange={(monthlyLimit) => form.change({ monthlyLimit })}
      />
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={form.saving}>
          Save auto-recharge
        </Button>
      </Group>
    </SectionCard>
  );
}

/** One setting's slider under the sentence that says its value; `name` labels the thumb. */
function RangeField(props: {
  text: string;
  name: string;
  range: { min: number; max: number; step: number };
  value: number;
  display(value: number): string;
  onChange(value: number): void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm">{props.text}</Text>
      <Slider min={props.range.min} max={props.range.max} step={props.range.step} value={props.value} onChange={props.onChange} label={props.display} thumbLabel={props.name} />
    </Stack>
  );
}
