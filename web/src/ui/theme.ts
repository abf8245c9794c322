// Mantine theme: the brand palette as a 10-shade tuple, and the accessibility defaults every theme shares.
import { createTheme, luminance, type CSSVariablesResolver, type MantineColorsTuple, type MantineTheme, type MantineThemeComponents } from '@mantine/core';

export const parleyPalette: MantineColorsTuple = [
  '#f0eeff', '#dcd8fb', '#b6aef3', '#8e82ec', '#6c5de6', '#5847e2', '#4b3bdb', '#3d2fc3', '#3529af', '#2a219a',
];

/**
 * Components' defaults that give every control a name (a toast's or a dialog's close button has only an icon), links that are
 * told from the text around them by more than their colour (an underline), and toasts whose text keeps its contrast.
 */
export const accessibleComponents: MantineThemeComponents = {
  Notification: {
    defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    // Under a title Mantine greys the text (gray 6, 3.9:1 on white); the dimmed colour keeps 4.5:1.
    styles: (_theme: unknown, props: { title?: unknown }) => (props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {}),
  },
  Anchor: { defaultProps: { underline: 'always' } },
  // A dialog's corner close button is an icon too.
  Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
  Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
};

/** The smallest contrast ratio of normal-size text with its background (WCAG 2.1 AA). */
export const MIN_TEXT_CONTRAST = 4.5;

const contrastWithWhite = (color: string) => 1.05 / (luminance(color) + 0.05);

/**
 * Filled variants (badges, buttons) write white on the colour: its scheme's shade when that keeps 4.5:1 with white,
 * else the first darker shade that does, else the darkest shade darkened further. Mantine's shade 6 of most colours
 * (green, red, blue, gray, …) is too light for white text. Coloured text (`c="red"`) takes the filled colour too.
 */
function legibleFilled(theme: MantineTheme, color: string, shade: number, withOutline: boolean): [string, string][] {
  const shades = theme.colors[color] ?? [];
  const index = shades.findIndex((value, i) => i >= shade && contrastWithWhite(value) >= MIN_TEXT_CONTRAST);
  const at = (i: number) => (i <= 9 ? `var(--mantine-color-${color}-${i})` : `color-mix(in srgb, var(--mantine-color-${color}-9), black ${(i - 9) * 10 + 25}%)`);
  const filled = index === -1 ? 10 : index;
  if (filled === shade) return [];
  const entries: [string, string][] = [
    [`--mantine-color-${color}-filled`, at(filled)],
    [`--mantine-color-${color}-filled-hover`, at(filled + 1)],
  ];
  // Outline variants write in the colour on the (white) page: the same shade keeps the same contrast.
  return withOutline ? [...entries, [`--mantine-color-${color}-outline`, at(filled)]] : entries;
}

const primaryShadeOf = (theme: MantineTheme, scheme: 'light' | 'dark') =>
  typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade[scheme];

/**
 * Dimmed text (captions, group labels, hints) keeps a contrast of at least 4.5:1 on the page and on light tints:
 * Mantine's default shades (gray 6 on white, dark 2 on dark 7) fall below it at small sizes. So do filled colours.
 */
export const accessibleColors: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Light variants (badges, buttons) write in their colour on a 10 % tint of it; the darkest shade, darkened
    // further, keeps 4.5:1 for every palette (yellow and orange included).
    ...Object.fromEntries(
      Object.keys(theme.colors).map((color) => [`--mantine-color-${color}-light-color`, `color-mix(in srgb, var(--mantine-color-${color}-9), black 35%)`]),
    ),
    ...Object.fromEntries(Object.keys(theme.colors).flatMap((color) => legibleFilled(theme, color, primaryShadeOf(theme, 'light'), true))),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    ...Object.fromEntries(Object.keys(theme.colors).flatMap((color) => legibleFilled(theme, color, primaryShadeOf(theme, 'dark'), false))),
  },
});

// A user who asked their system for less motion gets modals, drawers and toasts without their transitions.
export const theme = createTheme({
  respectReducedMotion: true,
  primaryColor: 'parley',
  colors: { parley: parleyPalette },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: accessibleComponents,
});
