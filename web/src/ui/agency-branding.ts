// An agency's look, computed once for both places that show it: the agency page's live preview and the whole
// SPA on an agency host. Colours come from the stored palette (primary + ten swatches), the font from its name;
// themeColorUsage decides where the colour goes (plain: buttons only, colorful: header and navigation,
// gradient: gradients), themeVariant how surfaces look (default: shadow, bordered: border, faded: tinted,
// flat: nothing).
import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { DEFAULT_GOOGLE_FONT, generatePalette, googleFontCssUrl, hslStringToHex, isInheritFont, readCustomTheme, type agencyApi } from '@parley/core';
import { accessibleComponents } from './theme';

/** The branding fields the look needs (the public branding, or the owner's local draft). */
export type BrandingLook = Partial<Pick<agencyApi.PublicBranding,
  'name' | 'squarePhotoURL' | 'darkModeSquarePhotourl' | 'faviconURL' | 'brandingText' | 'googleFont' | 'themeColorUsage' | 'themeVariant' |
  'customThemeJSONString' | 'secondaryColorHex' | 'customCSS' | 'mainWebsite' | 'tosPage' | 'privacyPolicypPage' | 'address' | 'showPoweredBy'>>;

/** A neutral blue when the agency has not picked colours (never the platform's own). */
export const NEUTRAL_PRIMARY = '#228be6';

/** Ten hex shades, lightest first. */
export function brandingPalette(look: BrandingLook): string[] {
  const custom = readCustomTheme(look.customThemeJSONString ?? '');
  const shades = (custom?.nineColorPallet ?? []).map((c) => hslStringToHex(c) ?? (/^#[0-9a-f]{6}$/i.test(c) ? c : null));
  if (shades.length === 10 && shades.every(Boolean)) return shades as string[];
  return (generatePalette(custom?.primary ?? NEUTRAL_PRIMARY) ?? generatePalette(NEUTRAL_PRIMARY)!).map((c) => hslStringToHex(c)!);
}

export const brandingFont = (look: BrandingLook): string => (look.googleFont ?? '').trim() || DEFAULT_GOOGLE_FONT;

export function brandingFontFamily(look: BrandingLook): string {
  const font = brandingFont(look);
  return isInheritFont(font) ? 'inherit' : `"${font.replace(/["\\]/g, '')}", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
}

/** The fonts service stylesheet (400/500/700), or null for `inherit`. */
export const brandingFontHref = (look: BrandingLook): string | null => (isInheritFont(brandingFont(look)) ? null : googleFontCssUrl(brandingFont(look)));

/** Variables and the usage/variant rules, for everything under `scope` (':root' on an agency host). */
export function brandingCss(look: BrandingLook, scope: string): string {
  const p = brandingPalette(look);
  const secondary = /^#[0-9a-f]{6}$/i.test(look.secondaryColorHex ?? '') ? look.secondaryColorHex! : p[8]!;
  const usage = look.themeColorUsage ?? 'plain';
  const variant = look.themeVariant ?? 'default';
  const s = scope;
  const vars = `${s}{${p.map((c, i) => `--agency-${i}:${c};`).join('')}--agency-primary:${p[5]};--agency-secondary:${secondary};--agency-font:${brandingFontFamily(look)};}`;
  const header = {
    plain: `${s} .agency-header{background:var(--mantine-color-body);color:var(--mantine-color-text);border-bottom:1px solid var(--mantine-color-default-border)}`,
    colorful: `${s} .agency-header,${s} .agency-nav{background:var(--agency-6);color:#fff}${s} .agency-nav .agency-nav-item{color:#fff}`,
    gradient: `${s} .agency-header{background:linear-gradient(90deg,var(--agency-6),var(--agency-secondary));color:#fff}${s} .agency-button{background:linear-gradient(90deg,var(--agency-6),var(--agency-secondary))!important;border:0}`,
  }[usage];
  const surface = {
    default: `${s} .agency-card{background:var(--mantine-color-body);box-shadow:0 1px 3px rgba(0,0,0,.12);border-radius:8px;border:0}`,
    bordered: `${s} .agency-card{background:var(--mantine-color-body);border:1px solid var(--agency-3);box-shadow:none;border-radius:8px}`,
    faded: `${s} .agency-card{background:var(--agency-0);border:0;box-shadow:none;border-radius:12px}`,
    flat: `${s} .agency-card{background:transparent;border:0;box-shadow:none;border-radius:0}`,
  }[variant];
  return `${vars}${s} .agency-font{font-family:var(--agency-font)}${header}${surface}`;
}

/** The Mantine theme of an agency host: its palette as the primary colour, its font, and the variant's surfaces. */
export function agencyMantineTheme(look: BrandingLook): MantineThemeOverride {
  const variant = look.themeVariant ?? 'default';
  const usage = look.themeColorUsage ?? 'plain';
  const surface = {
    default: { withBorder: false, shadow: 'sm', radius: 'md' },
    bordered: { withBorder: true, shadow: undefined, radius: 'md' },
    faded: { withBorder: false, shadow: undefined, radius: 'lg', bg: 'var(--agency-0)' },
    flat: { withBorder: false, shadow: undefined, radius: 0 },
  }[variant];
  return createTheme({
    respectReducedMotion: true,
    primaryColor: 'agency',
    colors: { agency: brandingPalette(look) as unknown as MantineColorsTuple },
    fontFamily: brandingFontFamily(look),
    headings: { fontFamily: brandingFontFamily(look) },
    defaultRadius: variant === 'flat' ? 0 : 'md',
    defaultGradient: { from: 'agency.6', to: look.secondaryColorHex || 'agency.9', deg: 90 },
    components: {
      ...accessibleComponents,
      Card: { defaultProps: surface },
      Paper: { defaultProps: surface },
      Button: { defaultProps: { variant: usage === 'gradient' ? 'gradient' : variant === 'faded' ? 'light' : 'filled' } },
    },
  });
}
