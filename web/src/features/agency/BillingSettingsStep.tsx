// Step 2 of Auto Billing: USDPerToken, the extra USD per credit the agency charges on top of the base cost
// (default 0.003). Must be a number ("Please enter a valid number"); saving answers "Billing settings saved". Beside
// it, core's split of a sale: what the platform takes (the base price plus 5 % of the markup) and what the agency earns.
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { billingApi, connectCreditCharge, connectCreditSplit, DEFAULT_PRICE_PER_CREDIT_USD, finalCreditPrice, parseUsdPerToken, PAYMENT_CONNECT_PLATFORM_FEE_PERCENT, TOAST_MS, validateUsdPerToken } from '@parley/core';
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
const cents = (minor: number) => `$${(minor / 100).toFixed(2)}`;
/** The split is shown for this many credits: per credit it would be fractions of a cent. */
const SPLIT_EXAMPLE_CREDITS = 1000;

/** What a sale of 1,000 credits at this USDPerToken pays the platform and the agency, as one sentence. */
export function creditSplitText(usdPerToken: number): string {
  const split = connectCreditSplit(SPLIT_EXAMPLE_CREDITS, connectCreditCharge(SPLIT_EXAMPLE_CREDITS, usdPerToken));
  if (!split) return 'This price is below the base cost; your clients could not buy credits at it.';
  return `For every 1,000 credits your clients pay ${cents(split.charged)}: the platform takes ${cents(split.applicationFee)} `
    + `(the ${cents(split.platformBase)} base cost plus ${PAYMENT_CONNECT_PLATFORM_FEE_PERCENT}% of your ${cents(split.markup)} markup) and you earn ${cents(split.agencyEarns)}.`;
}

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
        {parsed !== null && !error && (
          <Text size="sm" c="dimmed" data-testid="credit-split">
            {creditSplitText(parsed)}
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
