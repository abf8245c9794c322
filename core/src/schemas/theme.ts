import { z } from 'zod';
import { PALETTE_SWATCH_COUNT, THEME_TYPES } from '../constants/agent';

/** "H S% L%" or "hsl(H, S%, L%)" – we write the `hsl(...)` form. */
export const hslStringSchema = z
  .string()
  .regex(/^(hsl\()?\s*\d{1,3}(\.\d+)?\s*,?\s*\d{1,3}(\.\d+)?%\s*,?\s*\d{1,3}(\.\d+)?%\s*\)?$/, 'Invalid HSL colour');
export const hex6Schema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Invalid hex colour');

/** Custom theme, stored on agents and agencies as customThemeJSONString (JSON text). */
export const customThemeSchema = z.object({
  themeType: z.enum(THEME_TYPES).default('light'),
  primary: hex6Schema,
  // The name says nine, the palette has ten swatches (lightness 95, 90 ... 10).
  nineColorPallet: z.array(hslStringSchema).length(PALETTE_SWATCH_COUNT),
});
export const storedCustomThemeSchema = customThemeSchema.loose();
export type CustomTheme = z.infer<typeof customThemeSchema>;
// Reading a stored customThemeJSONString (leniently, for the editor and the widget): readCustomTheme in domain/theme.

