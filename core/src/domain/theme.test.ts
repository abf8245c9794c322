import { describe, expect, it } from 'vitest';
import { customThemeSchema } from '../schemas/theme';
import { generatePalette, hslStringToHex } from './palette';
import { defaultCustomTheme, publicCustomThemeJSON, readCustomTheme, themeColors, withPrimary, withSwatch } from './theme';

const pallet = generatePalette('#1e40af')!;

describe('reading a stored custom theme', () => {
  it('reads the stored theme, with the light/dark type it names or the one given', () => {
    const json = JSON.stringify({ themeType: 'dark', primary: '#1e40af', nineColorPallet: pallet, ownerID: 'u1' });
    // Only the colours are read: an owner id stored in the JSON by older editors is not part of the theme.
    expect(readCustomTheme(json)).toEqual({ themeType: 'dark', primary: '#1e40af', nineColorPallet: pallet });
    expect(readCustomTheme(JSON.stringify({ primary: '#1e40af', nineColorPallet: pallet }))?.themeType).toBe('light');
    expect(readCustomTheme(JSON.stringify({ primary: '#1e40af', nineColorPallet: pallet }), 'dark')?.themeType).toBe('dark');
  });

  it('publishes the colours only, written anew (no owner id or any other stored key), keeping a missing type missing', () => {
    const stored = JSON.stringify({ themeType: 'dark', primary: '#1e40af', nineColorPallet: pallet, ownerID: 'u1', agencyId: 'ag1' });
    expect(JSON.parse(publicCustomThemeJSON(stored)!)).toEqual({ themeType: 'dark', primary: '#1e40af', nineColorPallet: pallet });
    expect(JSON.parse(publicCustomThemeJSON(JSON.stringify({ primary: '#1e40af', ownerID: 'u1' }))!)).toEqual({ primary: '#1e40af', nineColorPallet: pallet });
    expect(publicCustomThemeJSON('{"ownerID":"u1"}')).toBeUndefined();
    expect(publicCustomThemeJSON(undefined)).toBeUndefined();
  });

  it('gives a theme without a palette the one its primary colour makes', () => {
    expect(readCustomTheme(JSON.stringify({ primary: '#1e40af' }))?.nineColorPallet).toEqual(pallet);
  });

  it.each([['not json'], [''], [JSON.stringify([1, 2])], [JSON.stringify({ nineColorPallet: pallet })], [undefined], [42]])('is null for %j', (json) => {
    expect(readCustomTheme(json)).toBeNull();
  });
});

describe('editing a custom theme', () => {
  it('applies a new primary colour (and its palette) only when it is a 6-digit hex', () => {
    const theme = defaultCustomTheme('light');
    expect(withPrimary(theme, '#1E40AF')).toEqual({ ...theme, primary: '#1e40af', nineColorPallet: pallet });
    expect(withPrimary(theme, '#fff')).toBe(theme);
    expect(withPrimary(theme, 'blue')).toBe(theme);
  });

  it('sets one swatch from a 6-digit hex and leaves the rest', () => {
    const theme = defaultCustomTheme('dark', '#1e40af');
    const next = withSwatch(theme, 2, '#ff0000');
    expect(next.nineColorPallet[2]).toBe('hsl(0, 100%, 50%)');
    expect(hslStringToHex(next.nineColorPallet[2]!)).toBe('#ff0000');
    expect(next.nineColorPallet.filter((_, i) => i !== 2)).toEqual(theme.nineColorPallet.filter((_, i) => i !== 2));
    expect(withSwatch(theme, 2, '#f00')).toBe(theme);
    expect(withSwatch(theme, 10, '#ff0000')).toBe(theme);
  });

  it('writes what the stored-theme schema accepts', () => {
    expect(customThemeSchema.safeParse(withPrimary(defaultCustomTheme('dark'), '#0f766e')).success).toBe(true);
  });
});

describe('the widget colours of an agent', () => {
  it('uses the named theme, or the default blue for an unknown one', () => {
    expect(themeColors({ theme: 'purple-dark' })).toEqual({ primary: '#7c3aed', onPrimary: '#ffffff', dark: true });
    expect(themeColors({})).toEqual({ primary: '#2563eb', onPrimary: '#ffffff', dark: false });
    expect(themeColors({ theme: 'mauve-light' }).primary).toBe('#2563eb');
  });

  it("uses a custom theme's primary only when it is a 6-digit hex, and its own light/dark type", () => {
    expect(themeColors({ theme: 'custom-light', customThemeJSONString: JSON.stringify({ primary: '#ffcc00', themeType: 'dark' }) })).toEqual({
      primary: '#ffcc00', onPrimary: '#111827', dark: true,
    });
    expect(themeColors({ theme: 'custom-light', customThemeJSONString: JSON.stringify({ primary: '#fc0' }) }).primary).toBe('#2563eb');
    expect(themeColors({ theme: 'custom-dark', customThemeJSONString: '{broken' }).dark).toBe(true);
    expect(themeColors({ theme: 'custom-dark', customThemeJSONString: JSON.stringify({ primary: '#ffcc00' }) }).dark).toBe(true);
  });
});
