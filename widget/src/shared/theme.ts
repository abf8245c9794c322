// The agent's theme as colours: named themes ("blue-dark") or a custom theme (customThemeJSONString).

export interface ThemeColors {
  primary: string;
  /** Text on the primary colour. */
  onPrimary: string;
  dark: boolean;
}

export const THEME_PRIMARIES: Record<string, string> = {
  blue: '#2563eb', green: '#16a34a', purple: '#7c3aed', red: '#dc2626', orange: '#ea580c', pink: '#db2777',
  teal: '#0d9488', yellow: '#ca8a04', black: '#111827', gray: '#4b5563', indigo: '#4f46e5',
};

const HEX6 = /^#[0-9a-fA-F]{6}$/;

/** Readable text colour for a background (YIQ contrast). */
export function contrastText(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const yiq = (((n >> 16) & 255) * 299 + ((n >> 8) & 255) * 587 + (n & 255) * 114) / 1000;
  return yiq >= 150 ? '#111827' : '#ffffff';
}

export function themeColors(agent: { theme?: unknown; customThemeJSONString?: unknown }): ThemeColors {
  const theme = typeof agent.theme === 'string' ? agent.theme : 'blue-light';
  const [name = 'blue', mode = 'light'] = theme.split('-');
  let primary = THEME_PRIMARIES[name] ?? THEME_PRIMARIES.blue!;
  let dark = mode === 'dark';
  if (name === 'custom' && typeof agent.customThemeJSONString === 'string') {
    try {
      const custom = JSON.parse(agent.customThemeJSONString) as { primary?: unknown; themeType?: unknown };
      // Palette colours apply only when the hex has 6 digits.
      if (typeof custom.primary === 'string' && HEX6.test(custom.primary)) primary = custom.primary;
      if (custom.themeType === 'dark' || custom.themeType === 'light') dark = custom.themeType === 'dark';
    } catch {
      /* a broken custom theme falls back to the default colours */
    }
  }
  return { primary, onPrimary: contrastText(primary), dark };
}
