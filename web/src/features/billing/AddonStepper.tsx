// One add-on's quantity: − value +, clamped to 0…max (10, whitelabel-new 1) by core's rule.
import { ActionIcon, Group, Text } from '@mantine/core';
import { addonQuantityMax, clampAddonQuantity } from '@parley/core';

export interface AddonStepperProps {
  addonKey: string;
  label: string;
  value: number;
  disabled?: boolean;
  onChange(value: number): void;
}

export function AddonStepper({ addonKey, label, value, disabled, onChange }: AddonStepperProps) {
  const max = addonQuantityMax(addonKey);
  const set = (next: number) => onChange(clampAddonQuantity(addonKey, next));
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon variant="default" aria-label={`Decrease ${label}`} disabled={disabled || value <= 0} onClick={() => set(value - 1)}>
        −
      </ActionIcon>
      <Text component="output" aria-label={`${label} quantity`} w={24} ta="center" fw={600}>
        {value}
      </Text>
      <ActionIcon variant="default" aria-label={`Increase ${label}`} disabled={disabled || value >= max} onClick={() => set(value + 1)}>
        +
      </ActionIcon>
    </Group>
  );
}
