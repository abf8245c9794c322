import { describe, expect, it } from 'vitest';
import { customThemeSchema } from '../schemas/theme';
import { generatePalette, hexToHsl, isValidHex6, normalizeHex6 } from './palette';

describe('hex validation', () => {
  it.each([
    ['#1e40af', true],
    ['1E40AF', true],
    ['#fff', false],
    ['#1e40af0', false],
    ['#1e40ag', false],
    ['', false],
  ])('%j → %j', (hex, ok) => {
    expect(isValidHex6(hex)).toBe(ok);
  });
  it('normalises to lowercase with #', () => {
    expect(normalizeHex6('1E40AF')).toBe('#1e40af');
    expect(normalizeHex6('#abc')).toBeNull();
  });
});

describe('hexToHsl', () => {
  it.each([
    ['#ff0000', { h: 0, s: 100, l: 50 }],
    ['#00ff00', { h: 120, s: 100, l: 50 }],
    ['#0000ff', { h: 240, s: 100, l: 50 }],
    ['#ffffff', { h: 0, s: 0, l: 100 }],
    ['#000000', { h: 0, s: 0, l: 0 }],
    ['#808080', { h: 0, s: 0, l: 50 }],
  ])('%s', (hex, hsl) => {
    expect(hexToHsl(hex)).toEqual(hsl);
  });
});

describe('generatePalette', () => {
  it('gives ten swatches of the primary hue at lightness 95, 90 ... 10', () => {
    const palette = generatePalette('#0000ff');
    expect(palette).toEqual([
      'hsl(240, 100%, 95%)', 'hsl(240, 100%, 90%)', 'hsl(240, 100%, 80%)', 'hsl(240, 100%, 70%)', 'hsl(240, 100%, 60%)',
      'hsl(240, 100%, 50%)', 'hsl(240, 100%, 40%)', 'hsl(240, 100%, 30%)', 'hsl(240, 100%, 20%)', 'hsl(240, 100%, 10%)',
    ]);
  });
  it('returns null for anything but a 6-digit hex', () => {
    expect(generatePalette('#00f')).toBeNull();
  });
  it('produces a palette the custom theme schema accepts', () => {
    const nineColorPallet = generatePalette('#1e40af')!;
    expect(customThemeSchema.safeParse({ primary: '#1e40af', nineColorPallet }).success).toBe(true);
  });
});
