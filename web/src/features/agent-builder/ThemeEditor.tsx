// Theme tab: preset or custom (light/dark with palette) theme, font, images, scroll animation, branding, custom CSS.
import { Card, Group, Loader, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { updateAgentDraft } from '../../lib/agent-draft';
import type { AgentDoc } from '../../lib/agents-data';
import { AiCssAssistant } from './AiCssAssistant';
import { insertCss } from '@parley/core';
import { ImageUpload } from './ImageUpload';
import { defaultCustomTheme, parseCustomTheme, type CustomThemeValue } from './palette';
import { PaletteEditor } from './PaletteEditor';

// CodeMirror is large: load it only when the Theme tab shows the editor.
const CssCodeEditor = lazy(() => import('./CssCodeEditor').then((m) => ({ default: m.CssCodeEditor })));

const COLOURS = ['blue', 'green', 'purple', 'red', 'orange', 'pink', 'teal', 'yellow', 'indigo', 'gray', 'black'];
export const THEME_OPTIONS = [
  ...COLOURS.flatMap((c) => ['light', 'dark'].map((m) => ({ value: `${c}-${m}`, label: `${c[0]!.toUpperCase()}${c.slice(1)} (${m})` }))),
  { value: 'custom-light', label: 'Custom (light)' },
  { value: 'custom-dark', label: 'Custom (dark)' },
];
export const FONT_OPTIONS = ['inherit', 'Rubik', 'Inter', 'Roboto', 'Poppins', 'Open Sans', 'Lato', 'Montserrat', 'Georgia', 'system-ui'];

export function ThemeEditor({ agent, region, userId }: { agent: AgentDoc; region: string; userId: string }) {
  const set = (patch: Partial<AgentDoc>) => updateAgentDraft(agent.ID, (d) => ({ ...d, ...patch }));
  const theme = typeof agent.theme === 'string' ? agent.theme : 'blue-light';
  const isCustom = theme.startsWith('custom-');
  const themeType = theme === 'custom-dark' ? 'dark' : 'light';
  const custom: CustomThemeValue = parseCustomTheme(agent.customThemeJSONString) ?? defaultCustomTheme(themeType);
  const setCustom = (next: CustomThemeValue) => set({ customThemeJSONString: JSON.stringify({ ...next, themeType, ownerID: agent.ownerID }) });
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
              if (value.startsWith('custom-')) {
                const type = value === 'custom-dark' ? 'dark' : 'light';
                patch.customThemeJSONString = JSON.stringify({ ...(parseCustomTheme(agent.customThemeJSONString) ?? defaultCustomTheme(type)), themeType: type, ownerID: agent.ownerID });
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
          <Suspense fallback={<Loader size="sm" aria-label="Loading the code editor" />}>
            <CssCodeEditor value={String(agent.ADVANCED_customCSS ?? '')} onChange={(v) => set({ ADVANCED_customCSS: v })} />
          </Suspense>
        </Stack>
      </Card>
    </Stack>
  );
}
