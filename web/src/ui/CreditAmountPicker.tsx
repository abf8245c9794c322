// How many credits to buy: the quick picks (1K/2.5K/5K/10K) and a slider over the purchase range (1,000–50,000 in
// steps of 500). Used by the workspace's and the client's Purchase Credits.
import { Button, Group, Slider } from '@mantine/core';
import { CREDIT_PURCHASE } from '@parley/core';

const QUICK_LABELS: Record<number, string> = { 1000: '1K', 2500: '2.5K', 5000: '5K', 10000: '10K' };

/** The amount snapped into the purchase range (step 500). */
export function clampCredits(value: number): number {
  const stepped = Math.round(value / CREDIT_PURCHASE.step) * CREDIT_PURCHASE.step;
  return Math.min(CREDIT_PURCHASE.max, Math.max(CREDIT_PURCHASE.min, stepped));
}

/** Calls `onChange` with an amount already snapped into the range. */
export function CreditAmountPicker(props: { value: number; onChange(credits: number): void }) {
  const choose = (value: number) => props.onChange(clampCredits(value));
  return (
    <>
      <Group gap="xs">
        {CREDIT_PURCHASE.quickPicks.map((n) => (
          <Button key={n} size="xs" variant={props.value === n ? 'filled' : 'light'} onClick={() => choose(n)} aria-label={`${QUICK_LABELS[n]} credits`}>
            {QUICK_LABELS[n]}
          </Button>
        ))}
      </Group>
      <Slider
        min={CREDIT_PURCHASE.min}
        max={CREDIT_PURCHASE.max}
        step={CREDIT_PURCHASE.step}
        value={props.value}
        onChange={choose}
        label={(v) => v.toLocaleString('en-US')}
        thumbLabel="Credits to purchase"
      />
    </>
  );
}
