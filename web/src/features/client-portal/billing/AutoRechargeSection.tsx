// Auto-Recharge: when the org's credits drop below the threshold (100–5,000, step 100, default 500), its card on the
// agency's account is charged the amount ($5–100, step 5, default 5), within a monthly charge limit (0–500, step 25;
// 0 = "No Limit"; default 100). A refused save puts the saved values back.
import { Button, Card, Group, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AUTO_RECHARGE_CONNECTED, billingApi, monthlyLimitLabel, TOAST_MS } from '@parley/core';
import { errorMessage } from '../../../lib/api';
import { useAutoRechargeForm, type AutoRechargeValues } from './auto-recharge-form';

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
    <Card withBorder padding="md" component="section" aria-label="Auto-Recharge">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Auto-Recharge
        </Title>
        <Switch label="Enable auto-recharge" checked={values.enabled} onChange={(e) => form.change({ enabled: e.currentTarget.checked })} />
        <Stack gap={4}>
          <Text size="sm">Recharge when credits drop below {values.threshold.toLocaleString('en-US')}</Text>
          <Slider
            min={T.min}
            max={T.max}
            step={T.step}
            value={values.threshold}
            onChange={(threshold) => form.change({ threshold })}
            label={(v) => v.toLocaleString('en-US')}
            thumbLabel="Recharge threshold"
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm">Recharge amount: ${values.amount}</Text>
          <Slider min={A.min} max={A.max} step={A.step} value={values.amount} onChange={(amount) => form.change({ amount })} label={(v) => `$${v}`} thumbLabel="Recharge amount" />
        </Stack>
        <Stack gap={4}>
          <Text size="sm">Monthly charge limit: {monthlyLimitLabel(values.monthlyLimit)}</Text>
          <Slider
            min={L.min}
            max={L.max}
            step={L.step}
            value={values.monthlyLimit}
            onChange={(monthlyLimit) => form.change({ monthlyLimit })}
            label={monthlyLimitLabel}
            thumbLabel="Monthly charge limit"
          />
        </Stack>
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={form.saving}>
            Save auto-recharge
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
