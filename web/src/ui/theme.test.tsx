// The app's theme keeps text legible and names the controls Mantine draws with an icon only.
import { DEFAULT_THEME, Drawer, MantineProvider, mergeMantineTheme, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessibleColors, MIN_TEXT_CONTRAST, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const relativeLuminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrastWithWhite = (rgb: number[]) => 1.05 / (relativeLuminance(rgb) + 0.05);

/** The colour a filled variable stands for: a shade of the palette, or its darkest shade mixed with black in sRGB. */
function resolve(value: string): number[] {
  const shade = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(value);
  if (shade) return channels(full.colors[shade[1]!]![Number(shade[2])]!);
  const mix = /^color-mix\(in srgb, var\(--mantine-color-(\w+)-9\), black (\d+)%\)$/.exec(value);
  if (!mix) throw new Error(`unexpected colour ${value}`);
  return channels(full.colors[mix[1]!]![9]!).map((c) => c * (1 - Number(mix[2]) / 100));
}

describe('accessible colours', () => {
  const vars = accessibleColors(full);
  const filled = (scheme: 'light' | 'dark', color: string) => vars[scheme][`--mantine-color-${color}-filled`];

  it('gives every filled colour (badges, buttons) at least 4.5:1 with its white text, in both schemes', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const shade = scheme === 'light' ? 6 : 8;
      for (const color of Object.keys(full.colors)) {
        const rgb = resolve(filled(scheme, color) ?? `var(--mantine-color-${color}-${shade})`);
        expect(contrastWithWhite(rgb), `${color} in ${scheme}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    }
  });

  it('keeps a colour that is already legible as it is (the brand colour) and darkens the ones that are not', () => {
    expect(filled('light', 'parley')).toBeUndefined();
    expect(filled('light', 'green')).toMatch(/green/);
    expect(filled('light', 'red')).toBe('var(--mantine-color-red-8)');
    expect(vars.light['--mantine-color-red-filled-hover']).toBe('var(--mantine-color-red-9)');
    expect(vars.light['--mantine-color-red-outline']).toBe('var(--mantine-color-red-8)');
  });
});

describe('accessible components', () => {
  it("names a dialog's and a drawer's corner close button", () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Modal opened onClose={() => undefined} title="Billing Dashboard">
          Body
        </Modal>
        <Drawer opened onClose={() => undefined} title="Organization">
          Body
        </Drawer>
      </MantineProvider>,
    );
    expect(screen.getAllByRole('button', { name: 'Close dialog' })).toHaveLength(2);
  });
});
