// Theme palette from a primary colour: ten HSL swatches at lightness 95, 90, 80 ... 10.
import { PALETTE_LIGHTNESS_STEPS } from '../constants/agent';

/** Only 6-digit hex colours (with or without '#') are applied. */
export const isValidHex6 = (hex: string): boolean => /^#?[0-9a-fA-F]{6}$/.test(hex.trim());

export interface Hsl { h: number; s: number; l: number }

/** null when `hex` is not a 6-digit hex colour. h in degrees, s and l in percent (rounded). */
export function hexToHsl(hex: string): Hsl | null {
  if (!isValidHex6(hex)) return null;
  const v = hex.trim().replace('#', '');
  const r = parseInt(v.slice(0, 2), 16) / 255;
  const g = parseInt(v.slice(2, 4), 16) / 255;
  const b = parseInt(v.slice(4, 6), 16) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  let h = 0;
  let s = 0;
  if (max !== min) {
    const d = max - min;
    s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
  }
  return { h: Math.round(h) % 360, s: Math.round(s * 100), l: Math.round(l * 100) };
}

export const formatHsl = ({ h, s, l }: Hsl): string => `hsl(${h}, ${s}%, ${l}%)`;

/** The ten palette swatches (stored as nineColorPallet); null for an invalid hex. */
export function generatePalette(primaryHex: string): string[] | null {
  const base = hexToHsl(primaryHex);
  if (!base) return null;
  return PALETTE_LIGHTNESS_STEPS.map((l) => formatHsl({ h: base.h, s: base.s, l }));
}

/** Normalises to lowercase `#rrggbb`; null when not a 6-digit hex. */
export function normalizeHex6(hex: string): string | null {
  return isValidHex6(hex) ? `#${hex.trim().replace('#', '').toLowerCase()}` : null;
}

/** `#rrggbb` of an HSL colour (h in degrees, s and l in percent). */
export function hslToHex({ h, s, l }: Hsl): string {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)].map((x) => Math.round(x * 255).toString(16).padStart(2, '0')).join('')}`;
}

/** `#rrggbb` of a swatch written as "hsl(H, S%, L%)" or "H S% L%"; null when it is not one. */
export function hslStringToHex(value: string): string | null {
  const m = /(\d+(?:\.\d+)?)\s*,?\s*(\d+(?:\.\d+)?)%\s*,?\s*(\d+(?:\.\d+)?)%/.exec(value);
  return m ? hslToHex({ h: Number(m[1]), s: Number(m[2]), l: Number(m[3]) }) : null;
}
