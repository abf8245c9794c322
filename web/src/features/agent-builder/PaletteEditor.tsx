// Custom theme palette: a primary colour and its 10 swatches (lightness 95 … 10). Only 6-digit hex values apply.
import { ColorSwatch, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { hslStringToHex, isValidHex6, normalizeHex6, PALETTE_LIGHTNESS_STEPS, withPrimary, withSwatch, type CustomThemeValue } from '@parley/core';
import { useEffect, useState } from 'react';

function HexField({ label, value, onApply }: { label: string; value: string; onApply: (hex: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      size="xs"
      label={label}
      value={text}
      error={text && !isValidHex6(text) ? 'Use a 6-digit hex like #1a2b3c' : undefined}
      leftSection={<ColorSwatch color={normalizeHex6(text) ?? value} size={14} />}
      onChange={(e) => {
        const next = e.currentTarget.value.trim();
        setText(next);
        if (isValidHex6(next)) onApply(next);
      }}
    />
  );
}

export function PaletteEditor({ theme, onChange }: { theme: CustomThemeValue; onChange: (next: CustomThemeValue) => void }) {
  return (
    <Stack gap="sm">
      <HexField label="Primary colour" value={theme.primary} onApply={(hex) => onChange(withPrimary(theme, hex))} />
      <Group gap={4} role="group" aria-label="Palette preview">
        {theme.nineColorPallet.map((c, i) => (
          <ColorSwatch key={i} color={c} size={22} role="img" aria-label={`Swatch ${PALETTE_LIGHTNESS_STEPS[i]}`} />
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        Ten swatches from lightest (95) to darkest (10). Edit one to fine-tune it.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        {theme.nineColorPallet.map((c, i) => (
          <HexField key={i} label={`Lightness ${PALETTE_LIGHTNESS_STEPS[i]}`} value={hslStringToHex(c) ?? '#000000'} onApply={(hex) => onChange(withSwatch(theme, i, hex))} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
