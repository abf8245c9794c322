// The widget's theme: a named theme ("blue-dark") or a custom one (customThemeJSONString: themeType, primary,
// nineColorPallet). One reading of the stored JSON for the dashboard's editor and the widget; the palette
// rule (only 6-digit hex colours are applied) is in ./palette. No zod: the widget's loader uses this.
import { THEME_TYPES } from '../constants/agent';
import { formatHsl, generatePalette, hexToHsl, normalizeHex6 } from './palette';

export type ThemeType = (typeof THEME_TYPES)[number];

/** Primary colour of each named theme (`{name}-light` / `{name}-dark`), in the order the theme picker lists them. */
export const THEME_PRIMARIES = {
  blue: '#2563eb', green: '#16a34a', purple: '#7c3aed', red: '#dc2626', orange: '#ea580c', pink: '#db2777',
  teal: '#0d9488', yellow: '#ca8a04', indigo: '#4f46e5', gray: '#4b5563', black: '#111827',
} as const;
export type ThemeName = keyof typeof THEME_PRIMARIES;
export const DEFAULT_THEME = 'blue-light';
/** Name of the custom theme (`custom-light` / `custom-dark`): its colours come from customThemeJSONString. */
export const CUSTOM_THEME_NAME = 'custom';

/** A theme value split into its name and light/dark mode ("custom-dark" → custom, dark); unknown parts fall back. */
export function themeParts(theme: unknown): { name: string; type: ThemeType } {
  const [name = 'blue', mode = 'light'] = (typeof theme === 'string' && theme ? theme : DEFAULT_THEME).split('-');
  return { name, type: mode === 'dark' ? 'dark' : 'light' };
}

/** A custom theme as stored in customThemeJSONString. */
export interface CustomThemeValue {
  themeType: ThemeType;
  primary: string;
  /** Ten "hsl(H, S%, L%)" swatches, lightest first (the name says nine; the palette has ten). */
  nineColorPallet: string[];
}

/** A stored customThemeJSONString's type (else `fallbackType`), primary colour and stored palette, unchecked. */
function readCustomThemeFields(json: unknown, fallbackType: ThemeType): { themeType: ThemeType; primary: string; pallet: unknown } | null {
  if (typeof json !== 'string' || !json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.primary !== 'string') return null;
  return { themeType: v.themeType === 'dark' || v.themeType === 'light' ? v.themeType : fallbackType, primary: v.primary, pallet: v.nineColorPallet };
}

/**
 * Reads a stored customThemeJSONString: null when absent, not JSON, or without a primary colour. A theme
 * without a palette gets the one its primary colour gives; one without a themeType gets `fallbackType` (the
 * theme value's own mode). The primary is returned as stored: whether it applies is the palette rule
 * (isValidHex6), which the editor shows and the widget obeys.
 */
export function readCustomTheme(json: unknown, fallbackType: ThemeType = 'light'): CustomThemeValue | null {
  const fields = readCustomThemeFields(json, fallbackType);
  if (!fields) return null;
  const { themeType, primary, pallet } = fields;
  return { themeType, primary, nineColorPallet: Array.isArray(pallet) ? pallet.map(String) : (generatePalette(primary) ?? []) };
}

/**
 * A stored customThemeJSONString as it may be published (the widget's agent, an agency host's branding): its
 * colours only (themeType when stored, primary, nineColorPallet), written anew, so nothing else kept in the JSON
 * (an owner's id, say) ever reaches a visitor. undefined when it is not a custom theme.
 */
export function publicCustomThemeJSON(json: unknown): string | undefined {
  const theme = readCustomTheme(json);
  if (!theme) return undefined;
  const stored = JSON.parse(json as string) as { themeType?: unknown };
  const typed = stored.themeType === 'dark' || stored.themeType === 'light';
  return JSON.stringify({ ...(typed ? { themeType: theme.themeType } : {}), primary: theme.primary, nineColorPallet: theme.nineColorPallet });
}

/** A fresh custom theme: the primary colour and its generated palette. */
export function defaultCustomTheme(themeType: ThemeType, primary: string = THEME_PRIMARIES.blue): CustomThemeValue {
  return { themeType, primary, nineColorPallet: generatePalette(primary) ?? [] };
}

/** An edited primary colour applies (with its new palette) only when it is a 6-digit hex; otherwise nothing changes. */
export function withPrimary(theme: CustomThemeValue, primary: string): CustomThemeValue {
  const hex = normalizeHex6(primary);
  return hex ? { ...theme, primary: hex, nineColorPallet: generatePalette(hex)! } : theme;
}

/** Sets one swatch from a hex colour, only for a 6-digit hex and an existing swatch. */
export function withSwatch(theme: CustomThemeValue, index: number, hex: string): CustomThemeValue {
  const hsl = hexToHsl(hex);
  if (!hsl || index < 0 || index >= theme.nineColorPallet.length) return theme;
  const next = [...theme.nineColorPallet];
  next[index] = formatHsl(hsl);
  return { ...theme, nineColorPallet: next };
}

/** Readable text colour on a background (YIQ contrast). */
export function contrastText(hex: string): string {
  const n = parseInt(hex.replace('#', ''), 16);
  const yiq = (((n >> 16) & 255) * 299 + ((n >> 8) & 255) * 587 + (n & 255) * 114) / 1000;
  return yiq >= 150 ? '#111827' : '#ffffff';
}

export interface ThemeColors {
  primary: string;
  /** Text on the primary colour. */
  onPrimary: string;
  dark: boolean;
}

/**
 * The colours an agent's widget uses: a named theme's primary, or a custom theme's (only a 6-digit hex
 * applies; the custom theme's own light/dark type wins). Unknown or broken themes give the default colours.
 */
export function themeColors(agent: { theme?: unknown; customThemeJSONString?: unknown }): ThemeColors {
  const { name, type } = themeParts(agent.theme);
  let primary: string = THEME_PRIMARIES[name as ThemeName] ?? THEME_PRIMARIES.blue;
  let dark = type === 'dark';
  if (name === CUSTOM_THEME_NAME) {
    // Only the type and primary colour: the palette is not read here (the widget's loader carries this rule).
    const custom = readCustomThemeFields(agent.customThemeJSONString, type);
    const hex = custom ? normalizeHex6(custom.primary) : null;
    if (hex) primary = hex;
    if (custom) dark = custom.themeType === 'dark';
  }
  return { primary, onPrimary: contrastText(primary), dark };
}
