// Step 2 of Auto Billing: USDPerToken, the extra USD per credit the agency charges on top of the base cost
// (default 0.003). Must be a number ("Please enter a valid number"); saving answers "Billing settings saved".
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { billingApi, DEFAULT_PRICE_PER_CREDIT_USD, finalCreditPrice, parseUsdPerToken, TOAST_MS, validateUsdPerToken } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { saveBillingSettings, type ConnectTarget } from './connect-api';

const M = billingApi.BILLING_API_MESSAGES;

interface Props {
  target: ConnectTarget;
  /** The saved value. */
  usdPerToken: number;
  /** Told whether the typed value differs from the saved one (plans wait for a save). */
  onDirtyChange: (dirty: boolean) => void;
  onSaved: () => Promise<unknown>;
}

const perCredit = (n: number) => `$${n.toFixed(4).replace(/0+$/, '').replace(/\.$/, '')}`;

export function BillingSettingsStep({ target, usdPerToken, onDirtyChange, onSaved }: Props) {
  const [value, setValue] = useState(String(usdPerToken));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const parsed = parseUsdPerToken(value);

  function change(next: string) {
    setValue(next);
    setError(validateUsdPerToken(next));
    onDirtyChange(parseUsdPerToken(next) !== usdPerToken);
  }

  async function save() {
    const invalid = validateUsdPerToken(value);
    if (invalid || parsed === null) {
      setError(invalid ?? M.invalidNumber);
      return;
    }
    setSaving(true);
    try {
      await saveBillingSettings(target, parsed);
      await onSaved();
      onDirtyChange(false);
      notifications.show({ color: 'green', message: M.billingSettingsSaved, autoClose: TOAST_MS.default });
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e), autoClose: TOAST_MS.long });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Step 2 · Set your price per credit
        </Title>
        <TextInput
          label="USDPerToken"
          description={`Extra USD you charge per credit, on top of the base cost of ${perCredit(DEFAULT_PRICE_PER_CREDIT_USD)}.`}
          inputMode="decimal"
          value={value}
          onChange={(e) => change(e.currentTarget.value)}
          error={error}
          maw={320}
        />
        {parsed !== null && !error && (
          <Text size="sm" c="dimmed" data-testid="final-credit-price">
            Your clients pay {perCredit(finalCreditPrice(parsed))} per credit.
          </Text>
        )}
        <Group>
          <Button onClick={() => void save()} loading={saving}>
            Save billing settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
