// Custom theme palette: 10 swatches of the primary colour's hue at lightness 95, 90, 80 … 10.
import { PALETTE_LIGHTNESS_STEPS } from '@parley/core';

const HEX6 = /^#[0-9a-fA-F]{6}$/;

/** Palette colours are applied only when the hex has 6 digits. */
export const isHex6 = (value: string): boolean => HEX6.test(value);

export function hexToHsl(hex: string): { h: number; s: number; l: number } {
  const n = parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l: Math.round(l * 100) };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h *= 60;
  return { h: Math.round(h), s: Math.round(s * 100), l: Math.round(l * 100) };
}

export function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)].map((x) => Math.round(x * 255).toString(16).padStart(2, '0')).join('')}`;
}

/** "hsl(H, S%, L%)" strings, lightest first. */
export function paletteFromPrimary(primary: string): string[] {
  const { h, s } = hexToHsl(primary);
  return PALETTE_LIGHTNESS_STEPS.map((l) => `hsl(${h}, ${s}%, ${l}%)`);
}

export function hslStringToHex(value: string): string | null {
  const m = /(\d+(?:\.\d+)?)\s*,?\s*(\d+(?:\.\d+)?)%\s*,?\s*(\d+(?:\.\d+)?)%/.exec(value);
  return m ? hslToHex(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

export interface CustomThemeValue {
  themeType: 'light' | 'dark';
  primary: string;
  nineColorPallet: string[];
  ownerID?: string;
}

export function parseCustomTheme(json: unknown): CustomThemeValue | null {
  if (typeof json !== 'string' || !json) return null;
  try {
    const v = JSON.parse(json) as Partial<CustomThemeValue>;
    if (typeof v.primary !== 'string' || !Array.isArray(v.nineColorPallet)) return null;
    return { themeType: v.themeType === 'dark' ? 'dark' : 'light', primary: v.primary, nineColorPallet: v.nineColorPallet.map(String), ownerID: v.ownerID };
  } catch {
    return null;
  }
}

/** Applies an edited primary only when it is a 6-digit hex; otherwise the theme is unchanged. */
export function withPrimary(theme: CustomThemeValue, primary: string): CustomThemeValue {
  return isHex6(primary) ? { ...theme, primary: primary.toLowerCase(), nineColorPallet: paletteFromPrimary(primary) } : theme;
}

/** Sets one swatch from a hex, only for 6-digit hex values. */
export function withSwatch(theme: CustomThemeValue, index: number, hex: string): CustomThemeValue {
  if (!isHex6(hex) || index < 0 || index >= theme.nineColorPallet.length) return theme;
  const { h, s, l } = hexToHsl(hex);
  const next = [...theme.nineColorPallet];
  next[index] = `hsl(${h}, ${s}%, ${l}%)`;
  return { ...theme, nineColorPallet: next };
}

export function defaultCustomTheme(themeType: 'light' | 'dark', primary = '#2563eb'): CustomThemeValue {
  return { themeType, primary, nineColorPallet: paletteFromPrimary(primary) };
}
