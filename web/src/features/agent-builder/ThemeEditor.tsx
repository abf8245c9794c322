// Theme tab: preset or custom (light/dark with palette) theme, font, images, scroll animation, branding, custom CSS.
import { Card, Group, Loader, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { updateAgentDraft } from '../../lib/agent-draft';
import type { AgentDoc } from '../../lib/agents-data';
import { CUSTOM_THEME_NAME, DEFAULT_THEME, defaultCustomTheme, insertCss, readCustomTheme, THEME_PRIMARIES, THEME_TYPES, themeParts, type CustomThemeValue, type Region } from '@parley/core';
import { AiCssAssistant } from './AiCssAssistant';
import { ImageUpload } from './ImageUpload';
import { PaletteEditor } from './PaletteEditor';

// CodeMirror is large: load it only when the Theme tab shows the editor.
const CssCodeEditor = lazy(() => import('./CssCodeEditor').then((m) => ({ default: m.CssCodeEditor })));

const capitalised = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;
/** Every named theme in light and dark, then the custom theme. */
export const THEME_OPTIONS = [...Object.keys(THEME_PRIMARIES), CUSTOM_THEME_NAME].flatMap((name) =>
  THEME_TYPES.map((type) => ({ value: `${name}-${type}`, label: `${capitalised(name)} (${type})` })),
);
export const FONT_OPTIONS = ['inherit', 'Rubik', 'Inter', 'Roboto', 'Poppins', 'Open Sans', 'Lato', 'Montserrat', 'Georgia', 'system-ui'];

export function ThemeEditor({ agent, region, userId }: { agent: AgentDoc; region: Region; userId: string }) {
  const set = (patch: Partial<AgentDoc>) => updateAgentDraft(agent.ID, (d) => ({ ...d, ...patch }));
  const theme = typeof agent.theme === 'string' ? agent.theme : DEFAULT_THEME;
  const { name, type: themeType } = themeParts(theme);
  const isCustom = name === CUSTOM_THEME_NAME;
  const custom: CustomThemeValue = readCustomTheme(agent.customThemeJSONString, themeType) ?? defaultCustomTheme(themeType);
  const setCustom = (next: CustomThemeValue) => set({ customThemeJSONString: JSON.stringify({ ...next, themeType }) });
  const image = (key: 'avatarImageUrl' | 'headerImageUrl' | 'roundedImageURL' | 'chatBgURL', label: string, folder: string, maxSizeMB = 1) => (
    <ImageUpload label={label} value={agent[key] as string | undefined} onChange={(url) => set({ [key]: url })} agentId={agent.ID} userId={userId} folder={folder} maxSizeMB={maxSizeMB} />
  );

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Colours
          </Title>
          <Select
            label="Widget theme"
            data={THEME_OPTIONS}
            value={theme}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              const patch: Partial<AgentDoc> = { theme: value };
              const next = themeParts(value);
              if (next.name === CUSTOM_THEME_NAME) {
                const stored = readCustomTheme(agent.customThemeJSONString, next.type) ?? defaultCustomTheme(next.type);
                patch.customThemeJSONString = JSON.stringify({ ...stored, themeType: next.type });
              }
              set(patch);
            }}
          />
          {isCustom && <PaletteEditor theme={custom} onChange={setCustom} />}
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Font and behaviour
          </Title>
          <Select label="Font" data={FONT_OPTIONS} value={String(agent.fontFamily ?? 'inherit')} allowDeselect={false} onChange={(v) => v && set({ fontFamily: v })} />
          <Switch label="Scroll animation" checked={agent.scrollAnimation !== false} onChange={(e) => set({ scrollAnimation: e.currentTarget.checked })} />
          <Switch label="Show branding" checked={agent.branding !== false} onChange={(e) => set({ branding: e.currentTarget.checked })} />
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Images
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {image('avatarImageUrl', 'Avatar', 'avatars')}
            {image('roundedImageURL', 'Rounded launcher image', 'launcher')}
            {image('headerImageUrl', 'Header image', 'headers', 2)}
            {image('chatBgURL', 'Chat background', 'backgrounds', 2)}
          </SimpleGrid>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h5">
              Custom CSS
            </Title>
            <AiCssAssistant
              agentId={agent.ID}
              region={region}
              userId={userId}
              currentCSS={String(agent.ADVANCED_customCSS ?? '')}
              onInsert={(css) => updateAgentDraft(agent.ID, (d) => ({ ...d, ADVANCED_customCSS: insertCss(String(d.ADVANCED_customCSS ?? ''), css) }))}
            />
          </Group>
          <Text size="sm" c="dimmed">
            Styles added to the chat widget. Classes: .head, .msg, .user .msg, .assistant .msg, .send, .brand.
          </Text>
          <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the code editor" />}>
            <CssCodeEditor value={String(agent.ADVANCED_customCSS ?? '')} onChange={(v) => set({ ADVANCED_customCSS: v })} />
          </Suspense>
        </Stack>
      </Card>
    </Stack>
  );
}
