// Theme: the Google font (checked by the fonts service; `inherit` always passes), where the colour goes
// (themeColorUsage), the surfaces' style (themeVariant), the primary colour and its ten shades (the shared
// palette editor), and custom CSS (no AI assistant here).
import { Input, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_GOOGLE_FONT, defaultCustomTheme, readCustomTheme, THEME_COLOR_USAGES, THEME_VARIANTS } from '@parley/core';
import { Suspense, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { NEUTRAL_PRIMARY } from '../../ui/agency-branding';
import { checkAgencyFont, type AgencyRecord } from './agency-api';
import { AGENCY_CSS_CLASSES } from './BrandPreview';
import type { SharedEditors } from './editor-types';

const CSS_HINT = `Applied to every page of your clients' dashboard and shown in the preview. Classes you can target: ${AGENCY_CSS_CLASSES.map((c) => `.${c}`).join(', ')}.`;

const label = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

export function ThemeTab({ draft, update, editors, fontError, setFontError }: {
  draft: AgencyRecord;
  update: (p: Partial<AgencyRecord>) => void;
  editors: SharedEditors;
  fontError: string | null;
  setFontError: (e: string | null) => void;
}) {
  const [checking, setChecking] = useState(false);
  const theme = readCustomTheme(draft.customThemeJSONString ?? '') ?? defaultCustomTheme('light', NEUTRAL_PRIMARY);
  const { PaletteEditor, CssEditor } = editors;

  async function checkFont() {
    const font = draft.googleFont.trim();
    if (!font) return setFontError(null);
    setChecking(true);
    try {
      const answer = await checkAgencyFont(font);
      setFontError(answer.valid ? null : (answer.message ?? 'This font name is not a valid one, please double check font name.'));
    } catch (error) {
      setFontError(errorMessage(error));
    } finally {
      setChecking(false);
    }
  }

  return (
    <Stack gap="md">
      <TextInput
        label="Google font"
        description={`Any Google Fonts family name (default ${DEFAULT_GOOGLE_FONT}); "inherit" keeps the browser's font.`}
        value={draft.googleFont}
        error={fontError ?? undefined}
        rightSection={checking ? <Text size="xs">…</Text> : null}
        onChange={(e) => {
          update({ googleFont: e.currentTarget.value });
          setFontError(null);
        }}
        onBlur={() => void checkFont()}
      />
      <Input.Wrapper label="Theme color usage">
        <SegmentedControl fullWidth aria-label="Theme color usage" value={draft.themeColorUsage} data={THEME_COLOR_USAGES.map((v) => ({ value: v, label: label(v) }))}
          onChange={(v) => update({ themeColorUsage: v as AgencyRecord['themeColorUsage'] })} />
      </Input.Wrapper>
      <Input.Wrapper label="Theme variant">
        <SegmentedControl fullWidth aria-label="Theme variant" value={draft.themeVariant} data={THEME_VARIANTS.map((v) => ({ value: v, label: label(v) }))}
          onChange={(v) => update({ themeVariant: v as AgencyRecord['themeVariant'] })} />
      </Input.Wrapper>
      <Input.Wrapper label="Theme colours">
        <PaletteEditor theme={theme} onChange={(next) => update({ customThemeJSONString: JSON.stringify({ themeType: next.themeType, primary: next.primary, nineColorPallet: next.nineColorPallet }) })} />
      </Input.Wrapper>
      <TextInput label="Secondary colour (gradients)" placeholder="#7048e8" value={draft.secondaryColorHex ?? ''} maxLength={7}
        onChange={(e) => update({ secondaryColorHex: e.currentTarget.value.trim() })} />
      <Input.Wrapper label="Custom CSS" description={CSS_HINT}>
        <Suspense fallback={<Text size="sm">Loading editor…</Text>}>
          <CssEditor value={draft.customCSS ?? ''} onChange={(v) => update({ customCSS: v })} height="260px" />
        </Suspense>
      </Input.Wrapper>
    </Stack>
  );
}
